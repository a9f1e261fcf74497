// The Ascend summary, rendered from the result alone.
#include "driver/ascend_result.hpp"
#include "driver/run_target.hpp"
#include "models/report/first_entries.hpp"

#include <algorithm>
#include <sstream>

namespace syncsim {

using nlohmann::json;

namespace {

std::string text(const json& j) {
    return j.get<std::string>();
}
std::uint64_t ps(const json& j) {
    return j.get<std::uint64_t>();
}
const std::string& param(const json& result, const char* name) {
    return result["platform"]["params"][name]["value"].get_ref<const std::string&>();
}

std::string stuck_line(const json& c) {
    std::ostringstream os;
    os << text(c["core"]) << " (" << text(c["kernel"]) << " block "
       << c["block"].get<std::int64_t>() << ", " << c["intrinsics"].get<std::uint64_t>()
       << " intrinsics, last " << text(c["last_intrinsic"]);
    if (c["barrier_rounds"].get<std::uint32_t>())
        os << ", in barrier round " << c["barrier_rounds"].get<std::uint32_t>();
    os << "): " << text(c["state"]);
    if (c.contains("waiting_on")) os << " on " << text(c["waiting_on"]);
    if (c.contains("pipes"))
        for (const json& p : c["pipes"]) {
            const std::string executing = text(p["executing"]);
            os << "; " << text(p["pipe"]) << " executing "
               << (executing == "(between ops)" ? "-" : executing);
            if (p.contains("blocked_on")) os << ", blocked on " << text(p["blocked_on"]);
            if (p["queued"].get<std::size_t>())
                os << ", " << p["queued"].get<std::size_t>() << " queued";
        }
    return os.str();
}

void summarize_stuck(std::ostream& s, const json& result) {
    const json& stuck = result["stuck"];
    if (stuck.empty()) return;
    s << "not done   " << stuck.size() << " core(s):\n";
    for (std::size_t i = 0; i < stuck.size() && i < 12; ++i)
        s << "  " << stuck_line(stuck[i]) << "\n";
    say_left_out(s, stuck.size(), 12, "cores");
    for (const json& l : result["launches_unfinished"]) {
        s << "  launch " << l["launch"].get<std::uint64_t>() << " " << text(l["kernel"]) << ": "
          << l["blocks_dispatched"].get<std::int64_t>() << "/" << l["block_num"].get<std::int64_t>()
          << " blocks dispatched, " << l["cores_running"].get<std::int64_t>() << " cores running";
        if (!text(l["waiting_for"]).empty()) s << "; " << text(l["waiting_for"]);
        s << "\n";
    }
    for (const json& st : result["streams"])
        if (!text(st["running"]).empty())
            s << "  stream " << st["stream"].get<int>() << " running: " << text(st["running"])
              << "\n";
    if (!text(result["host"]["waiting_on"]).empty())
        s << "  host waits in " << text(result["host"]["waiting_on"]) << "\n";
}

void summarize_runtime(std::ostream& s, const json& result) {
    for (const json& f : result["faults"]) s << "fault      " << text(f) << "\n";
    for (const json& line : result["runtime_log"]) s << "runtime    " << text(line) << "\n";
    if (result.contains("runtime_log_left_out"))
        s << "runtime    ... and " << result["runtime_log_left_out"].get<std::uint64_t>()
          << " more line(s), not kept (a run keeps its first "
          << FirstEntries<std::string>::kDefaultLimit << ")\n";
    const json& cnt = result["cnt_notifies"];
    if (!cnt.empty()) {
        s << "cntnotify ";
        for (std::size_t i = 0; i < cnt.size() && i < 16; ++i)
            s << " id " << cnt[i]["id"].get<std::uint32_t>() << "="
              << cnt[i]["count"].get<std::uint32_t>()
              << (cnt[i]["destroyed"].get<bool>() ? " (destroyed)" : "");
        if (cnt.size() > 16) s << " ... (" << cnt.size() << " in all)";
        s << "\n";
    }
    const json& streams = result["streams"];
    if (streams.size() > 1 || !text(streams.front()["last_task"]).empty())
        for (const json& st : streams) {
            s << "stream " << st["stream"].get<int>() << "   " << text(st["state"]) << ", "
              << st["completed"].get<std::uint64_t>() << " task(s) done";
            if (st["skipped"].get<std::uint64_t>())
                s << ", " << st["skipped"].get<std::uint64_t>() << " not run after an error";
            if (st.contains("waiting_on"))
                s << ", waiting in " << text(st["waiting_on"]);
            else if (!text(st["last_task"]).empty())
                s << ", last: " << text(st["last_task"]);
            if (st.contains("last_task_ps") && !st.contains("waiting_on"))
                s << ", " << format_time(ps(st["last_task_ps"][0])) << " .. "
                  << format_time(ps(st["last_task_ps"][1]));
            s << "\n";
        }
}

void summarize_rounds(std::ostream& s, const json& rounds, const json& stats) {
    const std::uint64_t total = stats["rounds"].get<std::uint64_t>();
    if (total == 0) return;
    s << "rounds     " << total << " barrier round(s), " << stats["complete"].get<std::uint64_t>()
      << " complete";
    if (stats.contains("latency_ps")) {
        const json& lat = stats["latency_ps"];
        s << "; latency (first arrival to last release) min " << format_time(ps(lat["min"]))
          << ", median " << format_time(ps(lat["median"])) << ", p99 "
          << format_time(ps(lat["p99"])) << ", max " << format_time(ps(lat["max"]));
        if (lat["estimated"].get<bool>()) s << " (median and p99 estimated, within 0.5 %)";
    }
    s << "\n";
    for (std::size_t i = 0; i < rounds.size() && i < 4; ++i) {
        const json& r = rounds[i];
        const int count = r["cores"].get<int>(), released = r["released"].get<int>();
        s << "  round " << r["round"].get<std::uint32_t>() << ": " << count << " cores, arrivals "
          << format_time(ps(r["first_arrival_ps"])) << " .. "
          << format_time(ps(r["last_arrival_ps"]));
        if (r.contains("latency_ps"))
            s << ", releases " << format_time(ps(r["first_release_ps"])) << " .. "
              << format_time(ps(r["last_release_ps"])) << ", latency "
              << format_time(ps(r["latency_ps"]));
        else
            s << ", " << count - released << " never released";
        if (r["released_early"].get<int>())
            s << "; " << r["released_early"].get<int>() << " released before the last arrival";
        s << "\n";
    }
    say_left_out(s, total, 4, "rounds",
                 stats["left_out"].get<std::uint64_t>() == 0 ? "the JSON result has all"
                                                             : "--rounds FILE writes every one");
}

void summarize_polls_and_ffts(std::ostream& s, const json& result) {
    const json& timeouts = result["poll_timeouts"];
    if (!timeouts.empty()) {
        s << "polls      " << timeouts.size() << " poll loop(s) gave up at their limit\n";
        for (std::size_t i = 0; i < timeouts.size() && i < 4; ++i) {
            const json& p = timeouts[i];
            s << "  " << text(p["core"]) << " round " << p["round"].get<int>() << ": ";
            if (p.contains("slot_sum"))
                s << "sum " << p["value"].get<std::int64_t>() << " of "
                  << p["slots"].get<std::int64_t>() << " slots, target "
                  << p["target"].get<std::int64_t>();
            else if (p.contains("slots"))
                s << p["value"].get<std::int64_t>() << " of " << p["slots"].get<std::int64_t>()
                  << " slots at " << p["target"].get<std::int64_t>();
            else
                s << "counter " << p["value"].get<std::int64_t>() << ", target "
                  << p["target"].get<std::int64_t>();
            s << ", after " << p["polls"].get<std::uint64_t>() << " polls at "
              << format_time(ps(p["time_ps"]));
            if (!text(p["context"]).empty()) s << " (" << text(p["context"]) << ")";
            s << "\n";
        }
        say_left_out(s, timeouts.size(), 4, "poll timeouts");
    }
    const json& ffts = result["ffts"];
    const std::uint64_t messages = ffts["messages"], dropped = ffts["dropped_count"];
    if (messages || dropped)
        s << "ffts       " << messages << " messages, " << dropped << " dropped, "
          << ffts["hardware_error_count"].get<std::uint64_t>() << " hardware errors\n";
    if (dropped)
        s << "  first drop: " << text(ffts["dropped"][0]["core"]) << ": "
          << text(ffts["dropped"][0]["what"]) << "\n";
    const json& errors = ffts["hardware_errors"];
    for (std::size_t i = 0; i < errors.size() && i < 4; ++i)
        s << "  hardware error: " << text(errors[i]["core"]) << ": " << text(errors[i]["what"])
          << "\n";
    say_left_out(s, ffts["hardware_error_count"].get<std::size_t>(),
                 std::min<std::size_t>(errors.size(), 4), "hardware errors",
                 "the JSON result lists the first 100");
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

void summarize_ascend(std::ostream& s, const json& result) {
    s << "simulated  " << format_time(ps(result["time"]["end_ps"])) << "\n";
    for (const char* type : {"aic", "aiv"}) {
        s << "finished   " << type << ": ";
        if (!result["finish"].contains(type))
            s << "-\n";
        else
            s << result["finish"][type]["cores"].get<int>() << " cores, last at "
              << format_time(ps(result["finish"][type]["last_ps"])) << "\n";
    }
    summarize_checks(s, result["checks"]);
    summarize_stuck(s, result);
    summarize_watchdog(s, result);
    summarize_runtime(s, result);
    summarize_rounds(s, result["rounds"], result["round_stats"]);
    summarize_polls_and_ffts(s, result);
    if (result.contains("trace_window")) {
        const json& w = result["trace_window"];
        s << "traces     window " << w["asked"].get<std::string>() << ": ";
        if (w.contains("from_ps"))
            s << format_time(ps(w["from_ps"])) << " .. " << format_time(ps(w["to_ps"])) << "\n";
        else
            s << "never reached (its first round did not complete), so the traces hold no "
                 "change\n";
    }
}

} // namespace syncsim
