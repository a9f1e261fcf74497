// Runs a config spinning and fast-forwarded through the binary and returns
// the two results without what may differ (event counts, the mode itself).
#pragma once

#include "tests/support/run_config.hpp"

#include <nlohmann/json.hpp>

namespace syncsim::test {

inline nlohmann::json result_in_mode(const std::string& config, const std::string& mode,
                                     const std::string& extra = "") {
    const std::string out = (temp_dir() / ("mode_" + mode + ".json")).string();
    const auto r = run_syncsim("run " + config + " --set simulator.poll=" + mode + " " + extra +
                               " --json " + out);
    if (r.exit_code != 0 && r.exit_code != 1) return nlohmann::json{{"error", r.output}};
    nlohmann::json j = nlohmann::json::parse(read_text(out));
    j.erase("events");
    j["config"].erase("simulator");
    j["config"].erase("sets");
    return j;
}

} // namespace syncsim::test
