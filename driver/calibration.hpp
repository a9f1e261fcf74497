// The calibration register: one file per device observation in
// calibration/*.yaml (the public source, the observed figure and its
// uncertainty, the config and metric that reproduce it, the platform values
// fitted to it). `syncsim describe calibration` lists them; `syncsim
// calibration check` runs each reproduction and says whether it still lies
// within its tolerance of the observation, and whether each fitted value is
// still the platform's, marked calibrated.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

struct FittedValue {
    std::string platform, path, value, why;
    std::string where; // file:line of the entry, for messages
};

struct CalibrationRecord {
    std::string file, name, observation, source;
    double observed_ns = 0;   // the observed figure, in ns
    std::string observed;     // as written ("1253 ms")
    double uncertainty = 0;   // relative (0.01: 1%)
    double tolerance = 0;     // relative: how far the reproduction may lie from the observation
    std::string config;       // resolved against the register's parent folder
    std::string config_shown; // as written
    std::string metric;
    std::vector<FittedValue> fitted;
};

// The register's folder: the source tree's calibration/.
std::string calibration_dir();
// Reads one record; throws ConfigError naming file, line and key.
CalibrationRecord read_calibration(const std::string& file);
// Every record of the folder, by file name.
std::vector<CalibrationRecord> read_calibrations(const std::string& dir);

void describe_calibrations(std::ostream& out, const std::string& dir,
                           const std::string& platforms_dir);

// Runs each record's reproduction (the syncsim binary, one process each)
// and checks it and the fitted values; returns 0 when all hold, 1 when one
// does not.
int check_calibrations(const std::vector<std::string>& files, const std::string& platforms_dir,
                       const std::string& syncsim_binary, std::ostream& out);

} // namespace syncsim
