// The device's view of a hang: the op-execute watchdog's kills (what the host
// saw, and what the model says the cores were doing) and, for a run that
// ended before it fired, when it would have.
#include "driver/ascend_result.hpp"
#include "driver/run_common.hpp"
#include "models/runtime/task_scheduler.hpp"
#include "models/systemc/simulation_time.hpp"

#include <sstream>

namespace syncsim {

using nlohmann::json;

namespace {

std::string device_log(const TimeoutCode& c) {
    std::ostringstream os;
    os << "Kernel task happen error, retCode=0x" << std::hex << c.ret_code << ", [" << c.log_text
       << "]";
    return os.str();
}

std::string code_text(const TimeoutCode& c) {
    return std::to_string(c.code) + " (" + c.name + ")";
}

} // namespace

std::string watchdog_reason(const WatchdogKill& k) {
    std::string out = "the op-execute watchdog killed launch " + std::to_string(k.launch_id) +
                      " (" + k.kernel + ", " + k.kernel_type + ") at " +
                      format_time(to_ps(k.fired)) + ", " + std::to_string(k.timeout_us) +
                      " us after it started; its stream reports " + code_text(k.code) +
                      " and the device needs a reset";
    if (k.deadlocked && k.cores.empty())
        out += "; in the model none of its blocks had started: they were waiting for cores (a "
               "deadlock)";
    else if (k.deadlocked)
        out += "; in the model its cores had been stuck since " +
               format_time(to_ps(k.stuck_since)) + " (a deadlock)";
    return out;
}

json watchdog_json(const TaskScheduler& scheduler) {
    json kills = json::array();
    for (const WatchdogKill& k : scheduler.watchdog_kills()) {
        json cores = json::array();
        for (const auto& c : k.cores)
            cores.push_back({{"core", c.core},
                             {"state", c.state},
                             {"since_ps", to_ps(c.since)},
                             {"doing", c.doing}});
        kills.push_back({{"launch", k.launch_id},
                         {"kernel", k.kernel},
                         {"kernel_type", k.kernel_type},
                         {"started_ps", to_ps(k.started)},
                         {"fired_ps", to_ps(k.fired)},
                         {"timeout_us", k.timeout_us},
                         {"timeout_credits", k.timeout_credits},
                         {"code", k.code.code},
                         {"code_name", k.code.name},
                         {"device_log", device_log(k.code)},
                         {"deadlocked", k.deadlocked},
                         {"stuck_since_ps", to_ps(k.stuck_since)},
                         {"blocks_never_dispatched", k.blocks_never_dispatched},
                         {"cores", cores}});
    }
    json pending = json::array();
    for (const auto& p : scheduler.pending_deadlines())
        pending.push_back({{"launch", p.launch_id},
                           {"kernel", p.kernel},
                           {"deadline_ps", p.deadline ? json(to_ps(*p.deadline)) : json()},
                           {"code", p.code.code},
                           {"code_name", p.code.name}});
    const OpTimeout& t = scheduler.op_timeout();
    return {{"op_execute_timeout_interval_us", t.interval_us()},
            {"op_execute_timeout_credits", t.global_credits()},
            {"op_execute_timeout_us", t.duration_us(t.global_credits())},
            {"device_needs_reset", scheduler.needs_reset()},
            {"kills", kills},
            {"pending", pending}};
}

void summarize_watchdog(std::ostream& s, const json& result) {
    const json& w = result["watchdog"];
    for (const json& k : w["kills"]) {
        s << "watchdog   launch " << k["launch"].get<std::uint64_t>() << " ("
          << k["kernel"].get<std::string>() << ", " << k["kernel_type"].get<std::string>()
          << ") killed at " << format_time(k["fired_ps"].get<std::uint64_t>())
          << " (op-execute timeout " << k["timeout_us"].get<std::uint64_t>() << " us, "
          << k["timeout_credits"].get<std::int64_t>() << " credit(s)): host sees "
          << k["code"].get<int>() << " " << k["code_name"].get<std::string>() << "; device log \""
          << k["device_log"].get<std::string>() << "\"\n";
        if (k["deadlocked"].get<bool>() && k["cores"].empty())
            s << "  model    nothing was left to happen: none of its blocks had started\n";
        else if (k["deadlocked"].get<bool>())
            s << "  model    nothing was left to happen: the cores were deadlocked, the last "
                 "stuck since "
              << format_time(k["stuck_since_ps"].get<std::uint64_t>()) << ". At the kill:\n";
        else
            s << "  model    the kernel was still running. At the kill:\n";
        const json& cores = k["cores"];
        for (std::size_t i = 0; i < cores.size() && i < 12; ++i)
            s << "  " << cores[i]["core"].get<std::string>() << ": "
              << cores[i]["state"].get<std::string>() << " since "
              << format_time(cores[i]["since_ps"].get<std::uint64_t>()) << ", "
              << cores[i]["doing"].get<std::string>() << "\n";
        say_left_out(s, cores.size(), 12, "cores");
        if (k["blocks_never_dispatched"].get<std::int64_t>())
            s << "  " << k["blocks_never_dispatched"].get<std::int64_t>()
              << " block(s) never dispatched\n";
    }
    if (w["device_needs_reset"].get<bool>())
        s << "  device   needs a reset: later launches do not run\n";
    for (const json& p : w["pending"]) {
        s << "watchdog   launch " << p["launch"].get<std::uint64_t>() << " ("
          << p["kernel"].get<std::string>() << ") ";
        if (p["deadline_ps"].is_null())
            s << "never times out (its own timeout of 0: credit 255)\n";
        else
            s << "would be killed at " << format_time(p["deadline_ps"].get<std::uint64_t>())
              << ", past the run's end: the host would see " << p["code"].get<int>() << " "
              << p["code_name"].get<std::string>() << "\n";
    }
}

} // namespace syncsim
