#include "models/memory/stale_reads.hpp"

#include <algorithm>

namespace syncsim {

void StaleReads::record(StaleRead read) {
    read.index = m_count++;
    if (m_first.size() < kFirst) {
        m_first.push_back(read);
        return; // the first are kept already: no second copy
    }
    std::deque<StaleRead>& latest = m_latest[read.core];
    latest.push_back(read);
    if (latest.size() > kPerCore) latest.pop_front();
}

std::vector<const StaleRead*> StaleReads::kept_since(std::uint64_t from) const {
    std::vector<const StaleRead*> out;
    for (const StaleRead& r : m_first)
        if (r.index >= from) out.push_back(&r);
    for (const auto& [core, reads] : m_latest)
        for (const StaleRead& r : reads)
            if (r.index >= from) out.push_back(&r);
    std::sort(out.begin(), out.end(),
              [](const StaleRead* a, const StaleRead* b) { return a->index < b->index; });
    return out;
}

} // namespace syncsim
