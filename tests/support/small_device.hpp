// A small device for module tests: the made-up X900 (tests/platforms) with
// overrides, at 1 GHz so that cycles are nanoseconds.
#pragma once

#include "platforms/platform.hpp"
#include "tests/support/temp_file.hpp"

#include <string>
#include <yaml-cpp/yaml.h>

namespace syncsim::test {

// `overrides` is a YAML map of platform paths, e.g. "die: {count: 1}".
inline Platform small_platform(const std::string& overrides) {
    Platform p = load_platform(repo_file("tests/platforms"), "x900");
    override_platform(p, MapView(YAML::Load("clock_mhz: 1000"), "test", ""));
    override_platform(p, MapView(YAML::Load(overrides), "test", ""));
    return p;
}

inline double now_ns() {
    return sc_core::sc_time_stamp().to_seconds() * 1e9;
}

} // namespace syncsim::test
