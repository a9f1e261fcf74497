// SlotPollLoop: a soft barrier's poll loop over per-core slots, its
// iteration given as steps (syncsim/slot_iteration.hpp): pto-isa 83d01313's
// (a2a3/SyncAll.hpp SYNCALL_SOFT_AIV_BARRIER, lines 147-173) invalidates the
// slots' scalar-cache lines, waits for its posted writes (dsb), reads every
// slot into UB with one DMA on MTE2, waits for it through an MTE2->S flag,
// scans the slots with scalar loads and drains the pipes (pipe_barrier);
// Ascend C's ClcSyncCount skips the dcci and dsb, sums the slots and in its
// first round stores its own slot each iteration. Past the backoff threshold
// each iteration starts with another pipe_barrier. Real iterations run their
// steps through the modelled parts (the cache, the MTE2 pipe, the L2, the
// flag), so what one costs is what they cost. Once two iterations in a row
// cost the same, the rest are handed to the L2 range of the slots as that
// DMA read with the measured time around it (SleepingPolls), until a write
// lands in the slots or the limit is reached; a slept iteration skips the
// own-slot store only while it would store what the slot already holds.
#pragma once

#include "models/core/poll_engine.hpp"

namespace syncsim {

// One slot poll (PollLoad::Slots) of a core, run by its PollEngine, whose
// sleep machinery the fast-forward shares. Values are what the iteration's
// scan makes of the slots: how many are ready, or their sum.
class SlotPollLoop {
  public:
    SlotPollLoop(const CoreConfig& config, LocalTime& time, CoreActivity& activity,
                 GmAccessPath& memory, PipeSet& pipes, PollEngine& engine)
        : m_config(config), m_time(time), m_activity(activity), m_memory(memory), m_pipes(pipes),
          m_engine(engine) {}
    PollResult run(const PollSpec& spec);

  private:
    // One real iteration through the modelled parts; what it cost in `t`.
    std::int64_t iteration(const PollSpec& spec, PollEngine::PollTiming& t,
                           std::uint64_t& write_seq);
    // The iteration that ended a sleep: the slots as the range served them.
    std::int64_t woken(const PollSpec& spec, const PollWake& woke, std::int64_t before,
                       std::uint64_t& write_seq);
    // The steps (SlotStep), each as the core runs it.
    void dcci_slots(const PollSpec& spec);
    void dsb();
    void read_slots(const PollSpec& spec, PollExtension& dma);
    void wait_for_read();
    void store_own_slot(const PollSpec& spec);
    std::int64_t scan(const PollSpec& spec);
    void pipe_barrier();
    void wait_drained(Pipe pipe);
    bool own_slot_is_current(const PollSpec& spec);

    const CoreConfig& m_config;
    LocalTime& m_time;
    CoreActivity& m_activity;
    GmAccessPath& m_memory;
    PipeSet& m_pipes;
    PollEngine& m_engine;
};

} // namespace syncsim
