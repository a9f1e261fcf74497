#include "models/races/race_stats.hpp"

#include <algorithm>
#include <sstream>
#include <tuple>

namespace syncsim {

namespace {

const char* mode_name(RaceMode m) {
    return m == RaceMode::On ? "on" : m == RaceMode::Auto ? "auto" : "off";
}

std::string access_text(const RaceDetector& races, const RaceAccess& a) {
    std::string s = races.agent_name(a.agent) + " " + a.op;
    if (a.site) s += std::string(" at ") + a.site;
    return s + " at " + format_time(a.time_ps);
}

ReportValue access_record(const RaceDetector& races, const RaceAccess& a) {
    RecordBuilder r = record()
                          .with("by", races.agent_name(a.agent))
                          .with("op", a.op)
                          .with("write", a.write)
                          .with("sync", a.atomic)
                          .with("time_ps", a.time_ps);
    if (a.site) r.with("site", a.site);
    return ReportValue(std::move(r).fields());
}

const char* why_name(RaceWhy why) {
    return why == RaceWhy::StaleLine      ? "stale_line"
           : why == RaceWhy::AfterRelease ? "after_release"
                                          : "unsynchronised";
}

// Why nothing ordered the pair, in words.
std::string why_text(const RaceDetector& races, const RacePair& p) {
    const std::string& a = races.agent_name(p.first.agent);
    const std::string& b = races.agent_name(p.second.agent);
    switch (p.why) {
    case RaceWhy::StaleLine:
        return b + "'s load was served by a line filled before it synchronised with " + a +
               " (no dcci invalidated the line between)";
    case RaceWhy::AfterRelease: {
        const std::string past = b + " had synchronised with " + a + ", but not past this ";
        if (!p.first.write) return past + "read";
        // A posted write (a write-back, st_dev) is ordered before its core's
        // later release only by a dsb between them, whenever it lands.
        if (p.first.posted)
            return past + "write (no dsb came between it and the release " + b +
                   " saw: a posted write needs one)";
        return past + "write (" + a + " made it after the release " + b + " saw)";
    }
    case RaceWhy::Unsynchronised:
        break;
    }
    return "no synchronisation between " + a + " and " + b;
}

// Pairs of one kind: the same reason, operations and places, whoever made them.
auto kind_of(const RacePair& p) {
    auto side = [](const RaceAccess& a) {
        return std::make_tuple(std::string(a.op), std::string(a.site ? a.site : ""), a.write);
    };
    return std::make_tuple(static_cast<int>(p.why), side(p.first), side(p.second));
}

void summarize(SummaryOut& out, const RaceDetector& races) {
    if (races.count() == 0 && races.active()) return;
    std::ostream& s = out.os();
    s << "races      ";
    if (!races.active()) s << "not checked past a point: " << races.stopped() << "; before it, ";
    s << races.count() << " pair(s) of GM accesses by different agents that no synchronisation "
      << "orders\n";
    // The first pair of each kind, then more of the first kinds.
    std::vector<const RacePair*> shown;
    std::vector<decltype(kind_of(races.pairs().front()))> kinds;
    constexpr std::size_t kLines = 4;
    // The most telling reasons first: a stale line, a write past a release.
    for (RaceWhy why : {RaceWhy::StaleLine, RaceWhy::AfterRelease, RaceWhy::Unsynchronised})
        for (const RacePair& p : races.pairs()) {
            auto kind = kind_of(p);
            if (shown.size() == kLines || p.why != why ||
                std::find(kinds.begin(), kinds.end(), kind) != kinds.end())
                continue;
            kinds.push_back(kind);
            shown.push_back(&p);
        }
    for (const RacePair& p : races.pairs())
        if (shown.size() < kLines && std::find(shown.begin(), shown.end(), &p) == shown.end())
            shown.push_back(&p);
    for (const RacePair* p : shown) s << "  " << describe_race(races, *p) << "\n";
    out.left_out(races.count(), shown.size(), "pair(s)", "the JSON result lists the first 64");
}

} // namespace

std::string describe_race(const RaceDetector& races, const RacePair& p) {
    std::ostringstream s;
    s << races.where(p.addr) << " (" << p.bytes << " B): " << access_text(races, p.first)
      << ", then " << access_text(races, p.second) << ": " << why_text(races, p);
    return s.str();
}

StatsGroup race_stats(const RaceDetector& races) {
    StatsGroup g("races");
    const RaceDetector* r = &races;
    g.add("races.mode", "", "off, auto (checked while agents x GM words stay small) or on",
          [r] { return ReportValue(mode_name(r->mode())); });
    g.add("races.checked", "", "whether every access of the run was checked",
          [r] { return r->active(); });
    g.add("races.stopped", "", "why the automatic check stopped, if it did",
          [r] { return r->stopped().empty() ? ReportValue() : ReportValue(r->stopped()); });
    g.add("races.count", "pairs",
          "pairs of conflicting GM accesses (one a write) by different agents that no "
          "synchronisation orders",
          [r] { return r->count(); });
    g.add("races.pairs", "records",
          "the first 64 pairs: the words, and each access's agent, operation, source line "
          "(instrumented kernels) and time",
          [r] {
              ReportValue::List pairs;
              for (const RacePair& p : r->pairs())
                  pairs.push_back(record()
                                      .with("addr", p.addr)
                                      .with("where", r->where(p.addr))
                                      .with("bytes", p.bytes)
                                      .with("first", access_record(*r, p.first))
                                      .with("second", access_record(*r, p.second))
                                      .with("why", why_name(p.why)));
              return ReportValue(std::move(pairs));
          });
    g.summary(SummaryPart::Ffts, [r](SummaryOut& out) { summarize(out, *r); });
    return g;
}

} // namespace syncsim
