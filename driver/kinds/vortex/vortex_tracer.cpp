#include "driver/kinds/vortex/vortex_tracer.hpp"

#include "models/systemc/simulation_time.hpp"
#include "output/trace/output_file.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>

namespace syncsim {

VortexTracer::VortexTracer(const std::string& vcd_path, int clusters, int cores_per_cluster,
                           int warps, const TraceWindow* window)
    : m_path(vcd_path), m_vcd(vcd_path, window), m_cores_per_cluster(cores_per_cluster),
      m_warps(warps) {
    m_vcd.set_horizon([] { return now_ps(); });
    for (int c = 0; c < clusters * cores_per_cluster; ++c)
        for (int w = 0; w < warps; ++w)
            m_signal.push_back(m_vcd.add_signal("cluster" + std::to_string(c / cores_per_cluster) +
                                                    ".core" + std::to_string(c),
                                                "warp" + std::to_string(w), 3, 0));
    m_used.assign(m_signal.size(), false);
}

void VortexTracer::warp_state(int core, int warp, int state) {
    const std::size_t i = static_cast<std::size_t>(core * m_warps + warp);
    m_used[i] = true;
    m_vcd.change(m_signal[i], now_ps(), static_cast<std::uint64_t>(state));
}

std::vector<std::string> VortexTracer::companion_files(const std::string& vcd_path) {
    std::filesystem::path filter = vcd_path, save = vcd_path;
    filter.replace_extension(".warps.txt");
    save.replace_extension(".gtkw");
    return {filter.string(), save.string()};
}

void VortexTracer::finish(std::uint64_t end_ps) {
    m_vcd.close(end_ps);
    namespace fs = std::filesystem;
    const std::vector<std::string> companions = companion_files(m_path);
    const fs::path filter = companions[0], save = companions[1];
    {
        OutputFile f_file(filter.string(), "GTKWave translate filter");
        std::ostream& f = f_file.stream();
        const auto& names = vortex::warp_state_names();
        for (std::size_t s = 0; s < names.size(); ++s) f << s << ' ' << names[s] << '\n';
        f_file.close();
    }
    OutputFile g_file(save.string(), "GTKWave save file");
    std::ostream& g = g_file.stream();
    write_gtkwave_paths(g, m_path, save.string());
    const std::uint64_t start = m_vcd.start_ps();
    g << "[timestart] " << start << "\n";
    g << "*" << std::fixed << std::setprecision(3)
      << -(std::log2(std::max(1.0, (m_vcd.end_ps() - start) / 800.0)) + 7.6) << " " << start
      << "\n";
    const int cores = static_cast<int>(m_signal.size()) / m_warps;
    for (int c = 0; c < cores; ++c) {
        g << "@800200\n-core" << c << "\n";
        for (int w = 0; w < m_warps; ++w)
            if (m_used[static_cast<std::size_t>(c * m_warps + w)])
                g << "@2024\n^1 " << relative_to_save_file(filter.string(), save.string())
                  << "\n+{core" << c << "_warp" << w << "} syncsim.cluster"
                  << c / m_cores_per_cluster << ".core" << c << ".warp" << w << "[2:0]\n";
        g << "@1000200\n-core" << c << "\n";
    }
    g_file.close();
}

} // namespace syncsim
