#include "models/runtime/watchdog_report.hpp"

#include "models/systemc/simulation_time.hpp"

#include <sstream>

namespace syncsim {

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

ReportValue text_list(const std::vector<std::string>& lines) {
    ReportValue::List out(lines.begin(), lines.end());
    return ReportValue(std::move(out));
}

ReportValue kill_record(const WatchdogKill& k) {
    ReportValue::List cores;
    for (const auto& c : k.cores)
        cores.push_back(record()
                            .with("core", c.core)
                            .with("state", c.state)
                            .with("since_ps", to_ps(c.since))
                            .with("doing", c.doing));
    return record()
        .with("launch", k.launch_id)
        .with("kernel", k.kernel)
        .with("kernel_type", k.kernel_type)
        .with("started_ps", to_ps(k.started))
        .with("fired_ps", to_ps(k.fired))
        .with("timeout_us", k.timeout_us)
        .with("timeout_credits", k.timeout_credits)
        .with("code", k.code.code)
        .with("code_name", k.code.name)
        .with("device_log", device_log(k.code))
        .with("deadlocked", k.deadlocked)
        .with("stuck_since_ps", to_ps(k.stuck_since))
        .with("blocks_never_dispatched", k.blocks_never_dispatched)
        .with("culprits", text_list(k.culprits))
        .with("waits", text_list(k.waits))
        .with("cores", std::move(cores));
}

ReportValue watchdog_record(const TaskScheduler& scheduler) {
    ReportValue::List kills, pending;
    for (const WatchdogKill& k : scheduler.watchdog_kills()) kills.push_back(kill_record(k));
    for (const auto& p : scheduler.pending_deadlines())
        pending.push_back(record()
                              .with("launch", p.launch_id)
                              .with("kernel", p.kernel)
                              .with("deadline_ps", p.deadline ? ReportValue(to_ps(*p.deadline))
                                                              : ReportValue::none())
                              .with("code", p.code.code)
                              .with("code_name", p.code.name));
    const OpTimeout& t = scheduler.op_timeout();
    return record()
        .with("op_execute_timeout_interval_us", t.interval_us())
        .with("op_execute_timeout_credits", t.global_credits())
        .with("op_execute_timeout_us", t.duration_us(t.global_credits()))
        .with("device_needs_reset", scheduler.needs_reset())
        .with("kills", std::move(kills))
        .with("pending", std::move(pending));
}

void summarize_kill(SummaryOut& out, const WatchdogKill& k) {
    std::ostream& s = out.os();
    s << "watchdog   launch " << k.launch_id << " (" << k.kernel << ", " << k.kernel_type
      << ") killed at " << format_time(to_ps(k.fired)) << " (op-execute timeout " << k.timeout_us
      << " us, " << k.timeout_credits << " credit(s)): host sees " << k.code.code << " "
      << k.code.name << "; device log \"" << device_log(k.code) << "\"\n";
    if (k.deadlocked && k.cores.empty())
        s << "  model    nothing was left to happen: none of its blocks had started\n";
    else if (k.deadlocked)
        s << "  model    nothing was left to happen: the cores were deadlocked, the last "
             "stuck since "
          << format_time(to_ps(k.stuck_since)) << ". At the kill:\n";
    else
        s << "  model    the kernel was still running. At the kill:\n";
    for (const std::string& line : k.waits) s << "  " << line << "\n";
    if (k.waits.empty()) { // no wait that names a signaller: core by core
        for (std::size_t i = 0; i < k.cores.size() && i < 12; ++i)
            s << "  " << k.cores[i].core << ": " << k.cores[i].state << " since "
              << format_time(to_ps(k.cores[i].since)) << ", " << k.cores[i].doing << "\n";
        out.left_out(k.cores.size(), 12, "cores");
    }
    if (k.blocks_never_dispatched)
        s << "  " << k.blocks_never_dispatched << " block(s) never dispatched\n";
}

void summarize_watchdog(SummaryOut& out, const TaskScheduler& scheduler) {
    std::ostream& s = out.os();
    for (const WatchdogKill& k : scheduler.watchdog_kills()) summarize_kill(out, k);
    if (scheduler.needs_reset()) s << "  device   needs a reset: later launches do not run\n";
    for (const auto& p : scheduler.pending_deadlines()) {
        s << "watchdog   launch " << p.launch_id << " (" << p.kernel << ") ";
        if (!p.deadline)
            s << "never times out (its own timeout of 0: credit 255)\n";
        else
            s << "would be killed at " << format_time(to_ps(*p.deadline))
              << ", past the run's end: the host would see " << p.code.code << " " << p.code.name
              << "\n";
    }
}

// Under the cores' "not done" heading: the launches whose blocks did not all run.
void summarize_unfinished(SummaryOut& out, const TaskScheduler& scheduler) {
    if (!out.opened(SummaryPart::NotDone)) return;
    for (const LaunchReport& l : scheduler.active_launches()) {
        out.os() << "  launch " << l.launch_id << " " << l.kernel << ": " << l.blocks_dispatched
                 << "/" << l.block_num << " blocks dispatched, " << l.cores_running
                 << " cores running";
        if (!l.waiting_for.empty()) out.os() << "; " << l.waiting_for;
        out.os() << "\n";
    }
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

void declare_watchdog_report(StatsGroup& g, const TaskScheduler& scheduler) {
    const TaskScheduler* s = &scheduler;
    g.add("watchdog", "record",
          "the op-execute watchdog: its timeout, the tasks it killed and what their cores did, "
          "the deadlines still pending at the end",
          [s] { return watchdog_record(*s); });
    g.add("diagnosis.at_kill", "text",
          "who did not arrive at what a killed launch's cores waited on, then the waiters", [s] {
              std::vector<std::string> lines;
              for (const WatchdogKill& k : s->watchdog_kills()) {
                  lines.insert(lines.end(), k.culprits.begin(), k.culprits.end());
                  lines.insert(lines.end(), k.waits.begin(), k.waits.end());
              }
              return lines.empty() ? ReportValue() : text_list(lines);
          });
    g.summary(SummaryPart::Culprit, [s](SummaryOut& out) {
        for (const WatchdogKill& k : s->watchdog_kills()) {
            for (std::size_t i = 0; i < k.culprits.size() && i < 8; ++i)
                out.os() << "culprit    " << k.culprits[i] << " (at the kill of launch "
                         << k.launch_id << ")\n";
            out.left_out(k.culprits.size(), 8, "cores that did not arrive");
        }
    });
    g.summary(SummaryPart::NotDone, [s](SummaryOut& out) { summarize_unfinished(out, *s); });
    g.summary(SummaryPart::Watchdog, [s](SummaryOut& out) { summarize_watchdog(out, *s); });
}

} // namespace syncsim
