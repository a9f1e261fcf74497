// libFuzzer target over the inputs one process can take apart without
// running a simulation. The first byte of an input picks what the rest is:
//
//   'c'  a config's text, then NUL-separated --set arguments: YAML parsing,
//        --set, every key and value, platforms, overrides, launch rules,
//        expectations and the capacity check (the first target's reach)
//   'p'  a platform file (kind, base chain, tree, launch rules), loaded as
//        platforms/fuzzed.yaml beside the shipped ones, by a config that
//        names it
//   's'  a sweep file: axes, combine, plot, point count, the first points'
//        configs
//   'e'  a plugin file's bytes: the ELF checks made before dlopen (the
//        library itself is never loaded: its code would run)
//
// Any other first byte is read as a config. Bad input must end in a
// ConfigError (exit 2) or an empty problem; anything else escaping is a bug,
// which libFuzzer reports as a crash, as it does ASan and UBSan reports.
#include "config/param_tree.hpp"
#include "config/yaml_view.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "driver/experiment/shared_library_check.hpp"
#include "driver/study/sweep/sweep.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

namespace {

// A folder of this process's own, removed when it exits: the shipped
// platforms, and the files a fuzzed input becomes.
struct WorkDir {
    fs::path path = fs::temp_directory_path() / ("syncsim-fuzz-" + std::to_string(getpid()));
    WorkDir() {
        fs::create_directories(path / "platforms");
        for (const auto& f : fs::directory_iterator(SYNCSIM_PLATFORMS_DIR))
            if (f.path().extension() == ".yaml")
                fs::copy_file(f.path(), path / "platforms" / f.path().filename(),
                              fs::copy_options::overwrite_existing);
    }
    ~WorkDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

const fs::path& work_dir() {
    static const WorkDir dir;
    return dir.path;
}

std::string write(const std::string& name, const std::string& bytes) {
    const fs::path path = work_dir() / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path.string();
}

void fuzz_config(const std::string& input) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t nul; (nul = input.find('\0', start)) != std::string::npos; start = nul + 1)
        parts.push_back(input.substr(start, nul - start));
    parts.push_back(input.substr(start));
    const std::vector<std::string> sets(parts.begin() + 1, parts.end());
    (void)syncsim::load_experiment_text(parts.front(), "fuzz.yaml", sets, SYNCSIM_PLATFORMS_DIR);
}

void fuzz_platform(const std::string& text) {
    write("platforms/fuzzed.yaml", text);
    syncsim::forget_loaded_platforms(); // the file changed since the last input
    (void)syncsim::load_experiment_text(
        "platform: fuzzed\nworkload: {host: gm_roundtrip}\nlimits: {sim_time: 1 ms}\n", "fuzz.yaml",
        {}, (work_dir() / "platforms").string());
}

void fuzz_sweep(const std::string& text) {
    // Its base config is found beside it: a copy of a shipped one.
    static const std::string base = write(
        "base.yaml", "platform: 950pr\nworkload: {host: gm_roundtrip}\nlimits: {sim_time: 1 ms}\n");
    (void)base;
    (void)syncsim::check_sweep(write("sweep.yaml", text), SYNCSIM_PLATFORMS_DIR, 4);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    syncsim::allow_plugins(false); // a fuzzed `workload.plugin` must not dlopen anything
    if (size == 0) return 0;
    const std::string rest(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        switch (data[0]) {
        case 'p':
            fuzz_platform(rest);
            break;
        case 's':
            fuzz_sweep(rest);
            break;
        case 'e':
            (void)syncsim::shared_library_problem(write("plugin.so", rest));
            break;
        case 'c':
            fuzz_config(rest);
            break;
        default:
            fuzz_config(std::string(reinterpret_cast<const char*>(data), size));
        }
    } catch (const syncsim::ConfigError&) {
    }
    return 0;
}

// libsystemc refers to sc_main; libFuzzer's main runs instead, so it is
// never called.
extern "C" int sc_main(int, char*[]) {
    return 0;
}
