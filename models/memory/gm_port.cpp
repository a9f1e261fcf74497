#include "models/memory/gm_port.hpp"

#include "models/memory/extensions.hpp"

#include "models/systemc/simulation_time.hpp"
#include "syncsim/fault.hpp"

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace syncsim {

GmPort::GmPort(GmLink& link, int slot, std::string name) : m_link(link), m_slot(slot) {
    if (slot < 0 || slot >= kRequestersPerLink)
        throw std::logic_error("GM port slot " + std::to_string(slot) + " out of range");
    m_link.m_names[static_cast<std::size_t>(slot)] = std::move(name);
}

std::string GmLink::requester_name(int slot) const {
    const bool named =
        slot >= 0 && slot < kRequestersPerLink && !m_names[static_cast<std::size_t>(slot)].empty();
    return named ? m_names[static_cast<std::size_t>(slot)] : "requester " + std::to_string(slot);
}

void GmPort::transport(tlm::tlm_generic_payload& trans, const char* what, const RaceTag* race) {
    sc_core::sc_time delay = m_path_latency;
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    RequesterExtension requester;
    requester.slot = m_slot;
    requester.what = what;
    requester.race = race;
    const AttachedExtension<RequesterExtension> attached(trans, requester);
    m_link.socket->b_transport(trans, delay);
    if (trans.get_response_status() != tlm::TLM_OK_RESPONSE) {
        std::ostringstream os;
        os << what << " of " << trans.get_data_length() << " bytes at GM address 0x" << std::hex
           << trans.get_address() << " is outside global memory";
        throw KernelFault(os.str());
    }
    wait_for(delay);
}

void GmPort::read(std::uint64_t addr, std::uint8_t* out, std::uint64_t len) {
    tlm::tlm_generic_payload trans;
    trans.set_command(tlm::TLM_READ_COMMAND);
    trans.set_address(addr);
    trans.set_data_ptr(out);
    trans.set_data_length(static_cast<unsigned>(len));
    trans.set_streaming_width(static_cast<unsigned>(len));
    transport(trans, "read");
}

void GmPort::write(std::uint64_t addr, const std::uint8_t* in, std::uint64_t len, const char* what,
                   const RaceTag* race) {
    tlm::tlm_generic_payload trans;
    trans.set_command(tlm::TLM_WRITE_COMMAND);
    trans.set_address(addr);
    trans.set_data_ptr(const_cast<std::uint8_t*>(in));
    trans.set_data_length(static_cast<unsigned>(len));
    trans.set_streaming_width(static_cast<unsigned>(len));
    if (!m_store_atomic_op) return transport(trans, what, race);
    const unsigned width = atomic_width_bytes(m_store_atomic_type);
    if (addr % width || len % width) {
        std::ostringstream os;
        os << what << " in atomic " << to_string(*m_store_atomic_op) << " mode: [0x" << std::hex
           << addr << ", +" << std::dec << len << ") is not a whole number of aligned "
           << to_string(m_store_atomic_type) << " elements";
        throw KernelFault(os.str());
    }
    AtomicExtension ext;
    ext.type = m_store_atomic_type;
    ext.op = *m_store_atomic_op;
    ext.elementwise = true;
    const AttachedExtension<AtomicExtension> attached(trans, ext);
    transport(trans, what, race);
}

std::int64_t GmPort::atomic(std::uint64_t addr, AtomicType type, AtomicOp op, std::int64_t operand,
                            const RaceTag* race) {
    AtomicExtension ext;
    ext.type = type;
    ext.op = op;
    ext.operand = operand;
    std::uint8_t unused[8] = {};
    tlm::tlm_generic_payload trans;
    trans.set_command(tlm::TLM_WRITE_COMMAND);
    trans.set_address(addr);
    trans.set_data_ptr(unused);
    trans.set_data_length(atomic_width_bytes(type));
    trans.set_streaming_width(atomic_width_bytes(type));
    {
        const AttachedExtension<AtomicExtension> attached(trans, ext);
        transport(trans, "atomic", race);
    }
    return ext.old_value;
}

void GmPort::poll(std::uint64_t addr, std::uint8_t* out, std::uint64_t len, PollExtension& poll) {
    tlm::tlm_generic_payload trans;
    trans.set_command(tlm::TLM_READ_COMMAND);
    trans.set_address(addr);
    trans.set_data_ptr(out);
    trans.set_data_length(static_cast<unsigned>(len));
    trans.set_streaming_width(static_cast<unsigned>(len));
    const AttachedExtension<PollExtension> attached(trans, poll);
    transport(trans, to_string(poll.path));
}

void GmPort::stream(std::uint64_t addr, double bytes_per_cycle, double burst_bytes,
                    const sc_core::sc_time& until) {
    std::uint8_t none = 0;
    tlm::tlm_generic_payload trans;
    trans.set_command(tlm::TLM_READ_COMMAND);
    trans.set_address(addr);
    trans.set_data_ptr(&none);
    trans.set_data_length(1);
    trans.set_streaming_width(1);
    StreamExtension ext;
    ext.bytes_per_cycle = bytes_per_cycle;
    ext.burst_bytes = burst_bytes;
    ext.until = until;
    const AttachedExtension<StreamExtension> attached(trans, ext);
    transport(trans, "stream_gm");
}

} // namespace syncsim
