// The sweep's plot: calls the plot script (the installed copy beside an
// installed binary, else the source tree's) over the collected results.
#include "driver/study/sweep/shell_command.hpp"
#include "driver/study/sweep/sweep_point.hpp"

#include <filesystem>
#include <iostream>
#include <sstream>

namespace syncsim::sweep {

namespace fs = std::filesystem;

std::string script_path(const std::string& name) {
    // The installed copy beside an installed binary (PREFIX/share/syncsim),
    // else the source tree's.
    std::error_code ec;
    const fs::path installed = fs::canonical("/proc/self/exe", ec).parent_path().parent_path() /
                               "share" / "syncsim" / name;
    if (!ec && fs::is_regular_file(installed, ec)) return installed.string();
    return std::string(SYNCSIM_SOURCE_DIR) + "/scripts/" + name;
}

void plot_results(const SweepSpec& spec, const std::string& out) {
    if (!have_command("/usr/bin/python3 -c 'import matplotlib'")) {
        std::cout << "no plot: /usr/bin/python3 with matplotlib is not available (apt-get install "
                     "python3-matplotlib)\n";
        return;
    }
    const std::string script = script_path("plot_sweep.py");
    std::ostringstream cmd;
    cmd << "/usr/bin/python3 " << shell_quote(script) << " "
        << shell_quote((fs::path(out) / SweepFiles::kResultsJson).string()) << " --x "
        << shell_quote("params." + spec.plot_x) << " --y " << shell_quote(spec.plot_y)
        << " --yscale " << shell_quote(spec.plot_yscale) << " --out "
        << shell_quote((fs::path(out) / SweepFiles::kPlot).string());
    for (const std::string& series : spec.plot_series)
        cmd << " --series " << shell_quote("params." + series);
    if (std::system(cmd.str().c_str()) != 0) std::cout << "the plot script failed\n";
}

} // namespace syncsim::sweep
