// One execution pipe of a core (V, M, MTE1-3, FIX) or its scalar write
// buffer: work issued to it runs in order on its own thread, in parallel with
// the other pipes. The thread starts when work is first issued (a core whose
// kernel never uses a pipe costs no thread for it) and sleeps while the
// queue is empty. It is not an sc_module and makes its events on first use,
// so an unused pipe costs a few hundred bytes (a module with two named
// events cost about 1.3 KiB, seven per core).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim {

class PipeUnit {
  public:
    struct Op {
        sc_core::sc_time ready_at; // the issuing core's time when it issued the op
        const char* what;
        std::function<void()> body;
    };
    using FaultHandler = std::function<void(const std::string&)>;

    // `basename` (a string literal) names it within `owner` ("aiv3.v").
    PipeUnit(const sc_core::sc_object& owner, const char* basename, FaultHandler on_fault);
    PipeUnit(const PipeUnit&) = delete;
    PipeUnit& operator=(const PipeUnit&) = delete;

    void issue(Op op);
    // Ends the thread where it stands and drops what is queued (the
    // op-execute watchdog killed the block); the next issue starts anew.
    void kill();
    bool drained() const { return queued() == 0 && !m_busy; }
    const sc_core::sc_event& drained_event() const;
    std::string name() const;
    const char* current() const { return m_busy ? m_current : nullptr; }
    std::size_t queued() const { return m_queue.size() - m_head; }
    // What the current op is blocked on, if it is blocked (for diagnosis).
    // Described when reported, so the text says how far the other side got.
    void set_blocked_on(std::function<std::string()> describe) {
        m_blocked_on = std::move(describe);
    }
    std::string blocked_on() const { return m_blocked_on ? m_blocked_on() : std::string(); }

  private:
    void start();
    void run();

    const sc_core::sc_object& m_owner;
    const char* m_basename;
    FaultHandler m_on_fault;
    // A FIFO in a vector from m_head: an unused pipe allocates nothing (a
    // deque allocates 600 bytes up front, 4 KiB per core over its pipes).
    std::vector<Op> m_queue;
    std::size_t m_head = 0;
    bool m_busy = false, m_started = false;
    const char* m_current = nullptr;
    std::function<std::string()> m_blocked_on;
    // Made on first use (an event made while the simulation runs is not
    // registered by name).
    std::unique_ptr<sc_core::sc_event> m_work;
    sc_core::sc_process_handle m_thread;
    mutable std::unique_ptr<sc_core::sc_event> m_drained;
};

} // namespace syncsim
