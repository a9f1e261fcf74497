// What the device probes share: the figures a measurement reports from its
// samples, and the launch of a probe's kernel next to an AICPU kernel.
//
// Each probe repeats, operation by operation, what a public on-device
// measurement ran (calibration/*.yaml names the source of each), times it
// with the device's own counter (get_sys_cnt, the AICPU's cntvct: whole
// ticks of 20 ns on A2/A3) and reports the figure the source reports
// (HostApi::measure), so a calibration compares like with like.
#pragma once

#include "syncsim/host_api.hpp"
#include "syncsim/workload.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

namespace syncsim::probes {

// The mean, least and middle of samples in ticks, reported in ns as
// PREFIX_mean_ns, PREFIX_min_ns and PREFIX_p50_ns.
inline void measure_ticks(HostApi& host, const std::string& prefix,
                          std::vector<std::uint64_t> ticks, const std::string& what) {
    if (ticks.empty()) {
        host.check(prefix + " sampled", false, "no sample was taken");
        return;
    }
    const DeviceInfo& d = host.device();
    const double sum = std::accumulate(ticks.begin(), ticks.end(), 0.0);
    std::sort(ticks.begin(), ticks.end());
    const std::string n = " (" + std::to_string(ticks.size()) + " samples)";
    host.measure(prefix + "_mean_ns", d.ticks_to_ns(sum / double(ticks.size())), "ns",
                 "mean of " + what + n);
    host.measure(prefix + "_min_ns", d.ticks_to_ns(double(ticks.front())), "ns",
                 "least of " + what + n);
    host.measure(prefix + "_p50_ns", d.ticks_to_ns(double(ticks[(ticks.size() - 1) / 2])), "ns",
                 "median of " + what + n);
}

// Launches `kernel` (block_dim blocks of `target`) on one stream and
// `aicpu` on another, and waits for both: a probe whose AICPU side talks to
// its AICore side while both run.
inline void run_beside_aicpu(HostApi& host, const KernelLaunch& kernel, const AicpuLaunch& aicpu) {
    const StreamId core_stream = host.create_stream(), cpu_stream = host.create_stream();
    host.launch(core_stream, kernel);
    host.launch_aicpu(cpu_stream, aicpu);
    const int a = host.synchronize_stream(core_stream), b = host.synchronize_stream(cpu_stream);
    host.check("the probe's kernels ran", a == 0 && b == 0,
               "the AICore stream returned " + std::to_string(a) + ", the AICPU stream " +
                   std::to_string(b));
}

// The probe's kernel on the AIVs of the device (on a cube build: the AICs).
inline KernelLaunch probe_launch(const HostApi& host, const std::string& kernel, bool cube,
                                 std::int64_t blocks, std::vector<std::uint64_t> args) {
    KernelLaunch l;
    l.kernel = kernel;
    l.target = host.device().arch + (cube ? "-cube" : "-vec");
    l.block_dim = blocks;
    l.args = std::move(args);
    return l;
}

} // namespace syncsim::probes
