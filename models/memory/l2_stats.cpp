#include "models/memory/l2_stats.hpp"

#include <algorithm>

namespace syncsim {

namespace {

struct L2Field {
    const char *name, *unit, *meaning;
    // `clock` turns waits into cycles (every die's L2 runs on one clock).
    ReportValue (*value)(const L2Stats& s, const L2Cache& clock);
};

// Whether uncached reads were served, not how many: a fast-forwarded poll
// serves fewer than a spinning one, and the two modes give one result.
const L2Field kL2Fields[] = {
    {"reads", "requests", "reads the L2s served (scalar, DMA, polls)",
     [](const L2Stats& s, const L2Cache&) { return ReportValue(s.reads); }},
    {"writes", "requests", "writes the L2s served",
     [](const L2Stats& s, const L2Cache&) { return ReportValue(s.writes); }},
    {"atomics", "requests", "atomics executed at the L2s",
     [](const L2Stats& s, const L2Cache&) { return ReportValue(s.atomics); }},
    {"misses", "requests", "requests that missed the L2 and went to DDR",
     [](const L2Stats& s, const L2Cache&) { return ReportValue(s.misses); }},
    {"uncached_reads_served", "", "whether any ld_dev (uncached read) was served",
     [](const L2Stats& s, const L2Cache&) { return ReportValue(s.uncached_reads > 0); }},
    {"data_path_stream_peak_share", "share",
     "the most of an L2's data path co-running streams (stream_gm) took",
     [](const L2Stats& s, const L2Cache&) { return ReportValue(s.data_stream_peak); }},
    {"hbm_stream_peak_share", "share", "the most of a die's way to HBM co-running streams took",
     [](const L2Stats& s, const L2Cache&) { return ReportValue(s.hbm_stream_peak); }},
    {"queue_cycles", "cycles", "cycles requests waited for a busy address range",
     [](const L2Stats& s, const L2Cache& l2) { return ReportValue(l2.cycles(s.queued.total)); }},
    {"max_queue_cycles", "cycles", "the longest such wait",
     [](const L2Stats& s, const L2Cache& l2) { return ReportValue(l2.cycles(s.queued.longest)); }},
};

ReportValue record_of(const L2Stats& s, const L2Cache& clock) {
    ReportValue::Map fields;
    for (const L2Field& f : kL2Fields) fields.emplace_back(f.name, f.value(s, clock));
    return ReportValue(std::move(fields));
}

} // namespace

L2Stats merged_l2_stats(const std::vector<const L2Cache*>& l2s) {
    L2Stats all;
    for (const L2Cache* l2 : l2s) {
        const L2Stats& s = l2->stats();
        all.reads += s.reads;
        all.writes += s.writes;
        all.atomics += s.atomics;
        all.misses += s.misses;
        all.uncached_reads += s.uncached_reads;
        all.data_stream_peak = std::max(all.data_stream_peak, s.data_stream_peak);
        all.hbm_stream_peak = std::max(all.hbm_stream_peak, s.hbm_stream_peak);
        all.queued.total += s.queued.total;
        all.queued.longest = std::max(all.queued.longest, s.queued.longest);
    }
    return all;
}

StatsGroup l2_stats(std::vector<const L2Cache*> l2s) {
    StatsGroup group("l2");
    for (const L2Field& f : kL2Fields)
        group.add(std::string("l2.") + f.name, f.unit, f.meaning,
                  [l2s, value = f.value] { return value(merged_l2_stats(l2s), *l2s.front()); });
    group.add("l2.by_die", "records", "the same, per die (several dies only)", [l2s] {
        if (l2s.size() < 2) return ReportValue();
        ReportValue::List by_die;
        for (const L2Cache* l2 : l2s) by_die.push_back(record_of(l2->stats(), *l2s.front()));
        return ReportValue(std::move(by_die));
    });
    return group;
}

} // namespace syncsim
