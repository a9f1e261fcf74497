// Runs of several configs, each with its own --set values, as one parallel
// batch of the sweep machinery's points (child syncsim processes, GNU
// parallel): what a calibration's reproductions need, whose observations
// each have a config of their own.
#pragma once

#include "driver/study/sweep/config_runs.hpp"
#include "driver/study/sweep/sweep.hpp"
#include "driver/study/sweep/sweep_point.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace syncsim {

class MixedRuns {
  public:
    // Makes OUT/points (an error names the folder).
    MixedRuns(std::string out_dir, int jobs, const std::string& syncsim_binary,
              const std::string& platforms_dir);
    // Queues `config` with `sets`; returns its index in the next run().
    int add(const std::string& config, const SetList& sets, const std::string& name);
    // Runs what is queued (afresh) and returns each run's collected row, in
    // the order queued; the queue is then empty.
    std::vector<nlohmann::json> run();
    // Runs made so far, over every batch.
    int made() const { return m_made; }

  private:
    struct Queued {
        sweep::SweepSpec spec;
        sweep::Point point;
    };
    SweepOptions m_options;
    std::string m_out;
    std::vector<Queued> m_queue;
    std::vector<int> m_index; // each add's place in m_queue
    int m_next = 0, m_made = 0, m_batches = 0;
};

// A row's figure `metric` (NaN when the run gave none), and why not.
double row_figure(const nlohmann::json& row, const std::string& metric, std::string* why = nullptr);

} // namespace syncsim
