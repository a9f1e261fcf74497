// VCD of a vortex run: the state of every warp (by name through a GTKWave
// translate filter), grouped by core in the save file. Warp states change
// at the kernel's time, so what lies before it is written as the run goes.
#pragma once

#include "models/vortex/vx_device.hpp"
#include "output/trace/vcd_writer.hpp"

#include <string>
#include <vector>

namespace syncsim {

class VortexTracer : public vortex::WarpTraceSink {
  public:
    // `window` (a time window, may be null) must outlive the tracer.
    VortexTracer(const std::string& vcd_path, int clusters, int cores_per_cluster, int warps,
                 const TraceWindow* window = nullptr);
    void warp_state(int core, int warp, int state) override;
    // Ends the VCD and writes the .gtkw save file and the filter beside it.
    void finish(std::uint64_t end_ps);
    // The files finish() writes beside the VCD at `vcd_path`.
    static std::vector<std::string> companion_files(const std::string& vcd_path);

  private:
    std::string m_path;
    VcdWriter m_vcd;
    int m_cores_per_cluster, m_warps;
    std::vector<int> m_signal; // core * warps + warp
    std::vector<bool> m_used;
};

} // namespace syncsim
