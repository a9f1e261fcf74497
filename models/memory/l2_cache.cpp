#include "models/memory/l2_cache.hpp"

#include "models/memory/atomic.hpp"
#include "models/memory/extensions.hpp"

#include <algorithm>
#include <cmath>

namespace syncsim {

L2Cache::L2Cache(sc_core::sc_module_name name, const L2Params& params, const Clock& clock,
                 SparseStore& store)
    : sc_module(name), target("target"), m_params(params), m_clock(clock), m_store(store),
      m_tags(std::max<std::uint64_t>(1, params.size_bytes / params.line_bytes)),
      m_slices(std::max<std::uint32_t>(1, params.slices)) {
    target.register_b_transport(this, &L2Cache::b_transport);
    SC_HAS_PROCESS(L2Cache);
    SC_METHOD(arbitrate);
    sensitive << m_arbitrate;
    dont_initialize();
    SC_METHOD(due_reached);
    sensitive << m_due;
    dont_initialize();
}

double L2Cache::tag_latency_cycles(std::uint64_t addr, std::uint64_t len) {
    double latency = m_params.access_cycles;
    const std::uint64_t first = addr / m_params.line_bytes;
    const std::uint64_t last = (addr + len - 1) / m_params.line_bytes;
    bool missed = false;
    for (std::uint64_t line = first; line <= last; ++line)
        if (!m_tags.touch(line)) {
            m_tags.insert(line);
            missed = true;
        }
    if (missed) {
        ++m_stats.misses;
        latency += m_params.miss_extra_cycles;
    }
    return latency;
}

void L2Cache::written(std::uint64_t addr, std::uint64_t len, int requester, const char* what) {
    if (m_observer) m_observer(addr, len);
    if (m_provenance) m_provenance->record({requester, what, now_ps(), addr, len});
}

void L2Cache::serve_poll(tlm::tlm_generic_payload& trans, PollExtension& poll, int port,
                         sc_core::sc_time& delay) {
    const std::uint64_t addr = trans.get_address();
    const sc_core::sc_time arrival =
        sc_core::sc_time_stamp() + delay + m_clock.cycles(m_params.hop_cycles);
    // At least a cycle: a poll and a write the slice takes after it never
    // start together, so the poll sees exactly the writes taken before it.
    const double occupancy =
        std::max(1.0, poll.atomic_path ? m_params.atomic_cycles : m_params.uncached_read_cycles);
    // An ld_dev is answered once the slice has read DDR for it; the atomic
    // path adds the slice's access after the read-modify-write.
    const double answer =
        occupancy + (poll.atomic_path ? m_params.access_cycles : 0.0) + m_params.hop_cycles;
    write_seq(addr); // watched from its first poll on
    wait_until(arrival);
    Request request{
        port, slice_of(addr), m_clock.cycles(occupancy), {}, addr, trans.get_data_length(), false,
        0};
    m_arriving.push_back(&request);
    m_arbitrate.notify(sc_core::SC_ZERO_TIME);
    wait_on(request.granted);
    // A write the slice took before this poll with no occupancy may start
    // now too: it lands in this delta, so read in the next.
    sc_core::wait(sc_core::SC_ZERO_TIME);
    Activity::count_one();
    m_store.read(addr, trans.get_data_ptr(), trans.get_data_length());
    poll.port = port;
    poll.arrived_at = arrival;
    poll.started_at = sc_core::sc_time_stamp();
    poll.occupancy = request.occupancy;
    poll.write_seq = request.seq_before;
    delay = m_clock.cycles(answer);
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
    AtomicExtension* atomic = nullptr;
    trans.get_extension(atomic);

    const sc_core::sc_time arrival =
        sc_core::sc_time_stamp() + delay + m_clock.cycles(m_params.hop_cycles);
    const double occupancy_cycles =
        atomic ? m_params.atomic_cycles
               : std::max(1.0, std::ceil(double(len) / m_params.bytes_per_cycle));
    // Requests that reach the L2 at the same instant are ordered by port, not
    // by the order their threads happened to run in: the arbiter reserves
    // their slices one delta later. The access takes effect when its slice
    // serves it: that instant orders it for every core.
    wait_until(arrival);
    Request request{port,
                    slice_of(addr),
                    m_clock.cycles(occupancy_cycles),
                    {},
                    addr,
                    len,
                    atomic != nullptr || trans.is_write(),
                    0};
    m_arriving.push_back(&request);
    m_arbitrate.notify(sc_core::SC_ZERO_TIME);
    wait_on(request.granted);
    std::uint8_t* data = trans.get_data_ptr();
    if (atomic) {
        ++m_stats.atomics;
        std::uint8_t word[8];
        const unsigned width = atomic_width_bytes(atomic->type);
        m_store.read(addr, word, width);
        atomic->old_value = apply_atomic(atomic->type, atomic->op, word, atomic->operand);
        m_store.write(addr, word, width);
        written(addr, width, port, "atomic");
    } else if (trans.is_read()) {
        ++m_stats.reads;
        m_store.read(addr, data, len);
    } else {
        ++m_stats.writes;
        m_store.write(addr, data, len);
        written(addr, len, port, requester ? requester->what : "write");
    }
    const double done_cycles =
        occupancy_cycles + tag_latency_cycles(addr, len) + m_params.hop_cycles;
    delay = m_clock.cycles(done_cycles);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

} // namespace syncsim
