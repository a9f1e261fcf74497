#include "models/core/pipe_unit.hpp"

#include "models/systemc/simulation_time.hpp"
#include "syncsim/fault.hpp"

namespace syncsim {

PipeUnit::PipeUnit(sc_core::sc_module_name name, FaultHandler on_fault)
    : sc_module(name), m_on_fault(std::move(on_fault)) {
    SC_HAS_PROCESS(PipeUnit);
    SC_THREAD(run);
}

void PipeUnit::issue(Op op) {
    m_queue.push_back(std::move(op));
    if (!m_busy) m_work.notify(sc_core::SC_ZERO_TIME);
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
