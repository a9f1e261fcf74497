// Where the platform files are (driver/cli/platforms_dir.cpp).
#pragma once

#include <string>

namespace syncsim {

// --platforms (given), else $SYNCSIM_PLATFORMS, else beside an installed
// binary, else the source tree's; throws ConfigError for a folder that is not
// there.
std::string platforms_dir(const std::string& given);

} // namespace syncsim
