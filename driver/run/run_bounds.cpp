#include "driver/run/run_bounds.hpp"

#include "driver/run/interrupts.hpp"
#include "driver/run/run.hpp"
#include "models/report/summary.hpp"
#include "models/systemc/sanitizer_stack.hpp"
#include "models/systemc/simulation_time.hpp"

#include <systemc>
#include <vector>

namespace syncsim {

void arm_run_bounds(const ExperimentConfig& cfg) {
    Activity::arm(cfg.max_events, cfg.wall_time_s);
}

std::pair<std::string, std::string> bound_outcome(const ExperimentConfig& cfg) {
    switch (Activity::stopped()) {
    case Activity::Stop::EventLimit:
        return {"event_limit", "limits.max_events (" + std::to_string(cfg.max_events) +
                                   " thread resumptions) reached while the model was still active"};
    case Activity::Stop::WallLimit: {
        std::ostringstream os;
        os << "limits.wall_time (" << cfg.wall_time_s
           << " s of wall-clock time) reached while the model was still active";
        return {"wall_limit", os.str()};
    }
    case Activity::Stop::Interrupted:
        return {"interrupted",
                std::string(interrupt_name(Activity::interrupt_requested())) +
                    " stopped the run at simulated time " +
                    format_time(to_ps(sc_core::sc_time_stamp())) +
                    " while the model was still active: what follows covers the run up to there"};
    case Activity::Stop::None:
        break;
    }
    return {"", ""};
}

namespace {

void collect_live_threads(const std::vector<sc_core::sc_object*>& objects,
                          std::vector<sc_core::sc_process_handle>& out) {
    for (sc_core::sc_object* object : objects) {
        const sc_core::sc_process_handle h(object);
        if (h.valid() && !h.terminated() &&
            (h.proc_kind() == sc_core::SC_THREAD_PROC_ ||
             h.proc_kind() == sc_core::SC_CTHREAD_PROC_))
            out.push_back(h);
        collect_live_threads(object->get_child_objects(), out); // spawned processes
    }
}

} // namespace

void end_processes() {
    using namespace sc_core;
    if (sc_get_status() != SC_PAUSED) return;
    // kill() needs a running process to call it: a method does, in one delta.
    sc_spawn_options reaper;
    reaper.spawn_method();
    sc_spawn(
        [] {
            std::vector<sc_process_handle> live;
            collect_live_threads(sc_get_top_level_objects(), live);
            for (sc_process_handle& h : live)
                if (!h.terminated()) h.kill();
        },
        "end_processes", &reaper);
    sc_start(SC_ZERO_TIME);
    // The killed threads ended without telling the sanitizers (see there).
    announce_main_stack_to_sanitizers();
}

void configure_systemc_reports() {
    using namespace sc_core;
    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);
    sc_report_handler::set_actions(SC_WARNING, SC_THROW);
}

} // namespace syncsim
