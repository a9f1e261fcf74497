#include "models/core/pipe_unit.hpp"

#include "models/systemc/simulation_time.hpp"
#include "syncsim/fault.hpp"

namespace syncsim {

PipeUnit::PipeUnit(sc_core::sc_module_name name, FaultHandler on_fault)
    : sc_module(name), m_on_fault(std::move(on_fault)) {}

void PipeUnit::issue(Op op) {
    if (!m_started) start();
    m_queue.push_back(std::move(op));
    if (!m_busy) m_work.notify(sc_core::SC_ZERO_TIME);
}

void PipeUnit::start() {
    ThreadBudget::take(name());
    m_started = true;
    sc_core::sc_spawn_options options;
    options.dont_initialize();
    options.set_sensitivity(&m_work);
    sc_core::sc_spawn([this] { run(); }, (std::string(basename()) + "_unit").c_str(), &options);
}

void PipeUnit::run() {
    for (;;) {
        while (m_queue.empty()) wait_on(m_work);
        m_busy = true;
        Op op = std::move(m_queue.front());
        m_queue.pop_front();
        m_current = op.what;
        wait_until(op.ready_at);
        try {
            op.body();
        } catch (const KernelFault& fault) {
            m_on_fault(std::string(op.what) + ": " + fault.what());
        }
        m_current = nullptr;
        m_blocked_on.clear();
        if (m_queue.empty()) {
            m_busy = false;
            m_drained.notify(sc_core::SC_ZERO_TIME);
        }
    }
}

} // namespace syncsim
