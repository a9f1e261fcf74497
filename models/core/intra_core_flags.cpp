#include "models/core/intra_core_flags.hpp"

#include "syncsim/fault.hpp"

#include <algorithm>
#include <string>

namespace syncsim {

IntraCoreFlags::IntraCoreFlags(int ids_per_pair) : m_ids(ids_per_pair) {}

void IntraCoreFlags::check(Pipe src, Pipe dst, int id) const {
    if (src == Pipe::ALL || dst == Pipe::ALL || src == dst)
        throw KernelFault("set_flag/wait_flag need two different pipes other than PIPE_ALL");
    if (id < 0 || id >= m_ids)
        throw KernelFault("event id " + std::to_string(id) + " outside 0.." +
                          std::to_string(m_ids - 1));
}

std::uint32_t IntraCoreFlags::key(Pipe src, Pipe dst, int id) const {
    const auto s = static_cast<std::uint32_t>(src), d = static_cast<std::uint32_t>(dst);
    return (s * kPipeCount + d) * static_cast<std::uint32_t>(m_ids) +
           static_cast<std::uint32_t>(id);
}

IntraCoreFlags::Flag& IntraCoreFlags::flag(Pipe src, Pipe dst, int id) {
    return m_flags[key(src, dst, id)];
}

std::pair<std::int64_t, std::int64_t> IntraCoreFlags::state(Pipe src, Pipe dst, int id) const {
    const auto it = m_flags.find(key(src, dst, id));
    return it == m_flags.end() ? std::pair<std::int64_t, std::int64_t>{0, 0}
                               : std::pair{it->second.count, it->second.pending};
}

sc_core::sc_event& IntraCoreFlags::event(Pipe src, Pipe dst, int id) {
    Flag& f = flag(src, dst, id);
    if (!f.event) f.event = std::make_unique<sc_core::sc_event>();
    return *f.event;
}

} // namespace syncsim
