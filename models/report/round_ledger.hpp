// Barrier rounds across cores, closed as the run goes: each core reports
// when it arrives at a round (the software's mark_barrier_round) and when it
// is released (mark_barrier_release); a round's row is closed once no core
// can still arrive at it or be released from it, handed to the sinks (the
// --rounds file, the VCD round marker) and folded into statistics. Memory
// holds the rounds still open, the first rows for the result (up to a
// budget of core marks), and distributions bounded by distinct values: it
// does not grow with the number of rounds. Kernel-free (times in ps).
#pragma once

#include "models/report/value_distribution.hpp"

#include <cstdint>
#include <deque>
#include <limits>
#include <map>
#include <vector>

namespace syncsim {

struct RoundRow {
    struct CoreMark {
        int core; // soc_core_id
        std::uint64_t arrived_ps, released_ps;
        bool has_release;
    };
    std::uint64_t launch = 0;
    std::uint32_t round = 0;
    int count = 0, released = 0;
    int early = 0; // released before the round's last arrival (set when closed)
    std::uint64_t first_arrival = std::numeric_limits<std::uint64_t>::max(), last_arrival = 0;
    std::uint64_t first_release = std::numeric_limits<std::uint64_t>::max(), last_release = 0;
    std::vector<CoreMark> cores; // by soc_core_id once closed

    bool complete() const { return count > 0 && released == count; }
    std::uint64_t latency() const { return last_release - first_arrival; }
    std::uint64_t release_skew() const { return last_release - first_release; }
};

// Statistics over every closed row.
struct RoundStats {
    std::uint64_t rounds = 0, complete = 0, released_early = 0;
    ValueDistribution latency, release_skew; // complete rows only
};

class RoundSink {
  public:
    virtual ~RoundSink() = default;
    virtual void round_closed(const RoundRow& row) = 0;
};

class RoundLedger {
  public:
    // Rows the result lists in full hold at most this many core marks in
    // all (the first 341 rounds of 48 cores; 4 of 4,096).
    static constexpr std::size_t kListedMarks = 16384;

    void add_sink(RoundSink* sink) { m_sinks.push_back(sink); }

    // A core starts one of the `works` blocks-on-cores of `launch`.
    void work_started(std::uint64_t launch, std::uint64_t works, int core);
    void work_finished(int core);
    void arrive(int core, std::uint64_t at_ps);
    void release(int core, std::uint64_t at_ps);
    // The end of the run: every open row closes as it stands.
    void finish();

    // No row closed from now on has a mark earlier than this (the first
    // arrival of the oldest open row), so a trace writer may flush before it.
    std::uint64_t open_horizon_ps() const;

    const RoundStats& stats() const { return m_stats; }
    // The rows listed in full, by (launch, round), and how many were not.
    const std::vector<RoundRow>& listed() const { return m_listed; }
    std::uint64_t left_out() const { return m_stats.rounds - m_listed.size(); }

  private:
    // How many running cores are at each round, from the lowest: cores only
    // move up one round at a time or leave, and new blocks join at 0.
    class RoundCounts {
      public:
        void add(std::uint32_t round);
        void remove(std::uint32_t round);
        bool empty() const { return m_total == 0; }
        std::uint32_t lowest() const { return m_base; }

      private:
        std::uint32_t m_base = 0;
        std::deque<int> m_count; // [i]: cores at round m_base + i
        int m_total = 0;
    };
    struct OpenRow {
        RoundRow row;
        int unreleased = 0; // arrived, still running, not released
    };
    struct Launch {
        std::uint64_t works = 0, started = 0;
        RoundCounts running;
        std::map<std::uint32_t, OpenRow> open;
    };
    struct CoreAt {
        bool running = false;
        std::uint64_t launch = 0;
        Launch* state = nullptr; // m_launches[launch] (map nodes stay put)
        std::uint32_t round = 0;
        bool released = true;
        std::size_t mark = 0; // its entry in the open row's cores
    };
    CoreAt* running(int core);
    void close_ready(Launch& l);
    void close(RoundRow&& row);

    std::map<std::uint64_t, Launch> m_launches;
    std::vector<CoreAt> m_cores; // by soc_core_id
    std::vector<RoundSink*> m_sinks;
    RoundStats m_stats;
    std::vector<RoundRow> m_listed;
    std::size_t m_listed_marks = 0;
    bool m_listing = true;
};

} // namespace syncsim
