#include "models/runtime/host_streams.hpp"

#include "models/systemc/simulation_time.hpp"

namespace syncsim {

StreamId HostStreams::create() {
    m_streams.push_back(
        std::make_unique<Stream>(static_cast<int>(m_streams.size()), m_task_limit, m_tracer));
    return static_cast<StreamId>(m_streams.size() - 1);
}

Stream& HostStreams::get(StreamId id) {
    if (id < 0 || static_cast<std::size_t>(id) >= m_streams.size())
        throw HostError("stream " + std::to_string(id) + " was never created");
    return *m_streams[id];
}

Stream* HostStreams::of(aclrtStream handle) {
    if (!handle) return m_streams.front().get(); // nullptr: the default stream
    for (auto& s : m_streams)
        if (s.get() == handle) return s.get();
    return nullptr;
}

void HostStreams::submit(Stream& s, Stream::Task task) {
    if (s.full()) {
        m_waiting_stream = s.id();
        m_waiting_on = "submitting " + task.what + " to stream " + std::to_string(s.id()) +
                       ": its task queue is full (" + std::to_string(s.task_limit()) +
                       " tasks, scheduler.stream_task_limit)";
        while (s.full()) wait_on(s.space_event());
        m_waiting_on.clear();
        m_waiting_stream = -1;
    }
    if (RaceDetector* races = this->races()) {
        const Release submitted = races->release(m_host_agent);
        task.run = [races, id = s.id(), submitted, run = std::move(task.run)] {
            if (races->active()) races->join_into(RaceDetector::stream_key(id), submitted);
            run();
        };
    }
    s.enqueue(std::move(task));
}

int HostStreams::synchronize(StreamId id) {
    Stream& s = get(id);
    if (!s.idle()) {
        m_waiting_stream = id;
        m_waiting_on = "aclrtSynchronizeStream(stream " + std::to_string(id) + ")";
        while (!s.idle()) wait_on(s.idle_event());
        m_waiting_on.clear();
        m_waiting_stream = -1;
    }
    return collect_error(s);
}

int HostStreams::synchronize(aclrtStream handle, std::int32_t timeout_ms) {
    Stream* s = of(handle);
    if (!s || timeout_ms == 0 || timeout_ms < -1) return acl::kRtParamInvalid;
    if (timeout_ms == -1) return synchronize(s->id());
    const sc_core::sc_time budget(static_cast<double>(timeout_ms), sc_core::SC_MS);
    const sc_core::sc_time until = sc_core::sc_time_stamp() + budget;
    const std::string call = "aclrtSynchronizeStreamWithTimeout(stream " + std::to_string(s->id()) +
                             ", " + std::to_string(timeout_ms) + " ms)";
    if (!s->idle()) {
        m_waiting_stream = s->id();
        m_waiting_on = call;
        while (!s->idle() && sc_core::sc_time_stamp() < until) {
            sc_core::wait(until - sc_core::sc_time_stamp(), s->idle_event());
            Activity::count_one();
        }
        m_waiting_on.clear();
        m_waiting_stream = -1;
    }
    if (!s->idle()) {
        m_log.push_back(call + " returned 507046: the stream is still running " +
                        s->current_task());
        return acl::kRtStreamSyncTimeout;
    }
    return collect_error(*s);
}

int HostStreams::collect_error(Stream& s) {
    // The stream is idle: what its tasks did happened before what the host does next.
    if (RaceDetector* races = this->races())
        races->acquire_from(m_host_agent, RaceDetector::stream_key(s.id()));
    std::string message;
    const int code = s.take_error(&message);
    if (code != 0)
        m_log.push_back("aclrtSynchronizeStream(stream " + std::to_string(s.id()) + ") returned " +
                        std::to_string(code) + ": " + message +
                        (s.skipped()
                             ? "; " + std::to_string(s.skipped()) + " later task(s) were not run"
                             : ""));
    return code;
}

} // namespace syncsim
