#include "models/report/round_report.hpp"

namespace syncsim {

namespace {

ReportValue round_record(const RoundRow& r, const std::function<std::string(int)>& core_name) {
    RecordBuilder j = record()
                          .with("launch", r.launch)
                          .with("round", r.round)
                          .with("cores", r.count)
                          .with("released", r.released)
                          .with("first_arrival_ps", r.first_arrival)
                          .with("last_arrival_ps", r.last_arrival)
                          .with("released_early", r.early);
    ReportValue::List per_core;
    per_core.reserve(r.cores.size());
    for (const RoundRow::CoreMark& c : r.cores) {
        RecordBuilder cj =
            record().with("core", core_name(c.core)).with("arrived_ps", c.arrived_ps);
        if (c.has_release) cj.with("released_ps", c.released_ps);
        per_core.push_back(ReportValue(std::move(cj).fields()));
    }
    j.with("per_core", std::move(per_core));
    if (r.complete())
        j.with("first_release_ps", r.first_release)
            .with("last_release_ps", r.last_release)
            .with("latency_ps", r.latency())
            .with("release_skew_ps", r.release_skew());
    return ReportValue(std::move(j).fields());
}

// A distribution's figures; "estimated" says the median and p99 come from
// its buckets (ValueDistribution: within 0.5 %), not from exact counts.
ReportValue distribution_record(const ValueDistribution& d) {
    return record()
        .with("min", d.min())
        .with("median", d.median())
        .with("p99", d.percentile(99))
        .with("max", d.max())
        .with("estimated", d.estimated());
}

void summarize_rounds(SummaryOut& out, const RoundLedger& ledger) {
    const RoundStats& stats = ledger.stats();
    if (stats.rounds == 0) return;
    std::ostream& s = out.os();
    s << "rounds     " << stats.rounds << " barrier round(s), " << stats.complete << " complete";
    if (stats.complete) {
        const ValueDistribution& lat = stats.latency;
        s << "; latency (first arrival to last release) min " << format_time(lat.min())
          << ", median " << format_time(lat.median()) << ", p99 " << format_time(lat.percentile(99))
          << ", max " << format_time(lat.max());
        if (lat.estimated()) s << " (median and p99 estimated, within 0.5 %)";
    }
    s << "\n";
    const std::vector<RoundRow>& rounds = ledger.listed();
    for (std::size_t i = 0; i < rounds.size() && i < 4; ++i) {
        const RoundRow& r = rounds[i];
        s << "  round " << r.round << ": " << r.count << " cores, arrivals "
          << format_time(r.first_arrival) << " .. " << format_time(r.last_arrival);
        if (r.complete())
            s << ", releases " << format_time(r.first_release) << " .. "
              << format_time(r.last_release) << ", latency " << format_time(r.latency());
        else
            s << ", " << r.count - r.released << " never released";
        if (r.early) s << "; " << r.early << " released before the last arrival";
        s << "\n";
    }
    out.left_out(stats.rounds, 4, "rounds",
                 ledger.left_out() == 0 ? "the JSON result has all"
                                        : "--rounds FILE writes every one");
}

} // namespace

StatsGroup round_stats(const RoundLedger& ledger, std::function<std::string(int)> core_name) {
    StatsGroup g("rounds");
    const RoundLedger* l = &ledger;
    g.add("rounds", "records",
          "barrier rounds listed in full: arrivals and releases, per core and overall",
          [l, core_name] {
              ReportValue::List rows;
              rows.reserve(l->listed().size());
              for (const RoundRow& r : l->listed()) rows.push_back(round_record(r, core_name));
              return ReportValue(std::move(rows));
          });
    g.add("round_stats", "record",
          "over every round, listed or not: counts, latency and release-skew distributions (ps)",
          [l] {
              const RoundStats& s = l->stats();
              RecordBuilder j = record()
                                    .with("rounds", s.rounds)
                                    .with("complete", s.complete)
                                    .with("listed", std::uint64_t{l->listed().size()})
                                    .with("left_out", l->left_out())
                                    .with("released_early", s.released_early);
              if (s.complete)
                  j.with("latency_ps", distribution_record(s.latency))
                      .with("release_skew_ps", distribution_record(s.release_skew));
              return ReportValue(std::move(j).fields());
          });
    g.summary(SummaryPart::Rounds, [l](SummaryOut& out) { summarize_rounds(out, *l); });
    return g;
}

} // namespace syncsim
