#include "models/core/pipe_unit.hpp"

#include "models/systemc/simulation_time.hpp"
#include "syncsim/fault.hpp"

namespace syncsim {

PipeUnit::PipeUnit(const sc_core::sc_object& owner, const char* basename, FaultHandler on_fault)
    : m_owner(owner), m_basename(basename), m_on_fault(std::move(on_fault)) {}

std::string PipeUnit::name() const {
    return std::string(m_owner.basename()) + "." + m_basename;
}

const sc_core::sc_event& PipeUnit::drained_event() const {
    if (!m_drained) m_drained = std::make_unique<sc_core::sc_event>();
    return *m_drained;
}

void PipeUnit::issue(Op op) {
    if (!m_started) start();
    m_queue.push_back(std::move(op));
    if (!m_busy) m_work->notify(sc_core::SC_ZERO_TIME);
}

void PipeUnit::start() {
    ThreadBudget::take(name());
    m_started = true;
    m_work = std::make_unique<sc_core::sc_event>();
    sc_core::sc_spawn_options options;
    options.dont_initialize();
    options.set_sensitivity(m_work.get());
    m_thread =
        sc_core::sc_spawn([this] { run(); }, (std::string(m_basename) + "_unit").c_str(), &options);
}

void PipeUnit::kill() {
    if (m_thread.valid() && !m_thread.terminated()) m_thread.kill();
    m_started = false;
    m_queue.clear();
    m_head = 0;
    m_busy = false;
    m_current = nullptr;
    m_blocked_on = nullptr;
}

void PipeUnit::run() {
    for (;;) {
        while (queued() == 0) wait_on(*m_work);
        m_busy = true;
        Op op = std::move(m_queue[m_head++]);
        if (m_head == m_queue.size()) { // drained: reuse the storage from its start
            m_queue.clear();
            m_head = 0;
        } else if (m_head >= 64 && m_head * 2 >= m_queue.size()) {
            m_queue.erase(m_queue.begin(), m_queue.begin() + static_cast<std::ptrdiff_t>(m_head));
            m_head = 0;
        }
        m_current = op.what;
        wait_until(op.ready_at);
        try {
            op.body();
        } catch (const KernelFault& fault) {
            m_on_fault(std::string(op.what) + ": " + fault.what());
        }
        m_current = nullptr;
        m_blocked_on = nullptr;
        if (queued() == 0) {
            m_busy = false;
            if (m_drained) m_drained->notify(sc_core::SC_ZERO_TIME);
        }
    }
}

} // namespace syncsim
