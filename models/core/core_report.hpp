// What a core has done and where it stands, for the result and for
// explaining a run that did not end: the report the driver reads, the round
// marks the software made, and the counters the core keeps.
#pragma once

#include "models/core/core_status.hpp"
#include "syncsim/core_types.hpp"

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
};

// One barrier round as the software marked it on this core.
struct RoundMark {
    std::uint64_t launch_id;
    std::uint32_t round;
    sc_core::sc_time arrived, released; // released == arrived until marked
    bool has_release = false;
};

// The rounds of every block this core ran: a round opens at the software's
// mark_barrier_round and closes at its mark_barrier_release of the same
// launch. Round numbers restart with each block.
class RoundMarks {
  public:
    void block_started() { m_round = 0; }
    // Returns the number of the round entered.
    std::uint32_t arrive(std::uint64_t launch_id, const sc_core::sc_time& at) {
        m_marks.push_back({launch_id, ++m_round, at, at});
        return m_round;
    }
    // False (and nothing recorded) when no round of `launch_id` is open.
    bool release(std::uint64_t launch_id, const sc_core::sc_time& at) {
        if (m_marks.empty() || m_marks.back().launch_id != launch_id) return false;
        m_marks.back().released = at;
        m_marks.back().has_release = true;
        return true;
    }
    std::uint32_t round() const { return m_round; }
    const std::vector<RoundMark>& marks() const { return m_marks; }

  private:
    std::uint32_t m_round = 0;
    std::vector<RoundMark> m_marks;
};

// What a core counts over the whole run.
struct CoreCounters {
    std::uint64_t blocks_run = 0, intrinsics = 0;
    const char* last_intrinsic = "";
    std::uint64_t cache_hits = 0, cache_misses = 0, writebacks = 0;
    std::uint64_t polls = 0;
    std::vector<PollTimeout> poll_timeouts;
};

struct CoreReport {
    std::string name;
    CoreType type;
    int index;
    int die;
    CoreState state;
    bool has_block;
    std::string kernel;
    std::int64_t block_idx;
    std::uint64_t launch_id;
    std::uint64_t blocks_run;
    std::uint64_t intrinsics;
    std::string last_intrinsic;
    std::uint32_t barrier_rounds;
    std::string waiting_on; // empty unless waiting, polling or blocked
    std::vector<PipeReport> busy_pipes;
    std::optional<std::string> fault;
    sc_core::sc_time finished_at;
    std::uint64_t cache_hits, cache_misses, writebacks;
    std::vector<RoundMark> rounds;
    std::uint64_t polls;
    std::vector<PollTimeout> poll_timeouts;
};

} // namespace syncsim
