// Runs the binary with `args` (a config and its options) and returns the
// JSON result; the run must end with exit 0 or 1 (a result was written).
#pragma once

#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace syncsim::test {

inline nlohmann::json run_json(const std::string& args, const std::string& name) {
    const std::string out = (temp_dir() / (name + ".json")).string();
    const auto r = run_syncsim("run " + args + " --json " + out);
    INFO(r.output);
    REQUIRE((r.exit_code == 0 || r.exit_code == 1));
    return nlohmann::json::parse(read_text(out));
}

} // namespace syncsim::test
