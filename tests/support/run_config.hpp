// Runs a config in this process (one per test case: SystemC elaborates once)
// or the syncsim binary as a user would.
#pragma once

#include "driver/run/run.hpp"
#include "tests/support/temp_file.hpp"

#include <array>
#include <cstdio>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace syncsim::test {

inline RunReport run_config(const std::string& rel_path, const std::vector<std::string>& sets = {},
                            const std::string& vcd = "") {
    const ExperimentConfig cfg = load_experiment(repo_file(rel_path), sets, platforms_dir());
    RunOptions options;
    options.vcd_path = vcd;
    return run_experiment(cfg, options);
}

#ifdef SYNCSIM_TEST_PLUGIN_DIR
// A plugin this build made for the tests (tests/CMakeLists.txt).
inline std::string plugin_path(const std::string& name) {
    return std::string(SYNCSIM_TEST_PLUGIN_DIR) + "/lib" + name + ".so";
}
#endif

struct CommandResult {
    int exit_code;
    std::string output; // stdout and stderr
};

// Runs a shell command line; its output is stdout and stderr; a signal is
// exit code -1.
inline CommandResult run_in_shell(const std::string& command) {
    const std::string cmd = "{ " + command + " ; } 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    CommandResult r{-1, ""};
    if (!pipe) return r;
    std::array<char, 4096> buf;
    while (std::size_t n = fread(buf.data(), 1, buf.size(), pipe)) r.output.append(buf.data(), n);
    const int status = pclose(pipe);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

inline CommandResult run_syncsim(const std::string& args) {
    return run_in_shell(std::string(SYNCSIM_BINARY) + " " + args);
}

inline std::string read_text(const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The text's lines, without their line breaks.
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The check a run reported under `name`; null when it reported none (so a
// test's comparison with true or false fails).
inline nlohmann::json check_named(const RunReport& r, const std::string& name) {
    for (const nlohmann::json& c : r.result["checks"])
        if (c["name"] == name) return c;
    return nlohmann::json();
}

} // namespace syncsim::test
