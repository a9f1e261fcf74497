#include "models/runtime/stream.hpp"

#include "models/systemc/simulation_time.hpp"

#include <stdexcept>

namespace syncsim {

const char* to_string(StreamState s) {
    static const char* const names[] = {"idle", "running", "waiting", "failed"};
    return names[static_cast<int>(s)];
}

Stream::Stream(int id, std::size_t task_limit, StreamTraceSink* tracer)
    : m_id(id), m_task_limit(task_limit), m_tracer(tracer) {
    sc_core::sc_spawn_options options;
    sc_core::sc_spawn([this] { run(); }, ("stream" + std::to_string(id)).c_str(), &options);
}

void Stream::set_state(StreamState s) {
    if (s == m_state) return;
    m_state = s;
    if (m_tracer) m_tracer->stream_state(*this, s);
}

void Stream::enqueue(Task task) {
    if (full()) throw std::logic_error("a task submitted to a full stream");
    m_queue.push_back(std::move(task));
    if (!m_running) m_work.notify(sc_core::SC_ZERO_TIME);
}

void Stream::run() {
    for (;;) {
        while (m_queue.empty()) wait_on(m_work);
        m_running = true;
        Task task = std::move(m_queue.front());
        m_queue.pop_front();
        if (m_error != 0) {
            ++m_skipped; // a failed stream runs nothing more
        } else {
            m_current = task.what;
            set_state(StreamState::Running);
            const sc_core::sc_time started = sc_core::sc_time_stamp();
            task.run();
            m_last = m_current;
            m_last_started = started;
            m_last_ended = sc_core::sc_time_stamp();
            ++m_completed;
            set_state(m_error != 0 ? StreamState::Failed : StreamState::Idle);
            m_current.clear();
        }
        // Its slot is free once the task has ended (a submitter may wait).
        const bool was_full = full();
        m_running = false;
        if (was_full) m_space.notify(sc_core::SC_ZERO_TIME);
        if (m_queue.empty()) m_idle.notify(sc_core::SC_ZERO_TIME);
    }
}

void Stream::begin_wait(std::function<std::string()> describe, std::string object) {
    m_describe = std::move(describe);
    m_waiting_object = std::move(object);
    set_state(StreamState::Waiting);
}

void Stream::end_wait() {
    m_describe = nullptr;
    m_waiting_object.clear();
    set_state(StreamState::Running);
}

const Stream::Task* Stream::queued_signal(const std::string& object) const {
    for (const Task& t : m_queue)
        if (t.signals == object) return &t;
    return nullptr;
}

void Stream::report_error(int code, std::string message) {
    if (m_error != 0) return;
    m_error = code;
    m_error_message = std::move(message);
}

int Stream::take_error(std::string* message) {
    const int code = m_error;
    if (message) *message = m_error_message;
    m_error = 0;
    m_error_message.clear();
    if (m_state == StreamState::Failed) set_state(StreamState::Idle);
    return code;
}

} // namespace syncsim
