// A Vortex cluster set: cores with warps and a lowest-id-first warp
// scheduler (one issue per cycle), a per-core barrier table, global barriers
// through socket and cluster arbiters (round robin, one request a cycle) to
// one gbar unit per cluster and back, the STALL_TIMEOUT watchdog of the RTL
// and the simulator's own no-progress detector. Warp programs are C++
// functions calling the vx_* operations of WarpApi.
#pragma once

#include "models/report/first_entries.hpp"
#include "models/systemc/simulation_time.hpp"
#include "models/vortex/vx_barrier_rules.hpp"
#include "models/vortex/vx_device_params.hpp"
#include "models/vortex/vx_gbar_network.hpp"
#include "models/vortex/vx_hang_detectors.hpp"
#include "syncsim/core_types.hpp"
#include "syncsim/warp_api.hpp"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim::vortex {

// Warp states as traced: the index into warp_state_names().
const std::vector<std::string>& warp_state_names();

class WarpTraceSink {
  public:
    virtual ~WarpTraceSink() = default;
    virtual void warp_state(int core, int warp, int state) = 0;
};

struct VxCore;
struct VxWarp;

struct WarpReport {
    int core, warp;
    std::string state; // running, barrier, gbar, fence, exited, never spawned
    std::string detail;
};

class VortexDevice : public sc_core::sc_module {
  public:
    VortexDevice(sc_core::sc_module_name name, const DeviceParams& p,
                 std::shared_ptr<const ParamMap> params);
    ~VortexDevice() override;

    void start(WarpProgram kernel); // warp 0 of every core starts the kernel
    void set_tracer(WarpTraceSink* tracer) { m_tracer = tracer; }
    std::map<std::uint32_t, std::int32_t>& memory() { return m_memory; }

    bool finished() const;
    bool watchdog_fired() const { return !m_detectors.watchdog().empty(); }
    bool livelock_detected() const { return !m_detectors.livelock().empty(); }
    const std::string& watchdog() const { return m_detectors.watchdog(); }
    const std::string& livelock() const { return m_detectors.livelock(); }
    const FirstEntries<ReleaseRecord>& releases() const { return m_releases; }
    const std::vector<std::string>& faults() const { return m_faults; }
    const std::vector<std::string>& lost_requests() const { return m_lost; }
    std::vector<WarpReport> report() const;
    // Who did not arrive at the barriers stuck warps wait at, one line each
    // (vx_culprits.cpp).
    std::vector<std::string> culprits() const;
    std::vector<std::string> gbar_state() const { return m_gbar.state(); }
    std::uint64_t issued() const { return m_issued; }

  private:
    using Warp = VxWarp;
    using Core = VxCore;
    friend class WarpContext;

    sc_core::sc_time cyc(double n) const { return m_clock.cycles(n); }
    void spawn(Core& core, int warp, WarpProgram program);
    void exit_warp(Warp& w);
    void issue(Warp& w);
    void schedule(Core& c);
    void set_stalled(Core& c, int warp, bool stalled);
    void progress() { m_detectors.progress(); }
    void barrier(Warp& w, std::uint32_t id, std::uint32_t count);
    // vx_split_barrier.cpp
    std::uint32_t barrier_arrive(Warp& w, std::uint32_t id, std::uint32_t count);
    void barrier_wait(Warp& w, std::uint32_t id, std::uint32_t token);
    sc_core::sc_time split_op(Warp& w, const char* intrinsic); // issue to warp_ctl
    std::string split_wait_detail(const Core& c, const Warp& w) const;
    void global_request(Core& c, int id, std::uint32_t size_m1, std::uint32_t count);
    void gbar_response(Core& c, int id);
    void release(Warp& w, const sc_core::sc_time& ready);
    void store_due();
    void set_state(Warp& w, const char* state);

    DeviceParams m_p;
    BarrierGeometry m_geometry;
    Clock m_clock;
    std::shared_ptr<const ParamMap> m_params;
    std::vector<std::unique_ptr<Core>> m_cores;
    GbarNetwork m_gbar;
    std::map<std::uint32_t, std::int32_t> m_memory;
    std::multimap<sc_core::sc_time, std::pair<std::uint32_t, std::int32_t>> m_stores;
    sc_core::sc_event m_store_due;
    sc_core::sc_event m_never; // what an exited warp's thread waits on
    FirstEntries<ReleaseRecord> m_releases;
    std::vector<std::string> m_faults, m_lost;
    std::uint64_t m_issued = 0;
    std::uint64_t m_live_warps = 0; // spawned and not exited: progress() reads it on every release
    WarpTraceSink* m_tracer = nullptr;
    HangDetectors m_detectors; // after the cores and the warp count it reads
};

} // namespace syncsim::vortex
