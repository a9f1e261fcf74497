// Runs of one config, each with extra --set values after the user's, as
// points of the sweep machinery (child syncsim processes, in parallel): what
// sensitivity, portability and `run --try-fixes` share.
#pragma once

#include "driver/study/sweep/sweep.hpp"
#include "driver/study/sweep/sweep_point.hpp"

#include <string>
#include <utility>
#include <vector>

namespace syncsim {

using SetList = std::vector<std::pair<std::string, std::string>>;

// --set arguments as key/value pairs; one that is not KEY=VALUE is refused.
SetList split_sets(const std::vector<std::string>& sets);

struct ConfigRuns {
    SweepOptions options;
    sweep::SweepSpec spec;
    std::string out;
    SetList user_sets; // the user's --set values, on every point
    int next_index = 0;

    // Makes OUT/points (an error names the folder).
    ConfigRuns(const std::string& config, const std::string& description, std::string out_dir,
               int jobs, const std::string& syncsim_binary, const std::string& platforms_dir,
               SetList user_sets);
    // The point `name` (a folder name prefix, may be empty): the config with
    // `extra` after the user's values, loaded now; a config that does not load
    // is a point that cannot run, with the reason.
    sweep::Point point(const std::string& name, const SetList& extra);
    // Runs the points afresh (a result on disk may be of another binary) and
    // returns their collected rows, in order.
    nlohmann::json run(const std::vector<sweep::Point>& points);
};

} // namespace syncsim
