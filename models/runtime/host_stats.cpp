#include "models/runtime/host_stats.hpp"

namespace syncsim {

namespace {

ReportValue stream_record(const Stream& s) {
    RecordBuilder r = record()
                          .with("stream", s.id())
                          .with("state", to_string(s.state()))
                          .with("running", s.current_task())
                          .with("pending", std::uint64_t{s.pending()})
                          .with("completed", s.completed())
                          .with("skipped", s.skipped())
                          .with("last_task", s.last_task());
    if (s.completed())
        r.with("last_task_ps", ReportValue::List{to_ps(s.last_started()), to_ps(s.last_ended())});
    if (!s.waiting_on().empty()) r.with("waiting_on", s.waiting_on());
    if (s.event_notify_id) r.with("event_cnt_notify_id", *s.event_notify_id);
    return ReportValue(std::move(r).fields());
}

ReportValue texts(const std::vector<std::string>& lines) {
    ReportValue::List out;
    for (const std::string& line : lines) out.push_back(line);
    return out;
}

} // namespace

StatsGroup host_stats(const HostRuntime& host) {
    StatsGroup g("host");
    const HostRuntime* h = &host;
    g.add("streams", "records", "each stream: state, running and pending tasks, its last task",
          [h] {
              ReportValue::List streams;
              for (const auto& s : h->streams()) streams.push_back(stream_record(*s));
              return ReportValue(std::move(streams));
          });
    g.add("cnt_notifies", "records", "the CntNotify ids the host created, with their counts", [h] {
        ReportValue::List ids;
        for (const auto& c : h->cnt_notifies())
            ids.push_back(
                record().with("id", c.id).with("count", c.count).with("destroyed", c.destroyed));
        return ReportValue(std::move(ids));
    });
    g.add("checks", "records", "the host program's verdicts: name, passed, detail", [h] {
        ReportValue::List checks;
        for (const auto& c : h->checks())
            checks.push_back(
                record().with("name", c.name).with("ok", c.ok).with("detail", c.detail));
        return ReportValue(std::move(checks));
    });
    g.add("host.finished", "", "whether the host program returned", [h] { return h->finished(); });
    g.add("host.waiting_on", "", "the host call it waits in, if it did not return",
          [h] { return h->waiting_on(); });
    g.add("time.host_done_ps", "ps", "when the host program returned (0: it did not)",
          [h] { return h->finished() ? to_ps(h->finished_at()) : std::uint64_t{0}; });
    g.add("runtime_log", "lines", "the runtime's log (its first lines)",
          [h] { return texts(h->runtime_log().kept()); });
    g.add("runtime_log_left_out", "lines", "log lines past the first kept", [h] {
        const std::uint64_t left = h->runtime_log().left_out();
        return left ? ReportValue(left) : ReportValue();
    });
    g.add("faults", "records", "core faults the runtime saw (core, block, what)",
          [h] { return texts(h->faults()); });
    return g;
}

} // namespace syncsim
