// What a calibration fit found for one chip, as calibration/fits/CHIP.yaml
// holds it (written by `syncsim calibration fit --platform CHIP --write`):
// per parameter the observations touch, whether they pin it, pin it only in
// a combination with others, or leave it free, and the range of values
// consistent with every fitted observation; the chosen point the platform
// files carry; for each bound parameter, its ends with the others refit
// (what sensitivity and sweep bands run instead of moving it alone); the
// consistent samples; and each held-out observation's prediction.
#pragma once

#include "config/param_tree.hpp"

#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

using FitValues = std::map<std::string, std::string>; // platform path -> value

struct FitParameter {
    std::string path;
    std::string status; // pinned, combination or free
    std::string value, low, high, prior_low, prior_high;
    std::string combination;     // "1 x A + 32 x B ~ 2310 (cycles)" for a combination
    std::vector<std::string> by; // the fitted observations it moves
    // Fitted: the observations fix it, alone or in a combination
    // (calibrated on the fit's chip). Every parameter of a fit, fitted or
    // free, moves only with the others refit: it moves an observation.
    bool fitted() const { return status != "free"; }
};

struct FitRefit {
    std::string path, end; // the bound parameter, "low" or "high"
    FitValues values;      // every touched parameter at this point
};

struct FitPrediction {
    std::string observation;
    double at_point_ns = 0, low_ns = 0, high_ns = 0; // at the chosen point; over the samples
};

struct FitRecord {
    std::string file, platform, command;
    unsigned long long seed = 0;
    int samples = 0;
    std::vector<std::string> fitted, held_out;
    std::vector<FitParameter> parameters;
    FitValues point;
    std::vector<FitRefit> refits;
    std::vector<FitValues> consistent;
    std::vector<FitPrediction> predictions;

    const FitParameter* parameter(const std::string& path) const;
    // The refit point of `path` at `end` ("low" or "high"); null: none.
    const FitRefit* refit(const std::string& path, const std::string& end) const;
};

// calibration/fits/CHIP.yaml under the register `dir`.
std::string fit_file(const std::string& dir, const std::string& chip);
// The chips the register has a fit for, by name.
std::vector<std::string> fitted_chips(const std::string& dir);
// Reads a fit file; throws ConfigError naming file, line and key.
FitRecord read_fit(const std::string& file);
void write_fit(const FitRecord& fit, std::ostream& out);

// The fits the values of `rows` come from (their `fit:`), by chip, read
// from the register's fits/; throws ConfigError when one is missing.
std::map<std::string, FitRecord> fits_of(const std::vector<ParamRow>& rows);

// A number as a fit writes it: whole from 100 up, else 4 significant digits.
std::string fit_number(double v);

// Whether the platform files carry the fit: on its chip each bound value is
// calibrated (fit: CHIP) with the value and range found; on every chip that
// inherits one, the same as an estimate. Problems go to `out`, a line each.
bool platform_follows_fit(const FitRecord& fit, const std::string& platforms_dir,
                          std::ostream& out);

} // namespace syncsim
