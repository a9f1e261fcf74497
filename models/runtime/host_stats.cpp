#include "models/runtime/host_stats.hpp"

#include "models/memory/extensions.hpp"

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

ReportValue write_record(const WriteRecord& w, const ExplanationNames& n) {
    return record()
        .with("by", n.requester(w.requester))
        .with("what", w.what)
        .with("time_ps", w.time_ps)
        .with("addr", w.addr)
        .with("bytes", w.len);
}

ReportValue stale_record(const StaleRead& r, const ExplanationNames& n) {
    RecordBuilder b = record()
                          .with("index", r.index)
                          .with("by", n.requester(r.core * kRequestersPerLink))
                          .with("addr", r.addr)
                          .with("where", n.where(r.addr))
                          .with("bytes", std::uint64_t{r.bytes})
                          .with("value", r.value)
                          .with("memory_value", r.memory_value)
                          .with("time_ps", r.time_ps)
                          .with("line", r.line)
                          .with("line_filled_ps", r.filled_ps)
                          .with("missed_write", write_record(r.missed, n))
                          .with("dcci_between", false);
    if (r.cleaned_ps) b.with("clean_only_dcci_ps", r.cleaned_ps);
    return ReportValue(std::move(b).fields());
}

ReportValue part_record(const ReadPart& p, const ExplanationNames& n) {
    RecordBuilder b =
        record().with("addr", p.from).with("where", n.where(p.from)).with("bytes", p.to - p.from);
    b.with("last_write", p.write ? write_record(*p.write, n) : ReportValue::none());
    if (p.from_stale)
        b.with("written_from_stale_read", record()
                                              .with("index", p.from_stale->index)
                                              .with("word", p.stale_word)
                                              .with("value", p.from_stale->value));
    return ReportValue(std::move(b).fields());
}

// What a failed check is about (check_explanation.hpp), as the result holds it.
ReportValue explanation_record(const CheckExplanation& e, const ExplanationNames& n) {
    ReportValue::List parts, reads;
    for (const ReadPart& p : e.parts) parts.push_back(part_record(p, n));
    for (const StaleRead& r : e.stale_reads) reads.push_back(stale_record(r, n));
    return record()
        .with("host_read", std::move(parts))
        .with("host_read_left_out", e.parts_left_out)
        .with("stale_reads", std::move(reads))
        .with("stale_read_count", e.stale_count);
}

ReportValue texts(const std::vector<std::string>& lines) {
    ReportValue::List out;
    for (const std::string& line : lines) out.push_back(line);
    return out;
}

// For each stream waiting on a notify: the stream whose queued record should
// end it and what holds that record back, or that no task records it.
std::vector<std::string> stream_culprits(const HostRuntime& host) {
    std::vector<std::string> out;
    for (const auto& waiter : host.streams()) {
        const std::string& object = waiter->waiting_object();
        if (object.empty()) continue;
        const std::string who = "stream " + std::to_string(waiter->id());
        bool queued = false;
        for (const auto& st : host.streams()) {
            const Stream::Task* record = st->queued_signal(object);
            if (!record) continue;
            queued = true;
            out.push_back(
                "stream " + std::to_string(st->id()) + " did not record " + object + " for " + who +
                ": its " + record->what + " is queued behind " +
                (st->current_task().empty() ? std::string("nothing") : st->current_task()));
        }
        if (!queued)
            out.push_back("nobody records " + object + " for " + who +
                          ": no task queued on any stream records it (" + who + " waits in " +
                          waiter->waiting_on() + ")");
    }
    return out;
}

// Under the cores' "not done" heading: the streams still running a task and
// the host call the program waits in.
void summarize_waiting(SummaryOut& out, const HostRuntime& host) {
    // With every core done the host's wait still says where the run stood.
    if (!out.opened(SummaryPart::NotDone)) {
        if (!host.waiting_on().empty())
            out.os() << "host       waits in " << host.waiting_on() << "\n";
        return;
    }
    for (const auto& st : host.streams())
        if (!st->current_task().empty())
            out.os() << "  stream " << st->id() << " running: " << st->current_task() << "\n";
    if (!host.waiting_on().empty()) out.os() << "  host waits in " << host.waiting_on() << "\n";
}

void summarize_streams(std::ostream& s, const HostRuntime& host) {
    const auto& streams = host.streams();
    if (streams.empty() || (streams.size() == 1 && streams.front()->last_task().empty())) return;
    for (const auto& st : streams) {
        s << "stream " << st->id() << "   " << to_string(st->state()) << ", " << st->completed()
          << " task(s) done";
        if (st->skipped()) s << ", " << st->skipped() << " not run after an error";
        const std::string waiting = st->waiting_on();
        if (!waiting.empty())
            s << ", waiting in " << waiting;
        else if (!st->last_task().empty())
            s << ", last: " << st->last_task();
        if (st->completed() && waiting.empty())
            s << ", " << format_time(to_ps(st->last_started())) << " .. "
              << format_time(to_ps(st->last_ended()));
        s << "\n";
    }
}

void summarize_runtime(SummaryOut& out, const HostRuntime& host) {
    std::ostream& s = out.os();
    for (const std::string& f : host.faults()) s << "fault      " << f << "\n";
    for (const std::string& line : host.runtime_log().kept()) s << "runtime    " << line << "\n";
    if (host.runtime_log().left_out())
        s << "runtime    ... and " << host.runtime_log().left_out()
          << " more line(s), not kept (a run keeps its first " << RuntimeLog::kDefaultLimit
          << ")\n";
    const auto cnt = host.cnt_notifies();
    if (!cnt.empty()) {
        s << "cntnotify ";
        for (std::size_t i = 0; i < cnt.size() && i < 16; ++i)
            s << " id " << cnt[i].id << "=" << cnt[i].count
              << (cnt[i].destroyed ? " (destroyed)" : "");
        if (cnt.size() > 16) s << " ... (" << cnt.size() << " in all)";
        s << "\n";
    }
    summarize_streams(s, host);
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
    g.add("aicpu_launches", "launches",
          "AICPU kernels the AICPU ran (each timed by aicpu.*); 0 when the host launched none",
          [h] { return ReportValue(h->aicpu_launches_run()); });
    g.add("checks", "records",
          "the host program's verdicts: name, passed, detail; a failed one with what the model "
          "found it is about (the last writers of the words the host read since the check "
          "before, the stale reads since then)",
          [h] {
              ReportValue::List checks;
              const ExplanationNames names = h->explanation_names();
              for (const auto& c : h->checks()) {
                  RecordBuilder r =
                      record().with("name", c.name).with("ok", c.ok).with("detail", c.detail);
                  if (c.why) r.with("explanation", explanation_record(*c.why, names));
                  checks.push_back(ReportValue(std::move(r).fields()));
              }
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
    g.add("diagnosis.streams", "text",
          "who should have signalled what a waiting stream waits on (a notify)", [h] {
              const std::vector<std::string> lines = stream_culprits(*h);
              return lines.empty() ? ReportValue() : texts(lines);
          });
    g.summary(SummaryPart::Culprit, [h](SummaryOut& out) {
        for (const std::string& line : stream_culprits(*h))
            out.os() << "culprit    " << line << "\n";
    });
    g.summary(SummaryPart::NotDone, [h](SummaryOut& out) { summarize_waiting(out, *h); });
    g.summary(SummaryPart::Runtime, [h](SummaryOut& out) { summarize_runtime(out, *h); });
    return g;
}

StatsGroup check_explanation_stats(const HostRuntime& host) {
    StatsGroup g("check_explanations");
    const HostRuntime* h = &host;
    // Every stale read of the run, failed check or not: a poll that never
    // sees a store is one (a livelock), and so is a lucky read.
    g.add("stale_reads", "records",
          "loads a core's scalar cache served while GM held a newer value another agent wrote "
          "(count, the first ones kept, the last one kept)",
          [h]() -> ReportValue {
              const StaleReads* stale = h->stale_reads();
              if (!stale || stale->count() == 0) return ReportValue();
              const ExplanationNames names = h->explanation_names();
              ReportValue::List first;
              for (std::size_t i = 0; i < stale->first().size() && i < 8; ++i)
                  first.push_back(stale_record(stale->first()[i], names));
              return record()
                  .with("count", stale->count())
                  .with("first", std::move(first))
                  .with("last", stale_record(*stale->kept_since(0).back(), names));
          });
    g.summary(SummaryPart::Polls, [h](SummaryOut& out) {
        const StaleReads* stale = h->stale_reads();
        if (!stale || stale->count() == 0) return;
        out.os() << "stale      " << stale->count()
                 << " load(s) served by a cached line GM had moved past; the last: "
                 << describe_stale_read(*stale->kept_since(0).back(), h->explanation_names())
                 << "\n";
    });
    // In the first place after the checks (the driver prints them just
    // before NotDone): the explanation reads as the checks' own lines.
    g.summary(SummaryPart::NotDone, [h](SummaryOut& out) {
        const ExplanationNames names = h->explanation_names();
        for (const auto& c : h->checks()) {
            if (!c.why) continue;
            out.os() << "  why      " << c.name << ":\n";
            for (const std::string& line : explanation_lines(*c.why, names, 3, 2))
                out.os() << "    " << line << "\n";
        }
    });
    return g;
}

} // namespace syncsim
