// Poll loops the core knows the target of, and the software's round marks.
// A core whose polled word has not been written since its last poll hands
// the loop to the word's L2 slice (SleepingPolls) and sleeps until a poll
// can see a change or the limit is reached: the polls still hold the slice,
// and the core wakes where spinning would have left it.
#include "models/core/poll_engine.hpp"
#include "models/core/slot_poll_loop.hpp"

#include "syncsim/fault.hpp"

#include <cstring>

namespace syncsim {

std::int64_t PollEngine::cached_poll_load(const PollSpec& spec) {
    // A poll through the scalar cache; with dcci first, each poll misses and
    // refetches the line.
    if (spec.load == PollLoad::CachedAfterDcci)
        m_memory.dcci_line(spec.addr, DcciMode::CleanInvalidate);
    std::uint8_t raw[8] = {};
    CacheLine& line = m_memory.cached_line(spec.addr);
    const unsigned bytes = atomic_width_bytes(spec.type);
    std::memcpy(raw, line.bytes.data() + (spec.addr - line.base), bytes);
    m_memory.polled_cached(line, spec.addr, raw, bytes); // a poll that cannot see the store
    return GmAccessPath::decode_word(raw, spec.type);
}

// One poll that reads the word where it is kept (ld_dev or atomicAdd(c, 0)):
// a request the word's L2 slice queues and serves. It measures what the
// loop's sleeping polls will cost.
std::int64_t PollEngine::poll_at_l2(const PollSpec& spec, PollTiming& timing,
                                    std::uint64_t& write_seq) {
    PollExtension poll;
    poll.path = spec.load == PollLoad::AtomicAddZero ? PollPath::AtomicAddZero : PollPath::Dev;
    m_time.sync();
    const sc_core::sc_time issued = sc_core::sc_time_stamp();
    std::uint8_t raw[8] = {};
    m_memory.scalar_port().poll(spec.addr, raw, atomic_width_bytes(spec.type), poll);
    timing.port = poll.port;
    timing.to_arrive = poll.arrived_at - issued;
    timing.after_start = sc_core::sc_time_stamp() - poll.started_at;
    timing.occupancy = poll.occupancy;
    write_seq = poll.write_seq;
    return GmAccessPath::decode_word(raw, spec.type);
}

void PollEngine::count_backoff(const PollSpec& spec, std::uint64_t polls) {
    m_time.advance(m_config.timing.scalar_op);
    const bool every = spec.barrier_every && polls % spec.barrier_every == 0;
    const bool after = spec.barrier_after && polls > spec.barrier_after;
    if (every || after)
        m_time.advance(m_config.timing.pipe_barrier); // pipe_barrier(PIPE_ALL), drained
}

void PollEngine::enter_poll(const PollSpec& spec) {
    m_activity.reason() = WaitReason{};
    m_activity.reason().kind = WaitReason::Kind::Poll;
    m_activity.reason().addr = spec.addr;
    m_activity.reason().target = spec.target;
    m_activity.reason().until = spec.until;
    m_activity.reason().text = spec.context;
    if (spec.participants) m_activity.counters().last_barrier_n = spec.participants;
    m_activity.set_state(CoreState::Polling);
}

PollResult PollEngine::poll(const PollSpec& spec) {
    m_activity.enter("poll");
    if (spec.barrier_every && spec.barrier_after)
        throw KernelFault("poll: barrier_every and barrier_after are two backoff rules; set one");
    if (spec.load == PollLoad::Slots)
        return SlotPollLoop(m_config, m_time, m_activity, m_memory, m_pipes, *this).run(spec);
    m_memory.check_access(spec.addr, atomic_width_bytes(spec.type), "poll");
    // Nothing can issue to the pipes while the scalar unit polls: draining
    // them first gives every backoff barrier the same fixed cost.
    if (spec.barrier_every || spec.barrier_after) m_pipes.drain();
    m_time.sync();
    enter_poll(spec);

    // Served by the L2 (the coherence point), as opposed to read from this
    // core's own cache: only such polls can be fast-forwarded.
    const bool at_l2 = spec.load == PollLoad::Dev || spec.load == PollLoad::AtomicAddZero;
    if (at_l2)
        m_memory.wait_for_posted_writes_to(m_memory.cache().line_of(spec.addr)); // own stores first
    PollTiming timing;
    std::optional<PollWake> woke; // the poll that ended a sleep
    PollResult result;
    for (;;) {
        std::uint64_t seq = 0;
        if (woke)
            result.value = woken_poll(spec, *woke, result.value, seq);
        else
            result.value = at_l2 ? poll_at_l2(spec, timing, seq) : cached_poll_load(spec);
        woke.reset();
        ++m_activity.counters().polls;
        m_activity.reason().value = result.value;
        if (compare(result.value, spec.until, spec.target)) break;
        m_activity.reason().polls = ++result.polls;
        count_backoff(spec, result.polls);
        if (spec.max_polls && result.polls >= spec.max_polls) {
            result.timed_out = true;
            break;
        }
        // Fast-forward: the polls until the next write to the word all see
        // this value; the slice makes them while the core sleeps.
        if (at_l2 && m_config.fast_poll)
            woke = sleep_through_polls(spec, loop_cycle(spec, timing, m_config.timing.scalar_op),
                                       m_time.now() + timing.to_arrive, timing.port, seq, result);
    }
    if (result.timed_out)
        m_activity.counters().poll_timeouts.push_back({m_time.now(), m_activity.round(), spec.addr,
                                                       result.value, spec.target, result.polls,
                                                       spec.context});
    m_activity.reason() = WaitReason{};
    m_activity.set_state(CoreState::Running);
    return result;
}

PollCycle PollEngine::loop_cycle(const PollSpec& spec, const PollTiming& timing, double op) const {
    return {timing.occupancy,   timing.after_start,
            m_time.cycles(op),  m_time.cycles(m_config.timing.pipe_barrier),
            spec.barrier_every, spec.barrier_after,
            timing.to_arrive};
}

PollWake PollEngine::sleep_through_polls(const PollSpec& spec, const PollCycle& cycle,
                                         const sc_core::sc_time& next_arrival, int port,
                                         std::uint64_t write_seq, PollResult& result) {
    SleepingPoll poll;
    poll.port = port;
    poll.word = spec.addr;
    poll.seen_seq = write_seq;
    poll.next = result.polls;
    poll.last = spec.max_polls ? spec.max_polls - 1 : kNoPollLimit;
    poll.next_arrival = next_arrival;
    poll.cycle = cycle;
    m_time.drop_lag();
    m_poll_woke.reset();
    m_asleep = Asleep{spec.addr, m_poll_sleep->sleep(poll, m_poll_wake, m_poll_woke), result.polls};
    sc_core::wait(m_poll_wake);
    Activity::count_one();
    m_asleep.reset();
    const PollWake woke = *m_poll_woke;
    // Every poll before the one that woke the core failed.
    m_activity.counters().polls += woke.poll - result.polls;
    result.polls = woke.poll;
    m_activity.reason().polls = woke.poll;
    return woke;
}

std::int64_t PollEngine::woken_poll(const PollSpec& spec, const PollWake& woke, std::int64_t before,
                                    std::uint64_t& write_seq) {
    write_seq = woke.seq;
    if (!woke.changed) return before; // the last allowed poll, answered now
    // Woken when the slice serves the poll: a write starting now lands in
    // this delta, so read in the next (as the slice does for a real poll).
    sc_core::wait(sc_core::SC_ZERO_TIME);
    Activity::count_one();
    std::uint8_t raw[8] = {};
    m_poll_sleep->read_now(spec.addr, raw, atomic_width_bytes(spec.type));
    wait_until(woke.completion);
    return GmAccessPath::decode_word(raw, spec.type);
}

std::optional<std::pair<std::uint64_t, WaitReason>>
PollEngine::asleep_at(const sc_core::sc_time& at) const {
    if (!m_asleep) return std::nullopt;
    // Its end may be decided already, the wake still to come.
    const std::uint64_t made =
        m_poll_woke ? SleepingPolls::answered_before(*m_poll_woke, at)
                    : m_poll_sleep->answered_before(m_asleep->word, m_asleep->ticket, at);
    WaitReason reason = m_activity.reason();
    reason.polls = made;
    return std::make_pair(made - m_asleep->first, reason);
}

void PollEngine::cancel() {
    if (m_asleep) m_poll_sleep->cancel(m_asleep->word, m_asleep->ticket);
    m_asleep.reset();
    m_poll_wake.cancel(); // a wake already decided must not reach the next block
}

} // namespace syncsim
