// libFuzzer target over everything a user's config and command line reach
// before elaboration: YAML parsing, --set, every key and value, platform
// files and overrides, launch rules, expectations and the capacity check.
// Input: the config's text, then NUL-separated --set arguments. Bad input
// must end in ConfigError (exit 2); anything else escaping is a bug, which
// libFuzzer reports as a crash, as it does AddressSanitizer and UBSan reports.
#include "config/yaml_view.hpp"
#include "driver/experiment_config.hpp"
#include "driver/plugin_loader.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t nul; (nul = input.find('\0', start)) != std::string::npos; start = nul + 1)
        parts.push_back(input.substr(start, nul - start));
    parts.push_back(input.substr(start));
    const std::string config = parts.front();
    const std::vector<std::string> sets(parts.begin() + 1, parts.end());
    syncsim::allow_plugins(false); // a fuzzed `workload.plugin` must not dlopen anything
    try {
        (void)syncsim::load_experiment_text(config, "fuzz.yaml", sets, SYNCSIM_PLATFORMS_DIR);
    } catch (const syncsim::ConfigError&) {
    }
    return 0;
}

// libsystemc refers to sc_main; libFuzzer's main runs instead, so it is
// never called.
extern "C" int sc_main(int, char*[]) {
    return 0;
}
