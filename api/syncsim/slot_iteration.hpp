// A soft barrier's poll loop over per-core slots, as data: the steps of one
// iteration, which the core model interprets through its modelled parts (the
// scalar cache, the write buffer, the MTE pipes, the L2) and fast-forwards
// once an iteration's cost repeats. A barrier library describes its loop
// here (pto-isa's and Ascend C's are in their own headers); a new loop shape
// is a new list, not a new kind of poll in the core.
#pragma once

#include "syncsim/core_types.hpp"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace syncsim {

// One step of an iteration. The slots are the poll's: `slots` words,
// `slot_bytes` apart from the poll's address, read into UB at the poll's `ub`.
enum class SlotStep : std::uint8_t {
    Dcci,         // dcci(CleanInvalidate) on each slot's scalar-cache line
    Dsb,          // dsb(DSB_DDR): the write-backs and posted writes land first
    DmaRead,      // copy_gm_to_ubuf of every slot, one DMA on MTE2
    WaitFlag,     // set_flag(MTE2, S) then wait_flag(MTE2, S): the DMA has landed
    StoreOwnSlot, // the iteration's own-slot store (SlotIteration::own)
    Scan,         // scalar loads of each slot's word in UB (SlotIteration::scan)
    PipeBarrier,  // pipe_barrier(PIPE_ALL): every pipe drained
};

// What the scan makes of the slots' words, and when the loop ends.
// All: the value is how many words stand `until` the poll's target; the loop
// ends when every one does. Count: the same value; the loop ends once
// `quorum` of them do. Sum: the value is the words' sum; the loop ends when
// the sum stands `until` the target.
enum class SlotScan : std::uint8_t { All, Count, Sum };

// StoreOwnSlot (Ascend C's ClcSyncCount in its first round): `value` stored
// at `ub`, the 32 bytes there copied to the core's own slot at `gm` (S->MTE3
// flag, MTE3 copy), and with `wait_copy` the MTE3->MTE2 flag waits for the
// copy before the next step. A Sum scan counts slot `slot` as `value`: the
// core's own count, then the others' words.
struct OwnSlotStore {
    LocalAddr ub = 0;
    GmAddr gm = 0;
    std::int32_t value = 0;
    std::int64_t slot = 0;
    bool wait_copy = true;
};

struct SlotIteration {
    SlotIteration() = default;
    SlotIteration(std::vector<SlotStep> steps_, SlotScan scan_ = SlotScan::All,
                  std::int64_t quorum_ = 0, std::optional<OwnSlotStore> own_ = std::nullopt)
        : steps(std::move(steps_)), scan(scan_), quorum(quorum_), own(std::move(own_)) {}

    std::vector<SlotStep> steps;
    SlotScan scan = SlotScan::All;
    std::int64_t quorum = 0; // Count: how many slots must stand
    std::optional<OwnSlotStore> own;
};

} // namespace syncsim
