// Finding platform files: the search path, display names, the list of
// platforms, a file's kind, and reading a file after its base chain.
#include "config/param_tree.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

namespace syncsim {

std::vector<std::string> platform_dirs(const std::string& search_path) {
    std::vector<std::string> dirs;
    std::string::size_type start = 0;
    for (;;) {
        const auto colon = search_path.find(':', start);
        const std::string dir = search_path.substr(start, colon - start);
        if (!dir.empty()) dirs.push_back(dir);
        if (colon == std::string::npos) return dirs;
        start = colon + 1;
    }
}

std::string platform_folder(const std::string& search_path, const std::string& name) {
    std::error_code ec;
    for (const std::string& dir : platform_dirs(search_path))
        if (std::filesystem::exists(std::filesystem::path(dir) / (name + ".yaml"), ec)) return dir;
    return "";
}

std::string platform_display_path(const std::string& dir, const std::string& name) {
    const auto folder = std::filesystem::path(dir).lexically_normal().filename();
    return (folder.empty() ? std::filesystem::path("platforms") : folder).string() + "/" + name +
           ".yaml";
}

void check_platform_name(const std::string& name) {
    const auto allowed = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
    };
    const bool ok = !name.empty() && name.size() <= 64 && name[0] != '.' && name[0] != '-' &&
                    std::all_of(name.begin(), name.end(), allowed);
    if (!ok)
        throw ConfigError(quote_short(name) +
                          " is not a platform name: letters, digits, '_', '.' and '-', at most "
                          "64 characters (syncsim list platforms)");
}

std::vector<std::string> list_platforms(const std::string& search_path) {
    std::set<std::string> names;
    for (const std::string& dir : platform_dirs(search_path)) {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
            const auto path = entry.path();
            if (path.extension() == ".yaml" && path.stem().string()[0] != '_')
                names.insert(path.stem().string());
        }
    }
    return {names.begin(), names.end()};
}

namespace {
std::string read_platform_kind(const std::string& dir, const std::string& name,
                               const std::vector<std::string>& kinds) {
    std::string file = name;
    for (int depth = 0; depth < 16; ++depth) {
        check_platform_name(file);
        const std::string folder = platform_folder(dir, file);
        if (folder.empty()) return "ascend"; // the loader names what is missing
        const auto path = std::filesystem::path(folder) / (file + ".yaml");
        const MapView doc(load_yaml_file(path.string()), platform_display_path(folder, file), "");
        if (doc.has("kind")) return doc.choice("kind", kinds);
        if (!doc.has("base")) return "ascend";
        file = doc.text("base");
    }
    return "ascend";
}
} // namespace

std::string platform_kind(const std::string& dir, const std::string& name,
                          const std::vector<std::string>& kinds) {
    check_platform_name(name);
    // Only names with a file are remembered: a missing one is an error later.
    if (platform_folder(dir, name).empty()) return "ascend";
    return load_once<std::string>(dir, name, [&] { return read_platform_kind(dir, name, kinds); });
}

namespace {
// The platform whose device.soc_version is `soc` (any case; "Ascend910B1"
// names 910b1), or empty: users type the chip's name the vendor's tools print.
std::string platform_of_soc_version(const std::string& dir, const std::string& soc) {
    const auto lower = [](std::string t) {
        for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return t;
    };
    for (const std::string& name : list_platforms(dir)) {
        const std::string path =
            (std::filesystem::path(platform_folder(dir, name)) / (name + ".yaml")).string();
        try {
            const YAML::Node entry = load_yaml_file(path)["device"]["soc_version"];
            const YAML::Node value = entry.IsMap() ? entry["value"] : entry;
            // Ascend950PR names Ascend950PR_9599: the part before the variant.
            const std::string v = value.IsScalar() ? lower(value.Scalar()) : "";
            if (!v.empty() && (v == lower(soc) || v.substr(0, v.find('_')) == lower(soc)))
                return name;
        } catch (const std::exception&) {
            // A platform file that does not read is reported when it is used.
        }
    }
    return "";
}
} // namespace

void read_platform_chain(const std::string& dir, const std::string& name,
                         const std::vector<std::string>& allowed,
                         const std::function<void(const PlatformFileView&)>& read) {
    std::set<std::string> seen;
    std::function<void(const std::string&)> read_file = [&](const std::string& file_name) {
        check_platform_name(file_name);
        const std::string folder = platform_folder(dir, file_name);
        const std::string path = (std::filesystem::path(folder) / (file_name + ".yaml")).string();
        const std::string file = platform_display_path(folder, file_name);
        if (!seen.insert(file_name).second)
            throw ConfigError(file + ": 'base' chain loops back to itself");
        if (folder.empty()) {
            std::string looked;
            for (const std::string& d : platform_dirs(dir))
                looked += (looked.empty() ? "" : ", ") + platform_display_path(d, file_name);
            std::string message = "no platform '" + file_name + "' (looked for " + looked + ")";
            std::string hint = platform_of_soc_version(dir, file_name);
            if (!hint.empty())
                throw ConfigError(message + "; '" + file_name + "' is the soc_version of '" + hint +
                                  "': did you mean '" + hint + "'?");
            hint = nearest_name(file_name, list_platforms(dir));
            if (!hint.empty()) message += "; did you mean '" + hint + "'?";
            throw ConfigError(message);
        }
        YAML::Node root;
        try {
            root = load_yaml_file(path);
        } catch (const ConfigError& e) {
            throw ConfigError(std::string(e.what()).replace(0, path.size(), file));
        }
        const MapView doc(root, file, "");
        if (doc.has("params"))
            doc.fail("params", "platform files describe a tree under 'device:' (device -> die "
                               "-> cluster -> core, with l2, ffts, scheduler, notify and "
                               "interconnect nodes); 'params:' is the old flat format "
                               "(syncsim describe platform NAME shows every path)");
        std::vector<std::string> keys = {"base", "kind", "description"};
        keys.insert(keys.end(), allowed.begin(), allowed.end());
        doc.allow_only(keys);
        if (auto base = doc.opt_text("base")) read_file(*base);
        read({doc, file, path});
    };
    read_file(name);
}

} // namespace syncsim
