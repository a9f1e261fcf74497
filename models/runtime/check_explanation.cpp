#include "models/runtime/check_explanation.hpp"

#include "models/memory/extensions.hpp"
#include "models/report/summary.hpp"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace syncsim {

namespace {

std::int64_t signed_at(const std::uint8_t* raw, unsigned bytes) {
    std::int64_t v = 0;
    std::memcpy(&v, raw, bytes);
    if (bytes >= 8) return v;
    const unsigned shift = 64 - 8 * bytes;
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(v) << shift) >> shift;
}

bool same_write(const std::optional<WriteRecord>& a, const WriteRecord* b) {
    if (!a || !b) return !a && !b;
    return a->requester == b->requester && a->what == b->what && a->time_ps == b->time_ps &&
           a->addr == b->addr && a->len == b->len;
}

// The first word of `part` (aligned to the read's width, within the bytes
// the host got) that holds what `r` returned; 0 when none does.
std::uint64_t word_holding(const ReadPart& part, const StaleRead& r) {
    const std::uint64_t width = r.bytes;
    for (std::uint64_t a = (part.from + width - 1) / width * width;
         a + width <= part.from + part.head.size(); a += width)
        if (signed_at(part.head.data() + (a - part.from), r.bytes) == r.value) return a;
    return 0;
}

} // namespace

void CheckExplainer::host_read(std::uint64_t addr, const std::uint8_t* data, std::uint64_t bytes) {
    if (!m_provenance) return;
    m_provenance->for_each(addr, addr + bytes,
                           [&](std::uint64_t from, std::uint64_t to, const WriteRecord* write) {
                               add_part(from, to, write, data + (from - addr));
                           });
}

void CheckExplainer::add_part(std::uint64_t from, std::uint64_t to, const WriteRecord* write,
                              const std::uint8_t* data) {
    const std::size_t head = std::min<std::uint64_t>(to - from, kHeadBytes);
    if (!m_parts.empty() && m_parts.back().to == from && same_write(m_parts.back().write, write)) {
        ReadPart& last = m_parts.back();
        const std::size_t room = kHeadBytes - last.head.size();
        if (last.head.size() == last.to - last.from) // its head is all of it so far
            last.head.insert(last.head.end(), data, data + std::min(room, head));
        last.to = to;
        return;
    }
    if (m_parts.size() >= kParts) {
        ++m_left_out;
        return;
    }
    ReadPart part;
    part.from = from;
    part.to = to;
    if (write) part.write = *write;
    part.head.assign(data, data + head);
    m_parts.push_back(std::move(part));
}

void CheckExplainer::link_to_stale_read(ReadPart& part) const {
    if (!m_stale || !part.write || part.write->requester < 0) return;
    const int core = part.write->requester / kRequestersPerLink;
    const StaleRead* r = m_stale->latest_of(
        core, part.write->time_ps, [&](const StaleRead& s) { return word_holding(part, s) != 0; });
    if (!r) return;
    part.from_stale = *r;
    part.stale_word = word_holding(part, *r);
}

std::shared_ptr<const CheckExplanation> CheckExplainer::checked(bool ok) {
    std::shared_ptr<CheckExplanation> out;
    const std::uint64_t stale_now = m_stale ? m_stale->count() : 0;
    if (!ok && (!m_parts.empty() || stale_now > m_stale_mark)) {
        out = std::make_shared<CheckExplanation>();
        for (ReadPart& part : m_parts) link_to_stale_read(part);
        std::stable_partition(m_parts.begin(), m_parts.end(),
                              [](const ReadPart& p) { return p.from_stale.has_value(); });
        out->parts = std::move(m_parts);
        out->parts_left_out = m_left_out;
        out->stale_count = stale_now - m_stale_mark;
        if (m_stale)
            for (const StaleRead* r : m_stale->kept_since(m_stale_mark))
                if (out->stale_reads.size() < kStaleReads) out->stale_reads.push_back(*r);
        if (out->parts.empty() && out->stale_reads.empty()) out.reset();
    }
    m_parts.clear();
    m_left_out = 0;
    m_stale_mark = stale_now;
    return out;
}

std::string describe_stale_read(const StaleRead& r, const ExplanationNames& n) {
    std::ostringstream s;
    s << n.requester(r.core * kRequestersPerLink) << " read " << r.value << " at "
      << n.where(r.addr) << " at " << format_time(r.time_ps) << " from its cached line 0x"
      << std::hex << r.line << std::dec << ", filled at " << format_time(r.filled_ps)
      << "; the line missed " << n.requester(r.missed.requester) << ": " << r.missed.what << " at "
      << format_time(r.missed.time_ps) << " (GM held " << r.memory_value << "), and ";
    if (r.cleaned_ps)
        s << "its only dcci after that write, at " << format_time(r.cleaned_ps)
          << ", cleaned the line without invalidating it";
    else
        s << "no dcci came between that write and the read";
    return s.str();
}

std::vector<std::string> explanation_lines(const CheckExplanation& e, const ExplanationNames& n,
                                           std::size_t parts, std::size_t reads) {
    std::vector<std::string> out;
    std::vector<std::uint64_t> told; // the stale reads a part's line already tells
    for (std::size_t i = 0; i < e.parts.size() && i < parts; ++i) {
        const ReadPart& p = e.parts[i];
        std::ostringstream s;
        s << "read " << n.where(p.from) << " (" << p.to - p.from << " B): ";
        if (!p.write) {
            s << "never written";
        } else {
            s << "last written by " << n.requester(p.write->requester) << ": " << p.write->what
              << " at " << format_time(p.write->time_ps);
        }
        if (p.from_stale)
            s << "; the " << p.from_stale->value << " it wrote at " << n.where(p.stale_word)
              << " is what its stale read returned:";
        out.push_back(s.str());
        if (p.from_stale) {
            out.push_back("  " + describe_stale_read(*p.from_stale, n));
            told.push_back(p.from_stale->index);
        }
    }
    const std::size_t more_parts = e.parts.size() + e.parts_left_out;
    if (more_parts > parts)
        out.push_back("... and " + std::to_string(more_parts - parts) +
                      " more part(s) of what the host read (the JSON result has the first " +
                      std::to_string(CheckExplainer::kParts) + ")");
    // Stale reads since the check before that no part traced its value to.
    std::size_t shown = 0, untold = 0;
    for (const StaleRead& r : e.stale_reads) {
        if (std::find(told.begin(), told.end(), r.index) != told.end()) continue;
        ++untold;
        if (shown < reads) {
            out.push_back("stale read: " + describe_stale_read(r, n));
            ++shown;
        }
    }
    untold += e.stale_count - e.stale_reads.size(); // not kept: none was told
    if (untold > shown)
        out.push_back("... and " + std::to_string(untold - shown) +
                      " more stale read(s) since the check before (the JSON result has the first " +
                      std::to_string(CheckExplainer::kStaleReads) + ")");
    return out;
}

} // namespace syncsim
