// Building shell command lines for the tools a sweep calls (GNU parallel,
// Slurm, the plot script).
#pragma once

#include <cstdlib>
#include <string>

namespace syncsim {

// `s` as one shell word: single-quoted, its own quotes escaped.
inline std::string shell_quote(const std::string& s) {
    std::string out = "'";
    for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// Whether `probe` (a command line) runs and exits 0, its output discarded.
inline bool have_command(const std::string& probe) {
    return std::system((probe + " > /dev/null 2>&1").c_str()) == 0;
}

} // namespace syncsim
