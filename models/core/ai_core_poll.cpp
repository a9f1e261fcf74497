// Poll loops the core knows the target of, and the software's round marks.
// A poll whose word has not been written since its last sample sleeps
// through the polls that would see the same value (PollSchedule), so a long
// spin costs two resumptions and lands where spinning would.
#include "models/core/ai_core.hpp"

#include <cstring>

namespace syncsim {

std::int64_t AiCore::cached_poll_load(const PollSpec& spec) {
    // A poll through the scalar cache; with dcci first, each poll misses and
    // refetches the line.
    if (spec.load == PollLoad::CachedAfterDcci) {
        if (auto line = m_cache.maintain(m_cache.line_of(spec.addr), DcciMode::CleanInvalidate))
            post_writeback(std::move(*line), "dcci write-back of a scalar-cache line");
        advance(m_config.timing.dcci);
    }
    std::uint8_t raw[8] = {};
    CacheLine& line = cached_line(spec.addr);
    std::memcpy(raw, line.bytes.data() + (spec.addr - line.base), atomic_width_bytes(spec.type));
    return decode_word(raw, spec.type);
}

// One poll that reads the word where it is kept (ld_dev or atomicAdd(c, 0)):
// the L2 samples it and says when, and the write sequence it saw. After a
// sleep, the poll is the one scheduled to sample at `sample_at`.
std::int64_t AiCore::sample_at_l2(const PollSpec& spec, std::optional<sc_core::sc_time> sample_at,
                                  PollTiming& timing, std::uint64_t& write_seq) {
    L2SampleExtension obs;
    obs.atomic_path = spec.load == PollLoad::AtomicAddZero;
    sc_core::sc_time issued;
    if (sample_at) {
        obs.has_sample_at = true;
        obs.sample_at = *sample_at;
        issued = *sample_at - timing.to_sample;
    } else {
        sync();
        issued = sc_core::sc_time_stamp();
    }
    std::uint8_t raw[8] = {};
    scalar_port().sample(spec.addr, raw, atomic_width_bytes(spec.type), obs);
    timing.to_sample = obs.sampled_at - issued;
    timing.after_sample = sc_core::sc_time_stamp() - obs.sampled_at;
    write_seq = obs.write_seq;
    return decode_word(raw, spec.type);
}

void AiCore::count_backoff(const PollSpec& spec, std::uint64_t polls) {
    advance(m_config.timing.scalar_op);
    if (spec.barrier_every && polls % spec.barrier_every == 0)
        advance(m_config.timing.scalar_op); // pipe_barrier(PIPE_ALL) on drained pipes
}

PollResult AiCore::poll(const PollSpec& spec) {
    enter("poll");
    check_gm_access(spec.addr, atomic_width_bytes(spec.type), "poll");
    // Nothing can issue to the pipes while the scalar unit polls: draining
    // them first gives every backoff barrier the same fixed cost.
    if (spec.barrier_every) drain_pipes();
    sync();
    m_reason = WaitReason{};
    m_reason.kind = WaitReason::Kind::Poll;
    m_reason.addr = spec.addr;
    m_reason.target = spec.target;
    m_reason.until = spec.until;
    m_reason.text = spec.context;
    set_state(CoreState::Polling);

    // Sampled at the L2 (the coherence point), as opposed to read from this
    // core's own cache: only such polls can be fast-forwarded.
    const bool sampled_at_l2 = spec.load == PollLoad::Dev || spec.load == PollLoad::AtomicAddZero;
    if (sampled_at_l2) wait_for_posted_writes_to(m_cache.line_of(spec.addr)); // own stores first
    PollTiming timing;
    timing.op = m_clock.cycles(m_config.timing.scalar_op);
    std::optional<sc_core::sc_time> sample_at; // set when a poll was slept up to
    PollResult result;
    for (;;) {
        std::uint64_t seq = 0;
        result.value =
            sampled_at_l2 ? sample_at_l2(spec, sample_at, timing, seq) : cached_poll_load(spec);
        sample_at.reset();
        ++m_counters.polls;
        m_reason.value = result.value;
        if (compare(result.value, spec.until, spec.target)) break;
        m_reason.polls = ++result.polls;
        count_backoff(spec, result.polls);
        if (spec.max_polls && result.polls >= spec.max_polls) {
            result.timed_out = true;
            break;
        }
        // Fast-forward: with no write to the word since this sample, every
        // poll until the next write sees the same value; sleep through them.
        if (!sampled_at_l2 || !m_config.fast_poll || m_watch->write_seq(spec.addr) != seq) continue;
        sample_at = sleep_through_polls(spec, timing, result);
        if (!sample_at) {
            result.timed_out = true;
            break;
        }
    }
    if (result.timed_out)
        m_counters.poll_timeouts.push_back(
            {now(), m_round, spec.addr, result.value, spec.target, result.polls, spec.context});
    m_reason = WaitReason{};
    set_state(CoreState::Running);
    return result;
}

std::optional<sc_core::sc_time>
AiCore::sleep_through_polls(const PollSpec& spec, const PollTiming& timing, PollResult& result) {
    PollSchedule s;
    s.start = sc_core::sc_time_stamp() + m_lag;
    s.first = result.polls;
    s.period = timing.to_sample + timing.after_sample + timing.op;
    s.backoff = timing.op;
    s.every = spec.barrier_every;
    s.to_sample = timing.to_sample;
    s.to_complete = timing.to_sample + timing.after_sample;
    m_poll_schedule = s;
    m_lag = sc_core::SC_ZERO_TIME;
    const sc_core::sc_event& written = m_watch->write_event(spec.addr);
    const bool limited = spec.max_polls != 0;
    const std::uint64_t last = limited ? spec.max_polls - 1 : 0;
    const sc_core::sc_time deadline =
        limited ? s.issue(last) + s.to_complete : sc_core::SC_ZERO_TIME;
    if (limited)
        sc_core::wait(deadline - sc_core::sc_time_stamp(), written);
    else
        sc_core::wait(written);
    Activity::count_one();
    const sc_core::sc_time woke = sc_core::sc_time_stamp();
    m_poll_schedule.reset();
    if (limited && (woke >= deadline || s.sample(last) < woke)) {
        // No poll up to the last one saw a change: the loop ends as spinning would.
        wait_until(deadline);
        result.polls = spec.max_polls;
        m_reason.polls = result.polls;
        m_counters.polls += spec.max_polls - s.first;
        count_backoff(spec, spec.max_polls);
        return std::nullopt;
    }
    const std::uint64_t next =
        limited ? s.first_sampling_at_or_after(woke, last) : s.first_sampling_at_or_after(woke);
    m_counters.polls += next - s.first;
    result.polls = next;
    m_reason.polls = next;
    return s.sample(next);
}

// Marks are bookkeeping no other agent sees: they are stamped with the
// core's own time and do not make it catch up with the kernel.
void AiCore::mark_barrier_round() {
    ++m_round;
    m_round_open = true;
    if (m_ledger) m_ledger->arrive(m_config.soc_core_id, to_ps(now()));
    if (m_tracer) m_tracer->core_round(m_config.soc_core_id, m_round, to_ps(now()));
}

void AiCore::mark_barrier_release() {
    if (!m_round_open) return;
    m_round_open = false;
    if (m_ledger) m_ledger->release(m_config.soc_core_id, to_ps(now()));
    if (m_tracer) m_tracer->core_release(m_config.soc_core_id, m_round, to_ps(now()));
}

} // namespace syncsim
