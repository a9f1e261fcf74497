// Commands of the syncsim executable (cli_commands.cpp unless named).
#pragma once

#include "driver/cli/platforms_dir.hpp"

#include <string>
#include <vector>

namespace syncsim {

// In driver/cli/run_command.cpp.
int cmd_run(const std::vector<std::string>& args, const std::string& pdir);
int cmd_sweep(const std::vector<std::string>& args, const std::string& pdir);
int cmd_sensitivity(const std::vector<std::string>& args, const std::string& pdir);
// In driver/study/portability/portability.cpp.
int cmd_portability(const std::vector<std::string>& args, const std::string& pdir);
int cmd_calibration(const std::vector<std::string>& args, const std::string& pdir);
int cmd_describe(const std::vector<std::string>& args, const std::string& pdir);
// In driver/cli/list_command.cpp.
int cmd_list(const std::vector<std::string>& args, const std::string& pdir);

} // namespace syncsim
