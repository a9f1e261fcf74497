// What a host program reports: its checks (with what a failed one is
// about) and its measurements. Its own header so that the driver's result
// code need not include the runtime.
#pragma once

#include "models/runtime/check_explanation.hpp"

#include <memory>
#include <string>

namespace syncsim {

struct HostMeasurement {
    std::string name;
    double value;
    std::string unit, what;
};

struct HostCheck {
    std::string name;
    bool ok;
    std::string detail;
    // What a failed check is about, found by the model (check_explanation.hpp).
    std::shared_ptr<const CheckExplanation> why;
};

} // namespace syncsim
