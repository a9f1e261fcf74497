// What a warp program's calls reach: the WarpApi of one warp, forwarding to
// its device (vx_device.cpp), which owns every warp's state.
#pragma once

#include "models/vortex/vx_device.hpp"
#include "models/vortex/vx_device_parts.hpp"
#include "syncsim/fault.hpp"

namespace syncsim::vortex {

class WarpContext : public WarpApi {
  public:
    WarpContext(VortexDevice& d, VortexDevice::Warp& w) : m_d(d), m_w(w) {}
    int warp_id() const override { return m_w.id; }
    int core_id() const override { return m_w.core->index; }
    int cluster_id() const override { return m_w.core->cluster; }
    int num_warps() const override { return static_cast<int>(m_d.m_p.warps); }
    int num_threads() const override { return static_cast<int>(m_d.m_p.threads); }
    int num_cores() const override { return static_cast<int>(m_d.m_p.cores * m_d.m_p.clusters); }
    const ParamValue& param(const std::string& name) const override {
        auto it = m_d.m_params->find(name);
        if (it == m_d.m_params->end())
            throw KernelFault("warp program parameter '" + name + "' not given");
        return it->second;
    }
    void compute(std::uint64_t cycles) override {
        m_d.issue(m_w);
        wait_for(m_d.cyc(static_cast<double>(cycles)));
    }
    void barrier(std::uint32_t id, std::uint32_t count) override { m_d.barrier(m_w, id, count); }
    std::uint32_t barrier_arrive(std::uint32_t id, std::uint32_t count) override {
        return m_d.barrier_arrive(m_w, id, count);
    }
    void barrier_wait(std::uint32_t id, std::uint32_t token) override {
        m_d.barrier_wait(m_w, id, token);
    }
    void fence() override {
        m_d.issue(m_w);
        m_d.set_state(m_w, "fence");
        wait_until(m_w.stores_land);
        m_d.set_state(m_w, "running");
    }
    void tmc(std::uint32_t mask) override {
        m_d.issue(m_w);
        if (mask != 0) return;
        // The warp is gone: its thread waits for ever instead of unwinding its
        // program by an exception (under AddressSanitizer, an exception thrown
        // on a SystemC coroutine stack leaves stale poison behind); the driver
        // ends it with every other process when the run is over.
        m_d.exit_warp(m_w);
        sc_core::wait(m_d.m_never);
    }
    void wspawn(int warps, WarpProgram program) override {
        m_d.issue(m_w);
        wait_for(m_d.cyc(m_d.m_p.wctl_cycles + m_d.m_p.release_cycles));
        for (int i = 0; i < warps && i < num_warps(); ++i)
            if (i != m_w.id && !m_w.core->warps[static_cast<std::size_t>(i)]->spawned)
                m_d.spawn(*m_w.core, i, program);
    }
    std::int32_t load(std::uint32_t word) override {
        m_d.issue(m_w);
        wait_for(m_d.cyc(m_d.m_p.mem_cycles));
        auto it = m_d.m_memory.find(word);
        return it == m_d.m_memory.end() ? 0 : it->second;
    }
    void store(std::uint32_t word, std::int32_t value) override {
        m_d.issue(m_w);
        const sc_core::sc_time lands = sc_core::sc_time_stamp() + m_d.cyc(m_d.m_p.mem_cycles);
        m_d.m_stores.emplace(lands, std::make_pair(word, value));
        m_d.m_store_due.notify(m_d.m_stores.begin()->first - sc_core::sc_time_stamp());
        m_w.stores_land = std::max(m_w.stores_land, lands);
    }

  private:
    VortexDevice& m_d;
    VortexDevice::Warp& m_w;
};

} // namespace syncsim::vortex
