// A core's poll loops on GM words it knows the target of (the soft
// barriers' counters and slots). A core whose polled word has not been
// written since its last poll hands the loop to the word's L2 range
// (SleepingPolls) and sleeps until a poll can see a change or the limit is
// reached: the polls still hold the range, and the core wakes where
// spinning would have left it.
#pragma once

#include "models/core/core_activity.hpp"
#include "models/core/core_params.hpp"
#include "models/core/gm_access_path.hpp"
#include "models/core/local_time.hpp"
#include "models/core/pipe_set.hpp"
#include "models/memory/l2_poll.hpp"
#include "syncsim/kernel_api.hpp"

#include <optional>
#include <systemc>
#include <tuple>

namespace syncsim {

class PollEngine {
  public:
    // Its siblings and its own callbacks refer to it: it is never copied.
    PollEngine(const PollEngine&) = delete;
    PollEngine& operator=(const PollEngine&) = delete;
    PollEngine(const CoreConfig& config, LocalTime& time, CoreActivity& activity,
               GmAccessPath& memory, PipeSet& pipes)
        : m_config(config), m_time(time), m_activity(activity), m_memory(memory), m_pipes(pipes) {}

    // Where sleeping polls go: the interconnect, which finds the word's L2.
    void set_poll_sleep(PollSleep* sleep) { m_poll_sleep = sleep; }
    PollResult poll(const PollSpec& spec);
    bool asleep() const { return m_asleep.has_value(); }
    // As of `at`: polls made by the loop (with the sleeping ones), and the
    // wait reason that says so; nothing when the core is not asleep.
    std::optional<std::pair<std::uint64_t, WaitReason>> asleep_at(const sc_core::sc_time& at) const;
    // The block was killed: its sleep ends without a wake.
    void cancel();

    // What the loops it runs besides its own word polls (SlotPollLoop) share
    // with them: the cost measured on a loop's real polls, the wait reason
    // and Polling state, the cycle of each further poll, and the sleep
    // through the polls that cannot see a change.
    struct PollTiming {
        int port = 0;
        sc_core::sc_time to_arrive, after_start, occupancy;
        bool operator==(const PollTiming& o) const {
            return std::tie(port, to_arrive, after_start, occupancy) ==
                   std::tie(o.port, o.to_arrive, o.after_start, o.occupancy);
        }
    };
    void enter_poll(const PollSpec& spec);
    // What each of the loop's polls costs, from one measured poll; `op` is
    // what the core does between a failed poll's answer and its backoff.
    PollCycle loop_cycle(const PollSpec& spec, const PollTiming& timing, double op) const;
    // Hands the loop's next polls to its extent's L2 range and sleeps until
    // one of them sees a write or is the last allowed; says which.
    PollWake sleep_through_polls(const PollSpec& spec, const PollCycle& cycle,
                                 const sc_core::sc_time& next_arrival, int port,
                                 std::uint64_t write_seq, PollResult& result);
    PollSleep& poll_sleep() const { return *m_poll_sleep; }

  private:
    std::int64_t cached_poll_load(const PollSpec& spec);
    std::int64_t poll_at_l2(const PollSpec& spec, PollTiming& timing, std::uint64_t& write_seq);
    // The poll that ended a sleep: its value, read when the slice served it.
    std::int64_t woken_poll(const PollSpec& spec, const PollWake& woke, std::int64_t before,
                            std::uint64_t& write_seq);
    void count_backoff(const PollSpec& spec, std::uint64_t polls);

    const CoreConfig& m_config;
    LocalTime& m_time;
    CoreActivity& m_activity;
    GmAccessPath& m_memory;
    PipeSet& m_pipes;
    PollSleep* m_poll_sleep = nullptr;
    struct Asleep { // in a fast-forwarded poll loop
        std::uint64_t word = 0;
        int ticket = 0;
        std::uint64_t first = 0; // failed polls before the sleep
    };
    std::optional<Asleep> m_asleep;
    sc_core::sc_event m_poll_wake;
    std::optional<PollWake> m_poll_woke; // set when the slice decides the sleep's end
};

} // namespace syncsim
