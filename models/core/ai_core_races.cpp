// The core's intrinsics that the race detector sees beyond its GM accesses
// (race_detector.hpp): a poll loop's reads synchronise rather than race, and
// one that saw its target acquires what the polled words' writes published.
#include "models/core/ai_core.hpp"

namespace syncsim {

PollResult AiCore::poll(const PollSpec& spec) {
    CoreRaces& races = m_memory.races();
    struct InPoll { // cleared however the poll ends
        CoreRaces& r;
        ~InPoll() { r.in_poll = false; }
    } in_poll{races};
    races.in_poll = true;
    const PollResult result = m_poll.poll(spec);
    if (races.on() && !result.timed_out) {
        const bool slots = spec.load == PollLoad::Slots;
        const unsigned width = atomic_width_bytes(spec.type);
        for (std::int64_t i = 0; i < (slots ? spec.slots : 1); ++i)
            races.detector->observed(m_config.soc_core_id,
                                     spec.addr + static_cast<GmAddr>(i) * spec.slot_bytes, width);
    }
    return result;
}

} // namespace syncsim
