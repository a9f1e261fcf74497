// A Vortex cluster set: cores with warps and a lowest-id-first warp
// scheduler (one issue per cycle), a per-core barrier table, global barriers
// through socket and cluster arbiters (round robin, one request a cycle) to
// one gbar unit per cluster and back, the STALL_TIMEOUT watchdog of the RTL
// and the simulator's own no-progress detector. Warp programs are C++
// functions calling the vx_* operations of WarpApi.
#pragma once

#include "models/memory/busy_until.hpp"
#include "models/report/first_entries.hpp"
#include "models/systemc/simulation_time.hpp"
#include "models/vortex/vx_barrier_rules.hpp"
#include "models/vortex/vx_device_params.hpp"
#include "syncsim/core_types.hpp"
#include "syncsim/warp_api.hpp"

#include <functional>
#include <map>
#include <memory>
#include <set>
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
    bool watchdog_fired() const { return !m_watchdog.empty(); }
    bool livelock_detected() const { return !m_livelock.empty(); }
    const std::string& watchdog() const { return m_watchdog; }
    const std::string& livelock() const { return m_livelock; }
    const FirstEntries<ReleaseRecord>& releases() const { return m_releases; }
    const std::vector<std::string>& faults() const { return m_faults; }
    const std::vector<std::string>& lost_requests() const { return m_lost; }
    std::vector<WarpReport> report() const;
    std::vector<std::string> gbar_state() const;
    std::uint64_t issued() const { return m_issued; }

  private:
    struct Warp;
    struct Core;
    // Round robin, one request a cycle (VX_gbar_arb): requests that arrive in
    // the same cycle are ordered from the input after the last one served.
    struct Arbiter {
        struct Request {
            int input;
            sc_core::sc_time granted;
            sc_core::sc_event done;
            bool ready = false;
        };
        BusyUntil out;
        int inputs = 1, rr = 0;
        double out_buf = 0;
        std::vector<Request*> pending;
        std::unique_ptr<sc_core::sc_event> arbitrate = std::make_unique<sc_core::sc_event>();
    };
    void run_arbiter(Arbiter& a);
    friend class WarpContext;

    sc_core::sc_time cyc(double n) const { return m_clock.cycles(n); }
    void spawn(Core& core, int warp, WarpProgram program);
    void exit_warp(Warp& w);
    void issue(Warp& w);
    void schedule(Core& c);
    void set_stalled(Core& c, int warp, bool stalled);
    void check_watchdog(Core& c);
    void stall_timeout(Core& c); // the STALL_TIMEOUT watchdog fires
    void no_progress();          // the no-progress detector fires
    void progress();
    // The no-progress detector watches for warps that run while others
    // wait; with no warp running a hang is a deadlock, seen when events run
    // out, and a pending detector timer would only move the run's end.
    void watch_progress(bool restart);
    bool any_warp_running() const;
    void barrier(Warp& w, std::uint32_t id, std::uint32_t count);
    // vx_split_barrier.cpp
    std::uint32_t barrier_arrive(Warp& w, std::uint32_t id, std::uint32_t count);
    void barrier_wait(Warp& w, std::uint32_t id, std::uint32_t token);
    sc_core::sc_time split_op(Warp& w, const char* intrinsic); // issue to warp_ctl
    std::string split_wait_detail(const Core& c, const Warp& w) const;
    void global_request(Core& c, int id, std::uint32_t size_m1, std::uint32_t count);
    sc_core::sc_time arbitrate(Arbiter& a, int input, const sc_core::sc_time& at);
    void gbar_response(Core& c, int id);
    void release(Warp& w, const sc_core::sc_time& ready);
    void store_due();
    void set_state(Warp& w, const char* state);

    DeviceParams m_p;
    BarrierGeometry m_geometry;
    Clock m_clock;
    std::shared_ptr<const ParamMap> m_params;
    std::vector<std::unique_ptr<Core>> m_cores;
    std::vector<Arbiter> m_socket_arbs, m_cluster_arbs; // sized once, before processes bind to them
    std::vector<GbarUnit> m_gbar_units;
    std::map<std::uint32_t, std::int32_t> m_memory;
    std::multimap<sc_core::sc_time, std::pair<std::uint32_t, std::int32_t>> m_stores;
    sc_core::sc_event m_store_due, m_no_progress;
    bool m_progress_watched = false;
    sc_core::sc_event m_never; // what an exited warp's thread waits on
    FirstEntries<ReleaseRecord> m_releases;
    std::vector<std::string> m_faults, m_lost;
    std::string m_watchdog, m_livelock;
    std::uint64_t m_issued = 0;
    std::uint64_t m_live_warps = 0; // spawned and not exited: progress() reads it on every release
    WarpTraceSink* m_tracer = nullptr;
};

} // namespace syncsim::vortex
