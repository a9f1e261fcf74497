// Commands of the syncsim executable besides run and list (cli_commands.cpp).
#pragma once

#include <string>
#include <vector>

namespace syncsim {

// Where the platform files are: --platforms (given), else $SYNCSIM_PLATFORMS,
// else beside an installed binary, else the source tree's.
std::string platforms_dir(const std::string& given);

int cmd_sweep(const std::vector<std::string>& args, const std::string& pdir);
int cmd_sensitivity(const std::vector<std::string>& args, const std::string& pdir);
// In driver/portability.cpp.
int cmd_portability(const std::vector<std::string>& args, const std::string& pdir);
int cmd_calibration(const std::vector<std::string>& args, const std::string& pdir);
int cmd_describe(const std::vector<std::string>& args, const std::string& pdir);
// In driver/list_command.cpp.
int cmd_list(const std::vector<std::string>& args, const std::string& pdir);

} // namespace syncsim
