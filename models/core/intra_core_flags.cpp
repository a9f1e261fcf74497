#include "models/core/intra_core_flags.hpp"

#include "syncsim/fault.hpp"

#include <algorithm>
#include <string>

namespace syncsim {

IntraCoreFlags::IntraCoreFlags(int ids_per_pair)
    : m_ids(ids_per_pair), m_counts(kPipeCount * kPipeCount * std::max(1, ids_per_pair), 0),
      m_events(m_counts.size()) {}

void IntraCoreFlags::check(Pipe src, Pipe dst, int id) const {
    if (src == Pipe::ALL || dst == Pipe::ALL || src == dst)
        throw KernelFault("set_flag/wait_flag need two different pipes other than PIPE_ALL");
    if (id < 0 || id >= m_ids)
        throw KernelFault("event id " + std::to_string(id) + " outside 0.." +
                          std::to_string(m_ids - 1));
}

std::size_t IntraCoreFlags::index(Pipe src, Pipe dst, int id) const {
    const int s = static_cast<int>(src), d = static_cast<int>(dst);
    return static_cast<std::size_t>((s * kPipeCount + d) * m_ids + id);
}

sc_core::sc_event& IntraCoreFlags::event(Pipe src, Pipe dst, int id) {
    auto& slot = m_events[index(src, dst, id)];
    if (!slot) slot = std::make_unique<sc_core::sc_event>();
    return *slot;
}

} // namespace syncsim
