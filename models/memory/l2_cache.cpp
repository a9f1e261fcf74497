#include "models/memory/l2_cache.hpp"

#include "models/memory/atomic.hpp"
#include "models/memory/extensions.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace syncsim {

L2Cache::L2Cache(sc_core::sc_module_name name, const L2Params& params, const Clock& clock,
                 SparseStore& store, PolledExtents* polled)
    : sc_module(name), target("target"), m_params(params), m_clock(clock), m_store(store),
      m_own_polled(polled ? nullptr : std::make_unique<PolledExtents>()),
      m_polled(polled ? polled : m_own_polled.get()),
      m_tags(std::max<std::uint64_t>(1, params.size_bytes / params.line_bytes), params.line_bytes),
      m_paths(clock.cycles(1), params.bandwidth_bytes_per_cycle, params.hbm_bytes_per_cycle),
      m_arbiter(params.serialize_bytes, *m_polled, m_stats.queued, m_queue_depth) {
    target.register_b_transport(this, &L2Cache::b_transport);
    SC_HAS_PROCESS(L2Cache);
    SC_METHOD(arbitrate);
    sensitive << m_arbiter.arbitrate_event();
    dont_initialize();
    SC_METHOD(due_reached);
    sensitive << m_arbiter.due_event();
    dont_initialize();
}

namespace {

// Bulk traffic (a StreamExtension) takes a share of both paths from when it
// arrives; true when `trans` was one.
bool joined_stream(L2DataPaths& paths, tlm::tlm_generic_payload& trans) {
    StreamExtension* stream = nullptr;
    trans.get_extension(stream);
    if (!stream) return false;
    paths.add_stream(stream->bytes_per_cycle, stream->burst_bytes, stream->until);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
    return true;
}

// The elements of an accumulating copy at `addr` whose bytes are [from, to)
// of it, each combined with GM's (both ends are element boundaries).
void accumulate(SparseStore& store, const AtomicExtension& atomic, std::uint64_t addr,
                const std::uint8_t* operands, std::uint64_t from, std::uint64_t to) {
    const unsigned width = atomic_width_bytes(atomic.type);
    for (std::uint64_t at = from; at < to; at += width) {
        std::uint8_t word[8];
        std::int64_t operand = 0; // the element's bits; apply_atomic narrows them
        std::memcpy(&operand, operands + at, width);
        store.read(addr + at, word, width);
        apply_atomic(atomic.type, atomic.op, word, operand);
        store.write(addr + at, word, width);
    }
}

// An accumulating copy's pieces: a range boundary may fall inside an
// element (serialize_bytes need not be a multiple of its width), and the
// element goes whole with the range it starts in; each piece holds its range
// for its read-modify-writes (the atomic occupancy) or its transfer,
// whichever is longer.
template <typename Piece>
void whole_elements(std::vector<Piece>& pieces, std::uint64_t addr, unsigned width,
                    const sc_core::sc_time& atomic_occupancy) {
    for (std::size_t i = 0; i + 1 < pieces.size(); ++i) {
        const std::uint64_t end = pieces[i].addr + pieces[i].len;
        const std::uint64_t moved = (width - (end - addr) % width) % width;
        pieces[i].len += moved;
        pieces[i + 1].addr += moved;
        pieces[i + 1].len -= moved;
    }
    // The last element may have taken all of the last piece.
    pieces.erase(
        std::remove_if(pieces.begin(), pieces.end(), [](const Piece& p) { return p.len == 0; }),
        pieces.end());
    for (Piece& p : pieces) p.occupancy = std::max(p.occupancy, atomic_occupancy);
}

// A core's write as it takes effect, for the race detector (the host's
// and the AICPU's never reach an L2).
void tell_race(GmWriteObserver& race, int requester, std::uint64_t addr, std::uint64_t len,
               const char* what, const RequesterExtension* from, bool atomic) {
    if (requester >= 0)
        race.gm_written(requester / kRequestersPerLink, addr, len, what,
                        from ? from->race : nullptr, atomic, now_ps());
}

} // namespace

std::vector<L2Cache::Piece> L2Cache::pieces_of(std::uint64_t addr, std::uint64_t len,
                                               bool atomic) const {
    if (atomic)
        return {Piece{range_of(addr), m_clock.cycles(m_params.atomic_cycles), addr, len, {}}};
    std::vector<Piece> pieces;
    for (std::uint64_t at = addr; at < addr + len;) {
        const std::uint64_t end =
            std::min(addr + len, (range_of(at) + 1) * std::uint64_t(m_params.serialize_bytes));
        const double occupancy =
            std::max(1.0, std::ceil(double(end - at) / m_params.bytes_per_cycle));
        pieces.push_back(Piece{range_of(at), m_clock.cycles(occupancy), at, end - at, {}});
        at = end;
    }
    return pieces;
}

void L2Cache::written(std::uint64_t addr, std::uint64_t len, int requester, const char* what,
                      const RequesterExtension* from, bool atomic) {
    if (m_observer) m_observer(addr, len);
    if (m_line_watch) m_line_watch->landed(addr, len);
    if (m_provenance) m_provenance->record({requester, what, now_ps(), addr, len});
    if (m_race) tell_race(*m_race, requester, addr, len, what, from, atomic);
}

template <typename AtPiece>
void L2Cache::serve_pieces(Request& request, AtPiece at_piece) {
    // Requests that reach the L2 at the same instant are ordered by port, not
    // by the order their threads happened to run in: the arbiter reserves
    // their ranges one delta later. Each piece takes effect when its range
    // serves it: that instant orders it for every core.
    m_arbiter.arrive(request);
    wait_on(request.arbitrated);
    std::vector<const Piece*> by_start;
    for (const Piece& p : request.pieces) by_start.push_back(&p);
    std::stable_sort(by_start.begin(), by_start.end(),
                     [](const Piece* a, const Piece* b) { return a->start < b->start; });
    for (const Piece* p : by_start) {
        wait_until(p->start);
        at_piece(*p);
    }
}

void L2Cache::serve_poll(tlm::tlm_generic_payload& trans, PollExtension& poll, int port,
                         sc_core::sc_time& delay) {
    const std::uint64_t addr = trans.get_address();
    const std::uint64_t len = trans.get_data_length();
    const sc_core::sc_time arrival =
        sc_core::sc_time_stamp() + delay + m_clock.cycles(m_params.hop_cycles);
    // At least a cycle: a poll and a write its range takes after it never
    // start together, so the poll sees exactly the writes landed before it.
    // A poll is served by the range of its first byte for its whole length.
    double occupancy = 0, answer = 0;
    // Co-running streams slow a poll's way as they slow any request's; a
    // poll reserves nothing there (a loop's sleeping polls repeat what its
    // first poll measured, SleepingPolls).
    const auto through = [&](bool hbm) {
        return m_clock.to_cycles(m_paths.poll_delay(hbm, arrival, len));
    };
    switch (poll.path) {
    case PollPath::Dev: // answered once the range has read DDR for it
        ++m_stats.uncached_reads;
        occupancy = std::max(1.0, m_params.uncached_read_occupancy);
        answer = m_params.uncached_read_latency + through(true);
        break;
    case PollPath::AtomicAddZero: // the range's access follows the read-modify-write
        occupancy = std::max(1.0, m_params.atomic_cycles);
        answer = occupancy + m_params.access_cycles;
        break;
    case PollPath::Dma: // an L2 hit: the polled slots are read every iteration
        occupancy = std::max(1.0, std::ceil(double(len) / m_params.bytes_per_cycle));
        answer = occupancy + m_params.access_cycles + through(false);
        break;
    }
    m_polled->watch(addr, len); // watched from its first poll on
    wait_until(arrival);
    Request request{
        port, {Piece{range_of(addr), m_clock.cycles(occupancy), addr, len, {}}}, false, {}};
    serve_pieces(request, [](const Piece&) {});
    // A write landing now lands in this delta: read in the next.
    sc_core::wait(sc_core::SC_ZERO_TIME);
    Activity::count_one();
    m_store.read(addr, trans.get_data_ptr(), len);
    poll.port = port;
    poll.arrived_at = arrival;
    poll.started_at = sc_core::sc_time_stamp();
    poll.occupancy = request.pieces.front().occupancy;
    poll.write_seq = landed(addr, poll.started_at);
    delay = m_clock.cycles(answer + m_params.hop_cycles);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

void L2Cache::b_transport(int port, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    const std::uint64_t addr = trans.get_address();
    const std::uint64_t len = trans.get_data_length();
    if (len == 0 || addr < m_params.gm_base || addr + len > m_params.gm_base + m_params.gm_bytes) {
        trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    RequesterExtension* requester = nullptr;
    trans.get_extension(requester);
    // Through the interconnect the requester is numbered; bound directly, it
    // is this port's requester in its slot.
    if (requester)
        port = requester->numbered ? requester->port : port * kRequestersPerLink + requester->slot;
    PollExtension* poll = nullptr;
    trans.get_extension(poll);
    if (poll) return serve_poll(trans, *poll, port, delay);
    if (joined_stream(m_paths, trans)) return;
    AtomicExtension* atomic = nullptr;
    trans.get_extension(atomic);

    const sc_core::sc_time arrival =
        sc_core::sc_time_stamp() + delay + m_clock.cycles(m_params.hop_cycles);
    wait_until(arrival);
    const bool elementwise = atomic && atomic->elementwise;
    Request request{port,
                    pieces_of(addr, len, atomic && !elementwise),
                    atomic != nullptr || trans.is_write(),
                    {}};
    if (elementwise)
        whole_elements(request.pieces, addr, atomic_width_bytes(atomic->type),
                       m_clock.cycles(m_params.atomic_cycles));
    std::uint8_t* data = trans.get_data_ptr();
    const char* what = requester ? requester->what : "write";
    serve_pieces(request, [&](const Piece& p) {
        std::uint8_t* bytes = data + (p.addr - addr);
        if (elementwise) {
            accumulate(m_store, *atomic, addr, data, p.addr - addr, p.addr - addr + p.len);
            written(p.addr, p.len, port, what, requester, true);
        } else if (atomic) {
            std::uint8_t word[8];
            const unsigned width = atomic_width_bytes(atomic->type);
            m_store.read(addr, word, width);
            atomic->old_value = apply_atomic(atomic->type, atomic->op, word, atomic->operand);
            m_store.write(addr, word, width);
            written(addr, width, port, "atomic", requester, true);
        } else if (trans.is_read()) {
            m_store.read(p.addr, bytes, p.len);
        } else {
            m_store.write(p.addr, bytes, p.len);
            written(p.addr, p.len, port, what, requester, false);
        }
    });
    // An accumulating copy is a write (its elements' read-modify-writes are its way of writing).
    ++(atomic && !elementwise ? m_stats.atomics : trans.is_read() ? m_stats.reads : m_stats.writes);
    sc_core::sc_time served = sc_core::SC_ZERO_TIME, first = sc_core::sc_max_time();
    for (const Piece& p : request.pieces) {
        served = std::max(served, p.start + p.occupancy);
        first = std::min(first, p.start);
    }
    // Its bytes cross the die's data path, and what missed crosses the way
    // to HBM; each is shared with every other range's requests. A miss adds
    // the HBM's latency.
    const std::uint64_t missed = m_tags.missed_lines(addr, len);
    m_stats.misses += missed > 0;
    served = std::max(served, m_paths.pass(first, len, missed * m_params.line_bytes));
    const double latency = m_params.access_cycles + (missed ? m_params.miss_extra_cycles : 0);
    delay = (served - sc_core::sc_time_stamp()) + m_clock.cycles(latency + m_params.hop_cycles);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

void L2Cache::set_queue_tracer(SignalTracer* tracer, int die) {
    const std::string name = "die" + std::to_string(die);
    m_queue_depth.set_tracer(tracer, {TraceSignal::L2Queue, -1, name + ".l2", "queue_depth", 16,
                                      "L2", name + "_l2_queue"});
}

} // namespace syncsim
