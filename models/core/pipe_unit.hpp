// One execution pipe of a core (V, M, MTE1-3, FIX) or its scalar write
// buffer: work issued to it runs in order on its own thread, in parallel with
// the other pipes. The thread starts when work is first issued (a core whose
// kernel never uses a pipe costs no thread for it) and sleeps while the
// queue is empty.
#pragma once

#include <deque>
#include <functional>
#include <string>
#include <systemc>

namespace syncsim {

class PipeUnit : public sc_core::sc_module {
  public:
    struct Op {
        sc_core::sc_time ready_at; // the issuing core's time when it issued the op
        const char* what;
        std::function<void()> body;
    };
    using FaultHandler = std::function<void(const std::string&)>;

    PipeUnit(sc_core::sc_module_name name, FaultHandler on_fault);

    void issue(Op op);
    bool drained() const { return m_queue.empty() && !m_busy; }
    const sc_core::sc_event& drained_event() const { return m_drained; }
    const char* current() const { return m_busy ? m_current : nullptr; }
    std::size_t queued() const { return m_queue.size(); }
    // What the current op is blocked on, if it is blocked (for diagnosis).
    void set_blocked_on(std::string what) { m_blocked_on = std::move(what); }
    const std::string& blocked_on() const { return m_blocked_on; }

  private:
    void start();
    void run();

    FaultHandler m_on_fault;
    std::deque<Op> m_queue;
    bool m_busy = false, m_started = false;
    const char* m_current = nullptr;
    std::string m_blocked_on;
    sc_core::sc_event m_work, m_drained;
};

} // namespace syncsim
