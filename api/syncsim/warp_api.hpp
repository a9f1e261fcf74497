// What a Vortex warp program calls (vx_intrinsics.h), and what the device
// reports about barrier releases for a program's own checks.
#pragma once

#include "syncsim/core_types.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace syncsim::vortex {

class WarpApi;
using WarpProgram = std::function<void(WarpApi&)>;

// What a warp program calls (vx_intrinsics.h).
class WarpApi {
  public:
    virtual ~WarpApi() = default;
    virtual int warp_id() const = 0;
    virtual int core_id() const = 0; // across clusters
    virtual int cluster_id() const = 0;
    virtual int num_warps() const = 0;
    virtual int num_threads() const = 0;
    virtual int num_cores() const = 0; // vx_num_cores(): NUM_CORES x NUM_CLUSTERS
    virtual const ParamValue& param(const std::string& name) const = 0;
    std::int64_t param_int(const std::string& name) const {
        return std::get<std::int64_t>(param(name));
    }
    bool param_bool(const std::string& name) const { return std::get<bool>(param(name)); }

    virtual void compute(std::uint64_t cycles) = 0;
    virtual void barrier(std::uint32_t id, std::uint32_t count) = 0; // vx_barrier
    // Split-phase (vortex 01f36d48 on): arrive without waiting, get the
    // barrier's generation as a token; wait until the generation passes it.
    virtual std::uint32_t barrier_arrive(std::uint32_t id, std::uint32_t count) = 0;
    virtual void barrier_wait(std::uint32_t id, std::uint32_t token) = 0;
    virtual void fence() = 0;                                // vx_fence: stores landed
    virtual void tmc(std::uint32_t mask) = 0;                // 0: the warp exits
    virtual void wspawn(int warps, WarpProgram program) = 0; // vx_wspawn
    virtual std::int32_t load(std::uint32_t word) = 0;
    virtual void store(std::uint32_t word, std::int32_t value) = 0;
};

struct ReleaseRecord {
    bool global; // split-phase releases are local
    int core, id;
    std::uint64_t last_arrival_ps; // local: execute_fire of the last BAR; global: c0 (its wctl)
    std::uint64_t ready_ps;        // the released warps are ready to be scheduled
    std::vector<int> warps;        // local: the warps released (by core-local id)
    bool split = false;            // a split-phase phase: `warps` are its waiters
};

} // namespace syncsim::vortex
