// The calibration register: one file per public on-device observation in
// calibration/*.yaml: its source (repository@commit:file:line or issue),
// the figure with its uncertainty (an interval), the chip, whether a fit
// uses it or holds it out to be predicted, and the config and metric that
// reproduce it through the modelled path. `syncsim describe calibration`
// lists them; `syncsim calibration check` runs each reproduction at the
// platform's values and says whether it lies within its tolerance of the
// observed interval, and whether the platform still has the values and
// ranges its last fit (calibration/fits/PLATFORM.yaml) found.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

// A run's figure: `metric` of `config`'s result (minus `minus_metric` of
// `minus_config`'s, for a figure that is a difference of two runs).
struct Reproduction {
    std::string config, config_shown, metric;
    std::string minus_config, minus_config_shown, minus_metric; // empty: none
    bool difference() const { return !minus_config.empty(); }
};

struct Observation {
    std::string file, name, what, source, chip, chip_note;
    std::string observed_shown;     // as written ("1253 ms +- 1%", "95 .. 105 ns")
    double low_ns = 0, high_ns = 0; // the observed interval
    std::string statistic;          // what the source reports (mean of N, min of N, ...)
    bool held_out = false;          // predicted, not fitted
    double tolerance = 0;           // relative slack of the model beyond the interval
    Reproduction repro;

    // A reproduced figure is consistent with the observation when it lies in
    // [low (1 - tolerance), high (1 + tolerance)].
    double accept_low() const { return low_ns * (1 - tolerance); }
    double accept_high() const { return high_ns * (1 + tolerance); }
    bool accepts(double figure_ns) const {
        return figure_ns >= accept_low() && figure_ns <= accept_high();
    }
    double target() const { return (low_ns + high_ns) / 2; } // what a fit aims at
};

// The register's folder: the source tree's calibration/.
std::string calibration_dir();
// Reads one record; throws ConfigError naming file, line and key.
Observation read_observation(const std::string& file);
// Every record of the folder, by file name (fits/ aside).
std::vector<Observation> read_observations(const std::string& dir);

void describe_calibrations(std::ostream& out, const std::string& dir,
                           const std::string& platforms_dir);

// Runs each record's reproduction at the platform's values and checks it,
// then checks each platform that has a fit against it; returns 0 when all
// hold, 1 when one does not.
int check_calibrations(const std::vector<std::string>& files, const std::string& platforms_dir,
                       const std::string& syncsim_binary, int jobs, std::ostream& out);

} // namespace syncsim
