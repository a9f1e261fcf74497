// What a core has done and where it stands, for the result and for
// explaining a run that did not end: the report the driver reads and the
// counters the core keeps.
#pragma once

#include "models/core/core_status.hpp"
#include "models/report/wait_target.hpp"
#include "syncsim/core_types.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

namespace syncsim {

struct PipeReport {
    Pipe pipe;
    const char* current; // nullptr when idle
    std::size_t queued;
    std::string blocked_on;
};

// A poll loop that gave up at its limit (the core then goes on, as on NPU).
struct PollTimeout {
    sc_core::sc_time at;
    std::uint32_t round;
    GmAddr addr;
    std::int64_t value, target;
    std::uint64_t polls;
    std::string context;    // the caller's: a soft barrier's N, as this core computed it
    std::int64_t slots = 0; // a slot poll: how many slots (value: how many were ready)
    bool slot_sum = false;  // a slot poll's value is the slots' sum instead
};

// What a core counts over the whole run.
struct CoreCounters {
    std::uint64_t blocks_run = 0, intrinsics = 0;
    const char* last_intrinsic = "";
    std::uint64_t cache_hits = 0, cache_misses = 0, writebacks = 0;
    std::uint64_t polls = 0;
    std::vector<PollTimeout> poll_timeouts;
    // The participant count N of the last soft barrier this core polled in
    // (as it computed it; 0: none): a Mix side may compute another N.
    std::int64_t last_barrier_n = 0;
};

struct CoreReport {
    std::string name;
    CoreType type;
    int index;
    int soc_core_id;
    int die;
    CoreState state;
    sc_core::sc_time state_since; // when the core entered `state`
    bool has_block;
    std::string kernel;
    std::int64_t block_idx;
    std::uint64_t launch_id;
    std::uint64_t blocks_run;
    std::uint64_t intrinsics;
    std::string last_intrinsic;
    std::uint32_t barrier_rounds;
    bool round_open;                  // arrived at barrier_rounds, not released
    std::string waiting_on;           // empty unless waiting, polling or blocked
    std::optional<WaitTarget> target; // who should end the wait, where known
    std::vector<PipeReport> busy_pipes;
    std::optional<std::string> fault;
    sc_core::sc_time finished_at;
    std::uint64_t cache_hits, cache_misses, writebacks;
    std::uint64_t polls;
    std::vector<PollTimeout> poll_timeouts;
    std::int64_t last_barrier_n;
    // Instructions run on the local buffers (vector; cube loads and mads).
    std::uint64_t vector_instructions = 0, cube_instructions = 0;
    // Time spent in each state so far (ps, by CoreState), the current
    // stretch up to the report: where a core's time went.
    std::array<std::uint64_t, kCoreStateCount> time_in_ps{};
};

} // namespace syncsim
