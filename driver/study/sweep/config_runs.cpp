#include "driver/study/sweep/config_runs.hpp"

#include "driver/experiment/experiment_config.hpp"
#include "driver/study/sensitivity/sensitivity_cache.hpp"

#include <filesystem>

namespace syncsim {

namespace fs = std::filesystem;

SetList split_sets(const std::vector<std::string>& sets) {
    SetList out;
    for (const std::string& s : sets) {
        const auto eq = s.find('=');
        if (eq == std::string::npos || eq == 0)
            throw ConfigError("--set " + quote_short(s) + ": expected KEY=VALUE");
        out.push_back({s.substr(0, eq), s.substr(eq + 1)});
    }
    return out;
}

ConfigRuns::ConfigRuns(const std::string& config, const std::string& description,
                       std::string out_dir, int jobs, const std::string& syncsim_binary,
                       const std::string& platforms_dir, SetList sets)
    : out(std::move(out_dir)), user_sets(std::move(sets)) {
    options.jobs = jobs;
    options.syncsim_binary = syncsim_binary;
    options.platforms_dir = platforms_dir;
    spec.base = fs::absolute(config).lexically_normal().string();
    spec.description = description;
    std::error_code ec;
    fs::create_directories(fs::path(out) / "points", ec);
    if (ec) throw ConfigError("cannot create the folder " + quote_short(out) + ": " + ec.message());
}

sweep::Point ConfigRuns::point(const std::string& name, const SetList& extra) {
    sweep::Point p{next_index++, user_sets, "", "", "", ""};
    p.values.insert(p.values.end(), extra.begin(), extra.end());
    p.dir =
        fs::absolute(fs::path(out) / "points" / ((name.empty() ? "" : name + "-") + sweep::slug(p)))
            .string();
    try {
        const ExperimentConfig cfg =
            load_experiment(spec.base, sweep::sets_of(p), options.platforms_dir);
        p.plugin = cfg.plugin;
        p.key = run_inputs_key(cfg);
    } catch (const ConfigError& e) {
        p.impossible = e.what();
    }
    return p;
}

nlohmann::json ConfigRuns::run(const std::vector<sweep::Point>& points) {
    return sweep::run_batch(options, spec, out, points, false);
}

} // namespace syncsim
