#include "driver/study/sweep/mixed_runs.hpp"

#include "config/yaml_view.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/study/sensitivity/sensitivity_cache.hpp"
#include "driver/study/sweep/shell_command.hpp"
#include "output/trace/output_file.hpp"

#include <cmath>
#include <filesystem>

namespace syncsim {

namespace fs = std::filesystem;
using nlohmann::json;

MixedRuns::MixedRuns(std::string out_dir, int jobs, const std::string& syncsim_binary,
                     const std::string& platforms_dir)
    : m_out(std::move(out_dir)) {
    m_options.jobs = jobs;
    m_options.syncsim_binary = syncsim_binary;
    m_options.platforms_dir = platforms_dir;
    m_options.announce = false;
    std::error_code ec;
    fs::create_directories(fs::path(m_out) / "points", ec);
    if (ec)
        throw ConfigError("cannot create the folder " + quote_short(m_out) + ": " + ec.message());
}

int MixedRuns::add(const std::string& config, const SetList& sets, const std::string& name) {
    Queued q;
    q.spec.base = fs::absolute(config).lexically_normal().string();
    q.spec.description = name;
    // The folder is named by the config and the values: the same run asked
    // twice in a batch is made once.
    SetList keyed = sets;
    keyed.insert(keyed.begin(), {"config", q.spec.base});
    q.point = sweep::Point{m_next, sets, "", "", "", ""};
    sweep::Point named{0, keyed, "", "", "", ""};
    q.point.dir =
        fs::absolute(fs::path(m_out) / "points" / (name + "-" + sweep::slug(named))).string();
    for (std::size_t i = 0; i < m_queue.size(); ++i)
        if (m_queue[i].point.dir == q.point.dir) {
            m_index.push_back(static_cast<int>(i));
            return static_cast<int>(m_index.size()) - 1;
        }
    ++m_next;
    try {
        const ExperimentConfig cfg =
            load_experiment(q.spec.base, sweep::sets_of(q.point), m_options.platforms_dir);
        q.point.plugin = cfg.plugin;
        q.point.key = run_inputs_key(cfg);
    } catch (const ConfigError& e) {
        q.point.impossible = e.what();
    }
    m_queue.push_back(std::move(q));
    m_index.push_back(static_cast<int>(m_queue.size()) - 1);
    return static_cast<int>(m_index.size()) - 1;
}

std::vector<json> MixedRuns::run() {
    const std::string jobs = "jobs-" + std::to_string(m_batches) + ".txt";
    const std::string joblog = "joblog-" + std::to_string(m_batches++) + ".tsv";
    OutputFile jobs_file((fs::path(m_out) / jobs).string(), "job list");
    int to_run = 0;
    for (const Queued& q : m_queue) {
        if (!q.point.impossible.empty()) continue;
        sweep::write_point(m_options, q.spec, q.point);
        jobs_file.stream() << "sh " << shell_quote((fs::path(q.point.dir) / "rerun.sh").string())
                           << "\n";
        ++to_run;
    }
    jobs_file.close();
    if (to_run > 0) sweep::run_points(m_options, m_queue.front().spec, m_out, jobs, joblog);
    std::vector<json> collected;
    for (const Queued& q : m_queue)
        collected.push_back(sweep::collect(q.spec, {q.point})["points"][0]);
    std::vector<json> rows;
    for (int i : m_index) rows.push_back(collected[static_cast<std::size_t>(i)]);
    m_made += to_run;
    m_queue.clear();
    m_index.clear();
    return rows;
}

double row_figure(const json& row, const std::string& metric, std::string* why) {
    if (row.value("status", "") != "ran") {
        if (why) *why = row.value("reason", std::string("no result"));
        return NAN;
    }
    if (!row.contains(metric) || !row[metric].is_number()) {
        if (why)
            *why = "the run gives no " + metric + " (outcome " + row.value("outcome", "?") + ")";
        return NAN;
    }
    return row[metric].get<double>();
}

} // namespace syncsim
