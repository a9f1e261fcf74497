// Files a test writes for itself, in a folder of its own.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace syncsim::test {

inline std::filesystem::path temp_dir() {
    const auto dir =
        std::filesystem::temp_directory_path() / ("syncsim-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir;
}

inline std::string write_file(const std::string& name, const std::string& text) {
    const auto path = temp_dir() / name;
    std::ofstream(path) << text;
    return path.string();
}

inline std::string platforms_dir() {
    return std::string(SYNCSIM_SOURCE_DIR) + "/platforms";
}
inline std::string repo_file(const std::string& rel) {
    return std::string(SYNCSIM_SOURCE_DIR) + "/" + rel;
}

} // namespace syncsim::test
