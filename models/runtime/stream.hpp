// A stream: an in-order queue of tasks run by its own thread, concurrently
// with every other stream. A task blocks only its own stream. Once a task
// fails, the tasks queued after it are not run until the error is collected
// by a synchronize.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <systemc>

namespace syncsim {

enum class StreamState : std::uint8_t { Idle, Running, Waiting, Failed };
const char* to_string(StreamState s);

class Stream;

class StreamTraceSink {
  public:
    virtual ~StreamTraceSink() = default;
    // The stream's state changed; its current task and what it waits on
    // are set by then (a task's name is what a trace shows).
    virtual void stream_state(const Stream& stream, StreamState state) = 0;
};

class Stream {
  public:
    struct Task {
        std::string what;
        std::function<void()> run;
        // The object it signals when it runs ("CntNotify 3", "Notify 1"), for
        // naming who should have signalled a wait; empty: none.
        std::string signals = {};
    };

    // `task_limit`: the tasks it holds, queued and running, before it is full.
    Stream(int id, std::size_t task_limit, StreamTraceSink* tracer);

    int id() const { return m_id; }
    // Appends a task; the stream must not be full (the submitter waits for
    // space_event() until it is not: the runtime's submission blocks while a
    // stream's queue is full, so a host that submits faster than the device
    // runs holds at most task_limit tasks per stream).
    void enqueue(Task task);
    bool full() const { return m_queue.size() + (m_running ? 1 : 0) >= m_task_limit; }
    std::size_t task_limit() const { return m_task_limit; }
    const sc_core::sc_event& space_event() const { return m_space; }
    bool idle() const { return m_queue.empty() && !m_running; }
    const sc_core::sc_event& idle_event() const { return m_idle; }
    const std::string& current_task() const { return m_current; }
    std::size_t pending() const { return m_queue.size(); }
    std::uint64_t completed() const { return m_completed; }
    std::uint64_t skipped() const { return m_skipped; }
    const std::string& last_task() const { return m_last; }
    // When the last task reached the head of the stream and when it ended:
    // its makespan as the host sees it.
    const sc_core::sc_time& last_started() const { return m_last_started; }
    const sc_core::sc_time& last_ended() const { return m_last_ended; }
    StreamState state() const { return m_state; }

    // A task that blocks says on what, for diagnosis and the trace.
    // Described when asked, so the text says how far the awaited object got.
    // `object`: what it waits on, as a signalling task names it.
    void begin_wait(std::function<std::string()> describe, std::string object = {});
    void end_wait();
    std::string waiting_on() const { return m_describe ? m_describe() : std::string(); }
    const std::string& waiting_object() const { return m_waiting_object; }
    // The first queued task that signals `object` (nullptr: none).
    const Task* queued_signal(const std::string& object) const;

    // The first error a task reported; synchronize returns it once.
    void report_error(int code, std::string message);
    int take_error(std::string* message);

    // On A5 a stream takes one CntNotify id the first time it uses events.
    std::optional<std::uint32_t> event_notify_id;

  private:
    void run();
    void set_state(StreamState s);

    int m_id;
    std::size_t m_task_limit;
    StreamTraceSink* m_tracer;
    std::deque<Task> m_queue;
    bool m_running = false;
    std::string m_current, m_last;
    sc_core::sc_time m_last_started, m_last_ended;
    std::function<std::string()> m_describe;
    std::string m_waiting_object;
    std::uint64_t m_completed = 0, m_skipped = 0;
    int m_error = 0;
    std::string m_error_message;
    StreamState m_state = StreamState::Idle;
    sc_core::sc_event m_work, m_idle, m_space;
};

} // namespace syncsim
