// Where the platform files are, for every command that reads them.
#include "driver/cli/platforms_dir.hpp"

#include "config/param_tree.hpp"
#include "driver/kinds/platform_kind.hpp"

#include <cstdlib>
#include <filesystem>

namespace syncsim {

// Where the platform files are: --platforms, else $SYNCSIM_PLATFORMS, else
// beside an installed binary (PREFIX/share/syncsim/platforms), else the
// source tree this binary was built from. Each may be a ':'-separated list.
std::string platforms_dir(const std::string& given) {
    std::string dir = std::string(SYNCSIM_SOURCE_DIR) + "/platforms", from = "the source tree";
    std::error_code ec;
    const auto installed =
        std::filesystem::canonical("/proc/self/exe", ec).parent_path().parent_path() / "share" /
        "syncsim" / "platforms";
    if (!ec && std::filesystem::is_directory(installed, ec)) {
        dir = installed.string();
        from = "the installed platforms";
    }
    if (!given.empty()) {
        dir = given;
        from = "--platforms";
    } else if (const char* env = std::getenv("SYNCSIM_PLATFORMS")) {
        dir = env;
        from = "SYNCSIM_PLATFORMS";
    }
    for (const std::string& folder : platform_dirs(dir))
        if (!std::filesystem::is_directory(folder, ec))
            throw ConfigError("platforms folder " + quote_short(folder) + " (" + from +
                              ") is not a directory");
    if (platform_dirs(dir).empty()) throw ConfigError("no platforms folder given (" + from + ")");
    return dir;
}

} // namespace syncsim
