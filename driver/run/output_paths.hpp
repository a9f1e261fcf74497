// A run's outputs never overwrite one of its inputs or each other: checked
// before anything is written, so a mistyped name costs no file.
#pragma once

#include <string>
#include <vector>

namespace syncsim {

struct NamedPath {
    std::string path; // empty: not used
    std::string what; // "--json file", "the config file"
};

// Throws ConfigError when an output names an input, or two outputs name one
// file. A character device (/dev/null) may be named any number of times.
void check_outputs_apart(const std::vector<NamedPath>& inputs,
                         const std::vector<NamedPath>& outputs);

} // namespace syncsim
