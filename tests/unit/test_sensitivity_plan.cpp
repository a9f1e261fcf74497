// Sensitivity as plain policy: which estimates a run can be sensitive to,
// and how the ends' effects rank. No simulation: rows and results are made up.
#include "driver/study/sensitivity/sensitivity_plan.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace syncsim;
using namespace syncsim::sensitivity;
using nlohmann::json;

namespace {

ParamRow row(const std::string& path, const std::string& value, const std::string& source,
             const std::string& low = "", const std::string& high = "", bool overridden = false) {
    ParamRow r;
    r.path = path;
    r.value = value;
    r.origin.source = source;
    r.origin.low = low;
    r.origin.high = high;
    r.origin.range_why = low.empty() ? "" : "why";
    r.origin.overridden = overridden;
    r.origin.set_at = overridden ? "--set platform." + path : "platforms/x.yaml:1";
    return r;
}

std::vector<std::string> paths(const std::vector<Estimate>& list) {
    std::vector<std::string> out;
    for (const Estimate& e : list) out.push_back(e.path);
    return out;
}

std::vector<std::string> paths(const std::vector<Excluded>& list) {
    std::vector<std::string> out;
    for (const Excluded& e : list) out.push_back(e.path);
    return out;
}

const std::vector<ParamRow> kRows = {
    row("die.count", "1", "sourced"),
    row("interconnect.die_hop_cycles", "40", "estimate", "20", "200"),
    row("ffts.aggregation", "serial", "estimate", "serial", "parallel"),
    row("ffts.process_cycles", "4", "estimate", "2", "9"),
    row("ffts.aggregate_cycles", "4", "estimate", "1", "100"),
    row("ffts.intra_block_cycles", "30", "estimate", "10", "100"),
    row("die.l2.uncached_read_latency_cycles", "160", "estimate", "60", "400"),
    row("die.l2.atomic_cycles", "20", "estimate", "5", "100", true),
    row("die.cluster.core.dma_gm_read_latency_cycles", "2050", "calibrated", "1000", "2100"),
    row("die.cluster.core.dsb_cycles", "2", "estimate", "1", "64"),
};

} // namespace

TEST_CASE("sensitivity plan: what the run never used cannot move it, and a set value is the user's",
          "[sensitivity]") {
    const json no_ffts = {{"ffts", {{"messages", 0}}}, {"l2", {{"uncached_reads_served", false}}}};
    const Plan p = plan(kRows, no_ffts);
    CHECK(paths(p.to_run) == std::vector<std::string>{"ffts.intra_block_cycles",
                                                      "die.cluster.core.dma_gm_read_latency_cycles",
                                                      "die.cluster.core.dsb_cycles"});
    CHECK(paths(p.cannot_move) ==
          std::vector<std::string>{"interconnect.die_hop_cycles", "ffts.aggregation",
                                   "ffts.process_cycles", "ffts.aggregate_cycles",
                                   "die.l2.uncached_read_latency_cycles"});
    CHECK(p.cannot_move[0].reason == "the device has one die: nothing crosses a die link");
    REQUIRE(p.set_by_config.size() == 1);
    CHECK(p.set_by_config[0].path == "die.l2.atomic_cycles");
    CHECK(p.set_by_config[0].reason == "set to 20 at --set platform.die.l2.atomic_cycles");
    CHECK(p.to_run[1].source == "calibrated");
    CHECK(p.to_run[1].low == "1000");
}

TEST_CASE("sensitivity plan: a value a calibration fit binds moves with the others refit",
          "[sensitivity][calibration]") {
    std::vector<ParamRow> rows = kRows;
    rows[8].origin.fit = "910b1"; // dma_gm_read_latency_cycles
    rows[9].origin.fit = "910b1"; // dsb_cycles: free in the fit, no refit point recorded
    FitRecord fit;
    fit.platform = "910b1";
    fit.parameters = {{"die.cluster.core.dma_gm_read_latency_cycles",
                       "combination",
                       "2050",
                       "1000",
                       "2100",
                       "0",
                       "4000",
                       "",
                       {"pto_isa_197"}},
                      {"die.cluster.core.dsb_cycles", "free", "2", "1", "64", "1", "64", "", {}}};
    fit.refits = {{"die.cluster.core.dma_gm_read_latency_cycles",
                   "low",
                   {{"die.cluster.core.dma_gm_read_latency_cycles", "1000"},
                    {"die.cluster.core.dcci_clean_cycles", "37"}}},
                  {"die.cluster.core.dma_gm_read_latency_cycles",
                   "high",
                   {{"die.cluster.core.dma_gm_read_latency_cycles", "2100"},
                    {"die.cluster.core.dcci_clean_cycles", "2"}}}};
    const json used = {{"ffts", {{"messages", 0}}}, {"l2", {{"uncached_reads_served", false}}}};
    const Plan p = plan(rows, used, {{"910b1", fit}});
    REQUIRE(p.to_run.size() == 3);
    const Estimate& dma = p.to_run[1];
    CHECK(dma.refit_from == "910b1");
    CHECK(dma.low == "1000");
    const std::vector<std::pair<std::string, std::string>> low = {
        {"platform.die.cluster.core.dcci_clean_cycles", "37"},
        {"platform.die.cluster.core.dma_gm_read_latency_cycles", "1000"}};
    CHECK(dma.low_sets == low);
    // Drawn from the fit's consistent points, but with no refit point its
    // ends move it alone.
    const Estimate& dsb = p.to_run[2];
    CHECK(dsb.refit_from == "910b1");
    CHECK(dsb.high_sets == std::vector<std::pair<std::string, std::string>>{
                               {"platform.die.cluster.core.dsb_cycles", "64"}});
}

TEST_CASE("sensitivity plan: the hub's structure decides which per-message costs count",
          "[sensitivity]") {
    const json used = {{"ffts", {{"messages", 96}}}, {"l2", {{"uncached_reads_served", true}}}};
    CHECK(paths(plan(kRows, used).to_run) ==
          std::vector<std::string>{"ffts.aggregation", "ffts.process_cycles",
                                   "ffts.intra_block_cycles", "die.l2.uncached_read_latency_cycles",
                                   "die.cluster.core.dma_gm_read_latency_cycles",
                                   "die.cluster.core.dsb_cycles"});
    std::vector<ParamRow> parallel = kRows;
    parallel[2].value = "parallel";
    const Plan p = plan(parallel, used);
    CHECK(paths(p.cannot_move) ==
          std::vector<std::string>{"interconnect.die_hop_cycles", "ffts.process_cycles"});
}

TEST_CASE("sensitivity ranking: outcome flips first, then the largest swing, ties by the next "
          "metric; what moved nothing goes last",
          "[sensitivity]") {
    const std::vector<std::string> metrics = {"latency_median_ns", "sim_time_ns"};
    const auto ran = [](double median, double end, const char* outcome = "completed") {
        return json{{"status", "ran"},
                    {"outcome", outcome},
                    {"latency_median_ns", median},
                    {"sim_time_ns", end}};
    };
    const json base = ran(100, 1000);
    const Estimate a{"a", "1", "0", "2", "w", "estimate", "cycles"},
        b{"b", "1", "0", "2", "w", "estimate", "cycles"},
        c{"c", "1", "0", "2", "w", "estimate", "cycles"},
        d{"d", "1", "0", "2", "w", "estimate", "cycles"},
        e{"e", "1", "0", "2", "w", "estimate", "cycles"};
    std::vector<Effect> effects = {
        effect_of(a, ran(90, 1000), base, ran(130, 1000), metrics),               // swing 40
        effect_of(b, base, base, base, metrics),                                  // moved nothing
        effect_of(c, ran(100, 900), base, ran(100, 1200), metrics),               // 0, then 300
        effect_of(d, ran(50, 1000), base, ran(100, 5000, "time_limit"), metrics), // flips
        effect_of(e, ran(100, 990), base, ran(100, 1000), metrics),               // 0, then 10
    };
    CHECK(effects[0].metrics.at("latency_median_ns").swing() == 40);
    CHECK_FALSE(effects[1].moved());
    CHECK(effects[3].flips());
    rank(effects, metrics);
    std::vector<std::string> order;
    for (const Effect& x : effects) order.push_back(x.estimate.path);
    CHECK(order == std::vector<std::string>{"d", "a", "c", "e", "b"});
}

TEST_CASE("sensitivity: an end without a result says why, and a swing needs two numbers",
          "[sensitivity]") {
    const json base = {{"status", "ran"}, {"outcome", "completed"}, {"sim_time_ns", 10.0}};
    const json failed = {{"status", "timeout"}, {"reason", "killed at point_timeout"}};
    const Effect e = effect_of({"x", "1", "0", "2", "w", "estimate", "cycles"}, failed, base, base,
                               {"sim_time_ns"});
    CHECK(e.failed == "low: killed at point_timeout");
    CHECK(e.outcome_low == "timeout");
    CHECK_FALSE(e.flips()); // no result is not another outcome
    CHECK(MetricValues{NAN, 5, NAN}.swing() == 0);
    CHECK(MetricValues{NAN, 5, 9}.swing() == 4);
    CHECK(row_metrics(json{{"latency_median_ns", NAN},
                           {"sim_time_ns", 1.0},
                           {"stream1_end_ns", 2.0},
                           {"status", "ran"}}) ==
          std::vector<std::string>{"sim_time_ns", "stream1_end_ns"});
}

TEST_CASE("sensitivity plan: aicpu and notify values move only runs that used them",
          "[sensitivity]") {
    const std::vector<ParamRow> rows = {
        row("aicpu.loop_ns", "100", "estimate", "50", "400"),
        row("aicpu.gm_miss_ns", "763", "calibrated", "707", "822"),
        row("notify.record_cycles", "200", "estimate", "50", "1000"),
        row("notify.wake_cycles", "200", "estimate", "50", "1000"),
        // The cores' COND-register latency: set by the AICPU, used without it.
        row("aicpu.cond_visible_ns", "3", "estimate", "1", "20"),
    };
    const json unused = {{"aicpu_launches", 0}, {"notify_timed_tasks", 0}};
    const Plan none = plan(rows, unused);
    CHECK(paths(none.to_run) == std::vector<std::string>{"aicpu.cond_visible_ns"});
    REQUIRE(none.cannot_move.size() == 4);
    CHECK(none.cannot_move[0].reason == "the run launched no AICPU kernel");
    CHECK(none.cannot_move[2].reason ==
          "the run recorded and waited on no notify, CntNotify or event");
    const json aicpu_only = {{"aicpu_launches", 2}, {"notify_timed_tasks", 0}};
    CHECK(paths(plan(rows, aicpu_only).to_run) ==
          std::vector<std::string>{"aicpu.loop_ns", "aicpu.gm_miss_ns", "aicpu.cond_visible_ns"});
    // A result that does not count them (another kind) may have used them.
    CHECK(plan(rows, json::object()).to_run.size() == 5);
}
