// The Ascend summary: the set-up and the trace window from the result, the
// rest from the models' summary parts.
#include "driver/kinds/ascend/ascend_result.hpp"
#include "driver/run/run_target.hpp"
#include "driver/run/stats_json.hpp"

#include <sstream>

namespace syncsim {

using nlohmann::json;

namespace {

// Six significant digits: what a measurement printed says.
std::string shown_number(double v) {
    std::ostringstream os;
    os.precision(6);
    os << v;
    return os.str();
}

std::string text(const json& j) {
    return j.get<std::string>();
}
std::uint64_t ps(const json& j) {
    return j.get<std::uint64_t>();
}
const std::string& param(const json& result, const char* name) {
    return result["platform"]["params"][name]["value"].get_ref<const std::string&>();
}

} // namespace

void summarize_ascend_setup(std::ostream& s, const json& result) {
    const json& config = result["config"];
    s << "platform   " << text(result["platform"]["name"]) << " (" << param(result, "soc_version")
      << ", " << param(result, "arch") << ", " << param(result, "aic_cores") << " AIC + "
      << param(result, "aiv_cores") << " AIV";
    if (param(result, "die.count") != "1") s << " on " << param(result, "die.count") << " dies";
    s << " @ " << param(result, "clock_mhz") << " MHz)\n";
    const json& workload = config["workload"];
    s << "workload   "
      << (workload.contains("host") ? "host " + text(workload["host"])
                                    : "kernel " + text(workload["kernel"]));
    if (config.contains("launch"))
        s << " <<<" << config["launch"]["block_dim"].get<std::int64_t>() << ">>> "
          << text(config["launch"]["target"]);
    s << "\n";
}

void summarize_ascend(std::ostream& s, const json& result, const StatsRegistry& stats) {
    SummaryOut out(s);
    if (!cut_short(result)) write_summary(stats, out, SummaryPart::Culprit, SummaryPart::Culprit);
    s << "simulated  " << format_time(ps(result["time"]["end_ps"])) << "\n";
    write_summary(stats, out, SummaryPart::Finish, SummaryPart::Finish);
    summarize_checks(s, result["checks"]);
    if (result.contains("measurements"))
        for (const auto& [name, m] : result["measurements"].items())
            s << "measured   " << name << " " << shown_number(m["value"].get<double>()) << " "
              << text(m["unit"]) << ": " << text(m["what"]) << "\n";
    write_summary(stats, out, SummaryPart::NotDone, SummaryPart::Ffts);
    if (result.contains("trace_window")) {
        const json& w = result["trace_window"];
        s << "traces     window " << w["asked"].get<std::string>() << ": ";
        if (w.contains("from_ps") && ps(w["from_ps"]) > ps(w["to_ps"]))
            s << "never reached (it starts at " << format_time(ps(w["from_ps"]))
              << ", after the run ended at " << format_time(ps(w["to_ps"]))
              << "), so the traces hold no change\n";
        else if (w.contains("from_ps"))
            s << format_time(ps(w["from_ps"])) << " .. " << format_time(ps(w["to_ps"])) << "\n";
        else
            s << "never reached (its first round did not complete), so the traces hold no "
                 "change\n";
    }
}

} // namespace syncsim
