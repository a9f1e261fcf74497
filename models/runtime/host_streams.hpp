// The host's streams: creating them, finding one by id or ACL handle,
// submitting a task (the host waits while a stream is full, as the runtime's
// submission does) and synchronising, with or without a timeout. Says what
// the host waits in while it waits here.
#pragma once

#include "models/races/race_detector.hpp"
#include "models/report/first_entries.hpp"
#include "models/runtime/stream.hpp"
#include "syncsim/host_api.hpp"

#include <memory>
#include <string>
#include <vector>

namespace syncsim {

using RuntimeLog = FirstEntries<std::string>;

class HostStreams {
  public:
    HostStreams(std::size_t task_limit, RuntimeLog& log) : m_task_limit(task_limit), m_log(log) {}
    HostStreams(const HostStreams&) = delete;
    HostStreams& operator=(const HostStreams&) = delete;

    void set_tracer(StreamTraceSink* tracer) { m_tracer = tracer; }
    // The race detector, with the host as agent `host`: a task starts
    // knowing what the host did before submitting it, and a synchronize
    // teaches the host what the stream's tasks did (stream order).
    void set_races(RaceDetector* races, int host) {
        m_races = races;
        m_host_agent = host;
    }
    RaceDetector* races() const { return m_races && m_races->active() ? m_races : nullptr; }

    StreamId create();
    // The stream with this id; a host error when it was never created.
    Stream& get(StreamId id);
    // The stream behind an ACL handle (nullptr: the default stream); nullptr
    // when the handle is no stream.
    Stream* of(aclrtStream handle);
    const std::vector<std::unique_ptr<Stream>>& all() const { return m_streams; }

    // Every task reaches a stream through here.
    void submit(Stream& s, Stream::Task task);
    // Waits until the stream is idle, then returns (and clears) its error.
    int synchronize(StreamId id);
    // Waits at most `timeout_ms` (-1: for ever; 0 or below -1: refused).
    int synchronize(aclrtStream handle, std::int32_t timeout_ms);

    const std::string& waiting_on() const { return m_waiting_on; }
    // The stream the host waits on (-1: none).
    int waiting_stream() const { return m_waiting_stream; }
    void clear_waiting() {
        m_waiting_on.clear();
        m_waiting_stream = -1;
    }

  private:
    int collect_error(Stream& s);

    std::size_t m_task_limit;
    RuntimeLog& m_log;
    StreamTraceSink* m_tracer = nullptr;
    RaceDetector* m_races = nullptr;
    int m_host_agent = -1;
    std::vector<std::unique_ptr<Stream>> m_streams;
    std::string m_waiting_on;
    int m_waiting_stream = -1;
};

} // namespace syncsim
