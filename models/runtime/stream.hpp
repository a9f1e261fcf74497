// A stream: an in-order queue of tasks run by its own thread, concurrently
// with every other stream. A task blocks only its own stream.
#pragma once

#include <deque>
#include <functional>
#include <string>
#include <systemc>

namespace syncsim {

class Stream {
  public:
    struct Task {
        std::string what;
        std::function<void()> run;
    };

    explicit Stream(int id);

    int id() const { return m_id; }
    void enqueue(Task task);
    bool idle() const { return m_queue.empty() && !m_running; }
    const sc_core::sc_event& idle_event() const { return m_idle; }
    const std::string& current_task() const { return m_current; }
    std::size_t pending() const { return m_queue.size(); }
    std::uint64_t completed() const { return m_completed; }
    const std::string& last_task() const { return m_last; }

    // The first error a task reported; synchronize returns it once.
    void report_error(int code, std::string message);
    int take_error(std::string* message);

  private:
    void run();

    int m_id;
    std::deque<Task> m_queue;
    bool m_running = false;
    std::string m_current, m_last;
    std::uint64_t m_completed = 0;
    int m_error = 0;
    std::string m_error_message;
    sc_core::sc_event m_work, m_idle;
};

} // namespace syncsim
