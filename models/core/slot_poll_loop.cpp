// The slot poll loop (slot_poll_loop.hpp): the iteration through the
// modelled parts, the scan, the first-round rewrite and the fast-forward.
#include "models/core/slot_poll_loop.hpp"

#include "syncsim/fault.hpp"

#include <cstring>

namespace syncsim {

namespace {
std::uint64_t slot_extent(const PollSpec& spec) {
    return static_cast<std::uint64_t>(spec.slots) * spec.slot_bytes;
}
bool sums(const PollSpec& spec) {
    return spec.load == PollLoad::SlotSumByDma;
}
void store_rewrite_word(SparseStore& ub, const SlotRewrite& w) {
    std::uint8_t raw[sizeof w.value];
    std::memcpy(raw, &w.value, sizeof raw);
    ub.write(w.ub, raw, sizeof raw);
}
// Whether a scan's value ends the loop: every slot ready, or the sum reached.
bool slots_done(const PollSpec& spec, std::int64_t value) {
    return sums(spec) ? compare(value, spec.until, spec.target) : value == spec.slots;
}
} // namespace

std::int64_t SlotPollLoop::scan(const PollSpec& spec) {
    std::int64_t ready = 0, sum = 0;
    const unsigned width = atomic_width_bytes(spec.type);
    for (std::int64_t i = 0; i < spec.slots; ++i) {
        std::uint8_t raw[8] = {};
        m_pipes.own_ub().bytes.read(spec.ub + static_cast<std::uint64_t>(i) * spec.slot_bytes, raw,
                                    width);
        const std::int64_t word = GmAccessPath::decode_word(raw, spec.type);
        if (!spec.rewrite || i != spec.rewrite->own_slot) sum += word;
        if (compare(word, spec.until, spec.target)) ++ready;
    }
    if (spec.rewrite) sum += spec.rewrite->value; // ClcSyncCount: count = 1, then the others
    return sums(spec) ? sum : ready;
}

bool SlotPollLoop::rewrite_is_current(const PollSpec& spec) {
    const SlotRewrite& w = *spec.rewrite;
    std::uint8_t would[kDmaBlockBytes], held[kDmaBlockBytes];
    m_pipes.own_ub().bytes.read(w.ub, would, sizeof would);
    std::memcpy(would, &w.value, sizeof w.value);
    m_engine.poll_sleep().read_now(w.gm, held, sizeof held);
    return std::memcmp(would, held, sizeof would) == 0;
}

void SlotPollLoop::rewrite_own_slot(const PollSpec& spec) {
    const SlotRewrite& w = *spec.rewrite;
    store_rewrite_word(m_pipes.own_ub().bytes, w);
    m_time.advance(m_config.timing.scalar_op);  // the store
    m_time.advance(m_config.timing.pipe_issue); // set_flag(S, MTE3)
    m_time.advance(m_config.timing.scalar_op);  // wait_flag(S, MTE3)
    m_pipes.dma("copy_ubuf_to_gm", kDmaRoutes.ub_to_gm, PipeSet::Space::Gm, w.gm,
                PipeSet::Space::Ub, w.ub, 1, 1, 0, 0);
    if (!w.drain_before_scan) return; // the iteration's pipe_barrier drains it
    PipeUnit& mte3 = m_pipes.unit(kDmaRoutes.ub_to_gm);
    while (!mte3.drained()) m_time.wait_ahead(mte3.drained_event()); // MTE3 -> MTE2
}

std::int64_t SlotPollLoop::iteration(const PollSpec& spec, PollEngine::PollTiming& timing,
                                     std::uint64_t& write_seq) {
    const sc_core::sc_time begin = m_time.now();
    for (std::int64_t i = 0; !sums(spec) && i < spec.slots; ++i) {
        m_memory.dcci_line(spec.addr + static_cast<GmAddr>(i) * spec.slot_bytes,
                           DcciMode::CleanInvalidate);
    }
    if (!sums(spec)) { // dsb: the write-backs land first
        if (!m_memory.write_buffer().drained()) {
            m_time.sync();
            while (!m_memory.write_buffer().drained())
                m_time.wait_ahead(m_memory.write_buffer().drained_event());
        }
        m_memory.fence_posted_writes();
        m_time.advance(m_config.timing.dsb);
    }
    // copy_gm_to_ubuf(ub, slots, 0, 1, N x slot_bytes / 32, 0, 0) as one poll
    // read, then set_flag(MTE2, S) and wait_flag(MTE2, S): the scalar unit
    // waits for the pipe to reach the flag.
    PollExtension dma;
    dma.path = PollPath::Dma;
    const std::uint64_t bytes = slot_extent(spec);
    const sc_core::sc_time busy =
        m_time.cycles(m_config.timing.dma_setup + m_config.timing.dma_gm_read_latency);
    GmPort& port = m_memory.pipe_port(kDmaRoutes.gm_to_ub);
    m_pipes.unit(kDmaRoutes.gm_to_ub)
        .issue({m_time.now(), "copy_gm_to_ubuf", [this, &spec, &dma, &port, bytes, busy] {
                    wait_for(busy);
                    std::vector<std::uint8_t> staging(bytes);
                    port.poll(spec.addr, staging.data(), bytes, dma);
                    m_pipes.own_ub().bytes.write(spec.ub, staging.data(), bytes);
                }});
    m_time.advance(m_config.timing.pipe_issue); // the DMA
    m_time.advance(m_config.timing.pipe_issue); // set_flag on MTE2
    PipeUnit& mte2 = m_pipes.unit(kDmaRoutes.gm_to_ub);
    while (!mte2.drained()) m_time.wait_ahead(mte2.drained_event());
    m_time.advance(m_config.timing.scalar_op); // wait_flag
    if (spec.rewrite) rewrite_own_slot(spec);
    const std::int64_t ready = scan(spec);
    m_time.advance(double(spec.slots) * m_config.timing.scalar_op); // the scan
    PipeUnit& mte3 = m_pipes.unit(kDmaRoutes.ub_to_gm); // pipe_barrier(PIPE_ALL): a rewrite's copy
    while (!mte3.drained()) m_time.wait_ahead(mte3.drained_event());
    m_time.advance(m_config.timing.pipe_barrier);
    timing.port = dma.port;
    timing.to_arrive = dma.arrived_at - begin;
    timing.after_start = m_time.now() - dma.started_at;
    timing.occupancy = dma.occupancy;
    write_seq = dma.write_seq;
    return ready;
}

std::int64_t SlotPollLoop::woken(const PollSpec& spec, const PollWake& woke, std::int64_t before,
                                 std::uint64_t& write_seq) {
    write_seq = woke.seq;
    if (!woke.changed) return before; // the last allowed poll, its iteration done now
    // Woken when the range serves the DMA: a write landing now lands in this
    // delta, so read in the next; the iteration ends a measured time later.
    sc_core::wait(sc_core::SC_ZERO_TIME);
    Activity::count_one();
    const std::uint64_t bytes = slot_extent(spec);
    std::vector<std::uint8_t> staging(bytes);
    m_engine.poll_sleep().read_now(spec.addr, staging.data(), static_cast<unsigned>(bytes));
    m_pipes.own_ub().bytes.write(spec.ub, staging.data(), bytes);
    wait_until(woke.completion);
    // The slept iterations skipped the rewrite: it wrote what the slot
    // already held. One that would change the slot (another core wrote it)
    // is done for real.
    if (spec.rewrite) {
        if (rewrite_is_current(spec))
            store_rewrite_word(m_pipes.own_ub().bytes, *spec.rewrite);
        else
            rewrite_own_slot(spec);
    }
    return scan(spec);
}

PollResult SlotPollLoop::run(const PollSpec& spec) {
    if (spec.slots < 1 || spec.slot_bytes == 0 || spec.slot_bytes % kDmaBlockBytes != 0)
        throw KernelFault("poll: a slot poll needs at least one slot and slots a multiple of " +
                          std::to_string(kDmaBlockBytes) + " bytes apart");
    if (m_config.type != CoreType::AIV)
        throw KernelFault("poll: a slot poll scans UB with scalar loads, which only an AIV has");
    if (spec.rewrite && !sums(spec)) throw KernelFault("poll: a slot rewrite needs a sum poll");
    if (spec.rewrite)
        m_pipes.check_local_range(m_pipes.own_ub(), spec.rewrite->ub, kDmaBlockBytes, "poll");
    // Each slot's word is naturally aligned (slots are 32-byte multiples
    // apart); the DMA itself needs no alignment in GM.
    m_memory.check_access(spec.addr, atomic_width_bytes(spec.type), "poll");
    const std::uint64_t bytes = slot_extent(spec);
    m_pipes.check_local_range(m_pipes.own_ub(), spec.ub, bytes, "poll");
    m_pipes.drain();
    m_time.sync();
    m_engine.enter_poll(spec);
    m_activity.reason().slots = spec.slots;
    m_activity.reason().slot_bytes = spec.slot_bytes;
    m_activity.reason().slot_sum = sums(spec);

    PollResult result;
    std::optional<PollEngine::PollTiming> last,
        steady;                   // a real iteration's cost; two alike in a row
    std::optional<PollWake> woke; // the poll that ended a sleep
    for (;;) {
        std::uint64_t seq = 0;
        PollEngine::PollTiming timing;
        if (woke) {
            result.value = woken(spec, *woke, result.value, seq);
        } else {
            if (spec.barrier_after && result.polls > spec.barrier_after)
                m_time.advance(m_config.timing.pipe_barrier);
            result.value = iteration(spec, timing, seq);
            if (last && *last == timing) steady = timing;
            last = timing;
        }
        const bool slept = woke.has_value();
        woke.reset();
        ++m_activity.counters().polls;
        m_activity.reason().value = result.value;
        if (slots_done(spec, result.value)) break;
        m_activity.reason().polls = ++result.polls;
        if (spec.max_polls && result.polls >= spec.max_polls) {
            result.timed_out = true;
            break;
        }
        // Fast-forward once an iteration's cost repeats (the first may write
        // back a dirty line): the next polls read what this one read until a
        // write lands in the slots.
        if (!m_config.fast_poll || !steady || !(slept || steady == last)) continue;
        const PollCycle cycle = m_engine.loop_cycle(spec, *steady, 0);
        sc_core::sc_time next = m_time.now() + steady->to_arrive;
        if (cycle.backoff_after(result.polls - 1)) next += cycle.backoff;
        woke = m_engine.sleep_through_polls(spec, cycle, next, steady->port, seq, result);
    }
    if (result.timed_out)
        m_activity.counters().poll_timeouts.push_back({m_time.now(), m_activity.round(), spec.addr,
                                                       result.value, spec.target, result.polls,
                                                       spec.context, spec.slots, sums(spec)});
    m_activity.reason() = WaitReason{};
    m_activity.set_state(CoreState::Running);
    return result;
}

} // namespace syncsim
