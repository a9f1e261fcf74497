// Whether a run checks GM accesses for races (--races): off, on, or auto
// (on for runs that stay small). Its own header so that the driver's
// options need not include the detector.
#pragma once

namespace syncsim {

enum class RaceMode { Off, Auto, On };

} // namespace syncsim
