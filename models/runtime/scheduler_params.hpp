// The task scheduler's parameters, read from a platform file (node scheduler); no SystemC here, so
// the platform and the driver include only this.
#pragma once

#include "models/runtime/op_timeout.hpp"

#include <cstdint>

namespace syncsim {

// The runtime's task scheduler: what a launch costs before and while its
// blocks reach cores (the host runtime takes the launch overhead).
struct SchedulerParams {
    double block_dispatch_cycles = 0;
    std::int64_t dispatch_parallel_blocks = 1;
    double launch_overhead_cycles = 0;
    std::int64_t stream_task_limit = 0;
    bool die_friendly = false; // split a launch's blocks between the dies
    OpTimeoutParams op_timeout;

    template <typename Declare>
    void declare(Declare& d) {
        d(block_dispatch_cycles, "block_dispatch_cycles", "cycles",
          "one dispatch interval: the blocks placed in it start when it ends", 0, 1e9);
        d(dispatch_parallel_blocks, "dispatch_parallel_blocks", "blocks",
          "blocks of one launch placed in one dispatch interval (1: one block at a time)", 1, 1e6);
        d(launch_overhead_cycles, "launch_overhead_cycles", "cycles",
          "from a launch task reaching the head of its stream to the first dispatch", 0, 1e9);
        d(stream_task_limit, "stream_task_limit", "tasks",
          "tasks a stream holds (queued and running) before a host call submitting to it waits "
          "for one to finish",
          1, 1e6);
        d(die_friendly, "die_friendly", "",
          "on a device of more than one die, a launch of more than one block is split into two "
          "groups of ceil(blocks / 2), each run on its own half of the dies; false: blocks take "
          "the lowest free cores of the whole device");
        op_timeout.declare(d);
    }
};

} // namespace syncsim
