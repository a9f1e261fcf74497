#include "driver/run/output_paths.hpp"

#include "config/yaml_view.hpp"

#include <filesystem>

namespace syncsim {

namespace {

namespace fs = std::filesystem;

// One file under two names: the same inode when both exist (links, "./x",
// "../dir/x"), else the same path once made absolute and normal.
bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    if (fs::exists(a, ec) && fs::exists(b, ec)) {
        const bool same = fs::equivalent(a, b, ec);
        return !ec && same;
    }
    const fs::path ca = fs::weakly_canonical(fs::absolute(a), ec);
    if (ec) return false;
    const fs::path cb = fs::weakly_canonical(fs::absolute(b), ec);
    return !ec && ca == cb;
}

bool is_device(const std::string& path) {
    std::error_code ec;
    return fs::is_character_file(path, ec);
}

} // namespace

void check_outputs_apart(const std::vector<NamedPath>& inputs,
                         const std::vector<NamedPath>& outputs) {
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const NamedPath& out = outputs[i];
        if (out.path.empty() || is_device(out.path)) continue;
        for (const NamedPath& in : inputs)
            if (!in.path.empty() && same_file(out.path, in.path))
                throw ConfigError(out.what + " " + quote_short(out.path) + " is " + in.what +
                                  ": the run would overwrite its own input; name another file");
        for (std::size_t j = 0; j < i; ++j)
            if (!outputs[j].path.empty() && same_file(out.path, outputs[j].path))
                throw ConfigError(outputs[j].what + " and " + out.what + " both name " +
                                  quote_short(out.path) +
                                  ": one would overwrite the other; name two files");
    }
}

} // namespace syncsim
