// The poll of a soft barrier over per-core slots, as the vendor libraries
// and any new algorithm build it: where the slots are, which iteration runs
// over them (slot_iteration.hpp) and what the diagnosis says the poll is for.
#pragma once

#include "syncsim/kernel_api.hpp"

#include <cstdint>
#include <string>
#include <utility>

namespace syncsim::lib {

// `n` slots `slot_bytes` apart from `gm`, read into UB at `ub`; each slot's
// word is an int32, compared `until` `target`. `n` is also the barrier's N as
// this core computed it, which the diagnosis shows beside the other side's.
inline PollSpec slot_poll(GmAddr gm, std::int64_t n, std::uint64_t slot_bytes, LocalAddr ub,
                          SlotIteration iteration, Cmp until, std::int64_t target,
                          std::string context) {
    PollSpec spec;
    spec.load = PollLoad::Slots;
    spec.addr = gm;
    spec.slots = n;
    spec.slot_bytes = slot_bytes;
    spec.ub = ub;
    spec.iteration = std::move(iteration);
    spec.type = AtomicType::S32;
    spec.until = until;
    spec.target = target;
    spec.participants = n;
    spec.context = std::move(context);
    return spec;
}

} // namespace syncsim::lib
