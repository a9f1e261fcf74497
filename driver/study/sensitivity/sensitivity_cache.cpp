#include "driver/study/sensitivity/sensitivity_cache.hpp"

#include "driver/run/result_parts.hpp"
#include "driver/study/sensitivity/sensitivity_plan.hpp"
#include "driver/study/sweep/sweep_point.hpp"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace syncsim {

namespace fs = std::filesystem;
using nlohmann::json;

std::string run_inputs_key(const ExperimentConfig& cfg) {
    std::string all = std::string(SYNCSIM_VERSION) + "\n" + sweep::read_file(cfg.file) + "\n";
    for (const std::string& set : cfg.sets) all += "--set " + set + "\n";
    for (const std::string& file : cfg.platform_files())
        all += "platform " + sweep::read_file(file) + "\n";
    if (!cfg.plugin.empty()) all += "plugin " + sweep::read_file(cfg.plugin) + "\n";
    return sweep::hex64(sweep::fnv1a(all));
}

std::optional<std::string> sensitivity_cache_dir() {
    if (const char* dir = std::getenv("SYNCSIM_CACHE_DIR"))
        return std::string(dir) == "off"
                   ? std::nullopt
                   : std::optional<std::string>(std::string(dir) + "/sensitivity");
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return std::string(xdg) + "/syncsim/sensitivity";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.cache/syncsim/sensitivity";
    return std::nullopt;
}

namespace {

// A metric in ns as a time ("1.332 us").
std::string format_metric(double ns) {
    return ns < 0 ? "?" : format_time(static_cast<std::uint64_t>(std::llround(ns * 1000.0)));
}

// The top effects of a cached sensitivity run of these inputs, or null.
json cached_ranking(const ExperimentConfig& cfg) {
    const auto dir = sensitivity_cache_dir();
    if (!dir) return nullptr;
    const fs::path file = fs::path(*dir) / (run_inputs_key(cfg) + ".json");
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return nullptr;
    // A file that is not a study (edited, or of another version) is no
    // answer: the run says so no differently than without a cache.
    try {
        const json cached = json::parse(sweep::read_file(file));
        const std::string metric = cached.at("primary").get<std::string>();
        json top = json::array();
        for (const json& e : cached.at("ranked")) {
            if (top.size() == 3 || !e.at("moved").get<bool>()) break;
            const json& m = e.at("metrics").at(metric);
            top.push_back({{"path", e.at("path").get<std::string>()},
                           {"low", e.at("low").get<std::string>()},
                           {"high", e.at("high").get<std::string>()},
                           {"flips", e.at("flips").get<bool>()},
                           {"at_low", m.at("low").is_number() ? m.at("low") : json()},
                           {"at_high", m.at("high").is_number() ? m.at("high") : json()}});
        }
        return json{{"metric", metric}, {"top", top}};
    } catch (const json::exception&) {
        return nullptr;
    }
}

} // namespace

json rests_on(const ExperimentConfig& cfg, const json& result) {
    const std::vector<ParamRow> rows = cfg.platform_rows();
    const sensitivity::Plan p = sensitivity::plan(rows, result);
    json can_move = json::array();
    for (const auto& e : p.to_run) can_move.push_back(e.path);
    json out{{"estimates", p.to_run.size() + p.cannot_move.size() + p.set_by_config.size()},
             {"can_move", can_move},
             {"cannot_move", p.cannot_move.size()},
             {"set_by_config", p.set_by_config.size()}};
    const json ranking = cached_ranking(cfg);
    if (!ranking.is_null()) out["ranked"] = ranking;
    return out;
}

std::string rests_on_line(const json& r, const std::string& config_file) {
    std::ostringstream s;
    s << "rests on   " << r["can_move"].size() << " of " << r["estimates"].get<std::size_t>()
      << " platform estimates can move this run";
    if (r["cannot_move"].get<std::size_t>() > 0)
        s << " (" << r["cannot_move"].get<std::size_t>() << " cannot: mechanisms it never used)";
    if (!r.contains("ranked")) {
        s << "; rank them: syncsim sensitivity " << config_file << "\n";
        return s.str();
    }
    const json& ranked = r["ranked"];
    s << "\n           most (a cached sensitivity run; " << ranked["metric"].get<std::string>()
      << " at each end):";
    const char* sep = " ";
    for (const json& e : ranked["top"]) {
        s << sep << e["path"].get<std::string>() << " " << e["low"].get<std::string>() << ".."
          << e["high"].get<std::string>();
        if (e["flips"].get<bool>())
            s << " (flips the outcome)";
        else if (e["at_low"].is_number() && e["at_high"].is_number())
            s << " (" << format_metric(e["at_low"].get<double>()) << " .. "
              << format_metric(e["at_high"].get<double>()) << ")";
        sep = "; ";
    }
    s << "\n";
    return s.str();
}

} // namespace syncsim
