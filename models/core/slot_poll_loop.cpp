// The slot poll loop (slot_poll_loop.hpp): the iteration's steps through the
// modelled parts, the scan, the own-slot store and the fast-forward.
#include "models/core/slot_poll_loop.hpp"

#include "syncsim/fault.hpp"

#include <algorithm>
#include <cstring>

namespace syncsim {

namespace {
std::uint64_t slot_extent(const PollSpec& spec) {
    return static_cast<std::uint64_t>(spec.slots) * spec.slot_bytes;
}
bool sums(const PollSpec& spec) {
    return spec.iteration.scan == SlotScan::Sum;
}
void store_own_word(SparseStore& ub, const OwnSlotStore& w) {
    std::uint8_t raw[sizeof w.value];
    std::memcpy(raw, &w.value, sizeof raw);
    ub.write(w.ub, raw, sizeof raw);
}
// Whether a scan's value ends the loop: every slot (or the quorum) ready, or
// the sum reached.
bool slots_done(const PollSpec& spec, std::int64_t value) {
    switch (spec.iteration.scan) {
    case SlotScan::All:
        return value == spec.slots;
    case SlotScan::Count:
        return value >= spec.iteration.quorum;
    case SlotScan::Sum:
        break;
    }
    return compare(value, spec.until, spec.target);
}
std::ptrdiff_t step_count(const SlotIteration& it, SlotStep step) {
    return std::count(it.steps.begin(), it.steps.end(), step);
}
std::ptrdiff_t step_at(const SlotIteration& it, SlotStep step) {
    return std::find(it.steps.begin(), it.steps.end(), step) - it.steps.begin();
}
// The rules an iteration keeps so that its fast-forward means what its real
// iterations do: one DMA that the scan reads only after its flag, one scan,
// and an own-slot store only with its data, before the sum that counts it.
void check_iteration(const PollSpec& spec) {
    const SlotIteration& it = spec.iteration;
    const auto fault = [](const std::string& what) { throw KernelFault("poll: " + what); };
    if (step_count(it, SlotStep::DmaRead) != 1 || step_count(it, SlotStep::Scan) != 1)
        fault("a slot poll's iteration needs exactly one dma_read and one scan");
    const std::ptrdiff_t dma = step_at(it, SlotStep::DmaRead), scan = step_at(it, SlotStep::Scan);
    const auto flag = std::find(it.steps.begin() + dma, it.steps.begin() + std::max(dma, scan),
                                SlotStep::WaitFlag);
    if (scan < dma || flag == it.steps.begin() + std::max(dma, scan))
        fault("a slot poll's scan reads UB only after a wait_flag on the dma_read that fills it");
    const std::ptrdiff_t stores = step_count(it, SlotStep::StoreOwnSlot);
    if (stores > 1 || (stores == 1) != it.own.has_value())
        fault("a store_own_slot step and its store (SlotIteration::own) go together, once");
    if (it.own && (!sums(spec) || step_at(it, SlotStep::StoreOwnSlot) > scan))
        fault("an own-slot store is counted by a sum scan after it");
    if (it.scan == SlotScan::Count && (it.quorum < 1 || it.quorum > spec.slots))
        fault("a count scan's quorum is between 1 and the " + std::to_string(spec.slots) +
              " slots");
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
        if (!spec.iteration.own || i != spec.iteration.own->slot) sum += word;
        if (compare(word, spec.until, spec.target)) ++ready;
    }
    if (spec.iteration.own) sum += spec.iteration.own->value; // its own count, then the others
    return sums(spec) ? sum : ready;
}

bool SlotPollLoop::own_slot_is_current(const PollSpec& spec) {
    const OwnSlotStore& w = *spec.iteration.own;
    std::uint8_t would[kDmaBlockBytes], held[kDmaBlockBytes];
    m_pipes.own_ub().bytes.read(w.ub, would, sizeof would);
    std::memcpy(would, &w.value, sizeof w.value);
    m_engine.poll_sleep().read_now(w.gm, held, sizeof held);
    return std::memcmp(would, held, sizeof would) == 0;
}

void SlotPollLoop::store_own_slot(const PollSpec& spec) {
    const OwnSlotStore& w = *spec.iteration.own;
    store_own_word(m_pipes.own_ub().bytes, w);
    m_time.advance(m_config.timing.scalar_op);  // the store
    m_time.advance(m_config.timing.pipe_issue); // set_flag(S, MTE3)
    m_time.advance(m_config.timing.scalar_op);  // wait_flag(S, MTE3)
    m_pipes.dma("copy_ubuf_to_gm", kDmaRoutes.ub_to_gm, PipeSet::Space::Gm, w.gm,
                PipeSet::Space::Ub, w.ub, 1, 1, 0, 0);
    if (w.wait_copy) wait_drained(kDmaRoutes.ub_to_gm); // MTE3 -> MTE2
}

void SlotPollLoop::wait_drained(Pipe pipe) {
    PipeUnit& unit = m_pipes.unit(pipe);
    while (!unit.drained()) m_time.wait_ahead(unit.drained_event());
}

void SlotPollLoop::dcci_slots(const PollSpec& spec) {
    for (std::int64_t i = 0; i < spec.slots; ++i)
        m_memory.dcci_line(spec.addr + static_cast<GmAddr>(i) * spec.slot_bytes,
                           DcciMode::CleanInvalidate);
}

void SlotPollLoop::dsb() {
    if (!m_memory.write_buffer().drained()) {
        m_time.sync();
        while (!m_memory.write_buffer().drained())
            m_time.wait_ahead(m_memory.write_buffer().drained_event());
    }
    m_memory.fence_posted_writes();
    m_time.advance(m_config.timing.dsb);
}

// copy_gm_to_ubuf(ub, slots, 0, 1, N x slot_bytes / 32, 0, 0) as one poll
// read on MTE2; `dma` records what the port measured once the pipe ran it.
void SlotPollLoop::read_slots(const PollSpec& spec, PollExtension& dma) {
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
    m_time.advance(m_config.timing.pipe_issue);
}

// set_flag(MTE2, S) and wait_flag(MTE2, S): the scalar unit waits for the
// pipe to reach the flag.
void SlotPollLoop::wait_for_read() {
    m_time.advance(m_config.timing.pipe_issue);
    wait_drained(kDmaRoutes.gm_to_ub);
    m_time.advance(m_config.timing.scalar_op);
}

// pipe_barrier(PIPE_ALL): an own-slot copy may still be on MTE3.
void SlotPollLoop::pipe_barrier() {
    for (int p = 1; p < kPipeCount; ++p) wait_drained(static_cast<Pipe>(p));
    m_time.advance(m_config.timing.pipe_barrier);
}

std::int64_t SlotPollLoop::iteration(const PollSpec& spec, PollEngine::PollTiming& timing,
                                     std::uint64_t& write_seq) {
    const sc_core::sc_time begin = m_time.now();
    PollExtension dma;
    std::int64_t value = 0;
    for (const SlotStep step : spec.iteration.steps) {
        switch (step) {
        case SlotStep::Dcci:
            dcci_slots(spec);
            break;
        case SlotStep::Dsb:
            dsb();
            break;
        case SlotStep::DmaRead:
            read_slots(spec, dma);
            break;
        case SlotStep::WaitFlag:
            wait_for_read();
            break;
        case SlotStep::StoreOwnSlot:
            store_own_slot(spec);
            break;
        case SlotStep::Scan:
            value = scan(spec);
            m_time.advance(double(spec.slots) * m_config.timing.scalar_op);
            break;
        case SlotStep::PipeBarrier:
            pipe_barrier();
            break;
        }
    }
    timing.port = dma.port;
    timing.to_arrive = dma.arrived_at - begin;
    timing.after_start = m_time.now() - dma.started_at;
    timing.occupancy = dma.occupancy;
    write_seq = dma.write_seq;
    return value;
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
    // The slept iterations skipped the own-slot store: it wrote what the
    // slot already held. One that would change the slot (another core wrote
    // it) is done for real.
    if (spec.iteration.own) {
        if (own_slot_is_current(spec))
            store_own_word(m_pipes.own_ub().bytes, *spec.iteration.own);
        else
            store_own_slot(spec);
    }
    return scan(spec);
}

PollResult SlotPollLoop::run(const PollSpec& spec) {
    if (spec.slots < 1 || spec.slot_bytes == 0 || spec.slot_bytes % kDmaBlockBytes != 0)
        throw KernelFault("poll: a slot poll needs at least one slot and slots a multiple of " +
                          std::to_string(kDmaBlockBytes) + " bytes apart");
    if (m_config.type != CoreType::AIV)
        throw KernelFault("poll: a slot poll scans UB with scalar loads, which only an AIV has");
    check_iteration(spec);
    if (spec.iteration.own)
        m_pipes.check_local_range(m_pipes.own_ub(), spec.iteration.own->ub, kDmaBlockBytes, "poll");
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
    if (spec.iteration.scan == SlotScan::Count)
        m_activity.reason().slot_quorum = spec.iteration.quorum;

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
