#include "models/runtime/stream.hpp"

#include "models/sim/kernel_time.hpp"

namespace syncsim {

Stream::Stream(int id) : m_id(id) {
    sc_core::sc_spawn_options options;
    sc_core::sc_spawn([this] { run(); }, ("stream" + std::to_string(id)).c_str(), &options);
}

void Stream::enqueue(Task task) {
    m_queue.push_back(std::move(task));
    if (!m_running) m_work.notify(sc_core::SC_ZERO_TIME);
}

void Stream::run() {
    for (;;) {
        while (m_queue.empty()) wait_on(m_work);
        m_running = true;
        Task task = std::move(m_queue.front());
        m_queue.pop_front();
        m_current = task.what;
        task.run();
        m_last = m_current;
        m_current.clear();
        ++m_completed;
        if (m_queue.empty()) {
            m_running = false;
            m_idle.notify(sc_core::SC_ZERO_TIME);
        }
    }
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
    return code;
}

} // namespace syncsim
