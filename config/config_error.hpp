// A user's mistake in a config, a platform file or the command line: the
// message names the file, key and line (or the option), and the process
// exits 2. Apart from the YAML reader (config/yaml_view.hpp), so that code
// which only reports a mistake does not compile yaml-cpp.
#pragma once

#include <stdexcept>

namespace syncsim {

class ConfigError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

} // namespace syncsim
