// Pieces of the result and the summary every kind uses (result_parts.hpp).
#include "driver/run/result_parts.hpp"

#include "driver/kinds/kind_setup.hpp"
#include "driver/run/run.hpp"
#include "workloads/registry.hpp"

#include <iomanip>
#include <sstream>

namespace syncsim {

using nlohmann::json;

json config_json(const ExperimentConfig& c) {
    json params = json::object();
    for (const auto& [name, value] : c.params)
        params[name] = {{"value", describe(value)}, {"set_at", c.param_origins.at(name)}};
    json j = {{"file", c.file},
              {"description", c.description},
              {"sets", c.sets},
              {"params", params},
              {"limits",
               {{"sim_time_ps", c.sim_time_limit_ps},
                {"max_events", c.max_events},
                {"wall_time_s", c.wall_time_s}}},
              {"simulator", {{"poll", c.fast_poll ? "fast_forward" : "spin"}}}};
    c.setup->describe_workload(j);
    if (!c.plugin.empty()) j["workload"]["plugin"] = c.plugin;
    return j;
}

void say_left_out(std::ostream& s, std::size_t total, std::size_t shown, const char* what,
                  const char* where) {
    SummaryOut(s).left_out(total, shown, what, where);
}

std::string timing_line(const RunReport& r) {
    auto rate = [&r](double seconds) { return seconds > 0 ? r.events / seconds : 0.0; };
    std::ostringstream t;
    t << "wall       " << std::fixed << std::setprecision(3) << r.wall_seconds << " s (set-up "
      << r.setup_seconds << " s, simulation " << r.simulation_seconds << " s, result "
      << r.result_seconds << " s";
    if (r.fix_trial_seconds > 0) t << ", of which fixes tried " << r.fix_trial_seconds << " s";
    t << "); " << std::setprecision(0) << rate(r.simulation_seconds)
      << " resumptions/s simulating, " << rate(r.wall_seconds) << " over the run\n";
    return t.str();
}

} // namespace syncsim
