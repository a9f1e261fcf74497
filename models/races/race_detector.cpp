#include "models/races/race_detector.hpp"

#include <algorithm>
#include <sstream>
#include <tuple>

namespace syncsim {

namespace {

constexpr std::uint64_t kWord = 4;
std::uint64_t word_floor(std::uint64_t a) {
    return a / kWord * kWord;
}
std::uint64_t word_ceil(std::uint64_t a) {
    return (a + kWord - 1) / kWord * kWord;
}

} // namespace

RaceDetector::RaceDetector(std::vector<std::string> agent_names, RaceMode mode)
    : RaceClocks(agent_names.size(), mode != RaceMode::Off), m_mode(mode),
      m_polls(agent_names.size()) {
    for (std::string& name : agent_names) {
        m_agents.emplace_back();
        m_agents.back().name = std::move(name);
    }
}

const std::string& RaceDetector::agent_name(int agent) const {
    static const std::string none = "nobody";
    return agent >= 0 && static_cast<std::size_t>(agent) < m_agents.size()
               ? m_agents[static_cast<std::size_t>(agent)].name
               : none;
}

std::string RaceDetector::where(std::uint64_t addr) const {
    if (m_where) return m_where(addr);
    std::ostringstream os;
    os << "0x" << std::hex << addr;
    return os.str();
}

void RaceDetector::own_step(int agent) {
    m_polls.other_access(agent);
    release_held(agent);
}

void RaceDetector::fence(int agent) {
    if (!active()) return;
    Agent& a = m_agents[static_cast<std::size_t>(agent)];
    for (const auto& [from, to] : a.unfenced.ranges())
        m_shadow.visit(from, to, [&](std::uint64_t, std::uint64_t, RaceWord& w) {
            if (w.write.agent == agent && w.write.clock == kUnfenced) w.write.clock = own(agent);
        });
    a.unfenced.clear();
}

// ---------------------------------------------------------------- accesses

void RaceDetector::begin_access(int agent) {
    m_found.new_access();
    Agent& a = m_agents[static_cast<std::size_t>(agent)];
    if (!a.seen) {
        a.seen = true;
        ++m_agents_seen;
    }
}

void RaceDetector::end_access() {
    if (m_mode != RaceMode::Auto) return;
    const std::uint64_t load = static_cast<std::uint64_t>(m_agents_seen) * words();
    if (load <= kAutoLimit) return;
    stop();
    m_stopped = std::to_string(m_agents_seen) + " agents x " + std::to_string(words()) +
                " GM words passed the automatic check's limit of " + std::to_string(kAutoLimit) +
                " (--races on checks any run)";
    m_shadow.clear();
}

void RaceDetector::report(const RaceAccess& first, const RaceAccess& second, std::uint32_t knew,
                          std::uint64_t from, std::uint64_t to) const {
    m_found.add(first, second, knew, known(second.agent, first.agent), from, to);
}

void RaceDetector::hold(int reader, const RaceAccess& first, const RaceAccess& second,
                        std::uint32_t knew, std::uint64_t from, std::uint64_t to) {
    m_agents[static_cast<std::size_t>(reader)].held.push_back(
        {first, second, knew, known(second.agent, first.agent), from, to});
}

void RaceDetector::release_held(int agent) const {
    std::vector<HeldPair>& held = m_agents[static_cast<std::size_t>(agent)].held;
    if (held.empty()) return;
    m_found.new_access();
    for (const HeldPair& h : held) m_found.add(h.first, h.second, h.knew, h.now, h.from, h.to);
    held.clear();
    m_found.new_access();
}

void RaceDetector::settle() const {
    for (std::size_t a = 0; a < m_agents.size(); ++a) release_held(static_cast<int>(a));
}

void RaceDetector::check_write(const VectorClock* knows, const RaceAccess& now, const RaceWord& w,
                               std::uint64_t from, std::uint64_t to) {
    const auto known_of = [knows](int agent) { return knows ? knows->get(agent) : 0u; };
    const RaceAccess& last = w.write;
    if (last.agent >= 0 && last.agent != now.agent && !(last.atomic && now.atomic) &&
        last.clock > known_of(last.agent))
        report(last, now, known_of(last.agent), from, to);
    for (const RaceAccess& r : w.reads) {
        // A poll does not race with the core's store it waits for.
        if (r.agent == now.agent || r.clock <= known_of(r.agent) || (r.atomic && now.atomic) ||
            (r.poll && now.whole))
            continue;
        // The reader's last access, with nothing of its own since: if it
        // reads the word again, it was a poll loop's read.
        if (!r.poll && r.clock == own(r.agent) && m_polls.last_read_in(r.agent, from, to))
            hold(r.agent, r, now, known_of(r.agent), from, to);
        else
            report(r, now, known_of(r.agent), from, to);
    }
}

void RaceDetector::read(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                        const char* site, std::uint64_t time_ps, const VectorClock* knew,
                        bool fresh) {
    if (active()) scalar_read(agent, addr, len, op, site, time_ps, knew, fresh, ReadKind::Plain);
}

void RaceDetector::atomic_read(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                               const char* site, std::uint64_t time_ps) {
    if (active()) scalar_read(agent, addr, len, op, site, time_ps, nullptr, true, ReadKind::Device);
}

void RaceDetector::scalar_read(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                               const char* site, std::uint64_t time_ps, const VectorClock* knew,
                               bool fresh, ReadKind first) {
    const HandWrittenPolls::Read loop = m_polls.read(agent, word_floor(addr), fresh);
    if (loop == HandWrittenPolls::Read::Repeat)
        m_agents[static_cast<std::size_t>(agent)].held.clear(); // its loop's earlier read
    else
        release_held(agent);
    const bool poll = loop != HandWrittenPolls::Read::Plain;
    read_access(agent, addr, len, op, site, time_ps, poll ? nullptr : knew,
                poll ? ReadKind::Poll : first);
    // Any read that synchronises acquires what it read.
    if (poll || first == ReadKind::Device) observed_words(agent, addr, len);
}

void RaceDetector::polled(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                          const char* site, std::uint64_t time_ps) {
    if (!active()) return;
    m_polls.other_access(agent);
    release_held(agent);
    read_access(agent, addr, len, op, site, time_ps, nullptr, ReadKind::Poll);
    observed_words(agent, addr, len);
}

void RaceDetector::read_access(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                               const char* site, std::uint64_t time_ps, const VectorClock* knew,
                               ReadKind kind, const Release* as) {
    begin_access(agent);
    const VectorClock* k = knew ? knew : as ? as->knows.get() : knowledge(agent).get();
    const bool poll = kind == ReadKind::Poll;
    const RaceAccess now{agent, as ? as->own : own(agent), op,    site, time_ps,
                         false, kind != ReadKind::Plain,   false, poll};
    // A scalar read may be a poll loop's first: its pairs wait for its next access.
    const bool may_poll = !as && !poll && m_polls.last_read_in(agent, addr, addr + len);
    m_shadow.visit(word_floor(addr), word_ceil(addr + len),
                   [&](std::uint64_t from, std::uint64_t to, RaceWord& w) {
                       for (RaceAccess& r : w.reads)
                           if (r.agent == agent) {
                               if (r.clock == now.clock && r.atomic == now.atomic &&
                                   r.poll == now.poll)
                                   return; // checked at this clock
                               r = now;
                               break;
                           }
                       const RaceAccess& last = w.write;
                       const std::uint32_t held = k && last.agent >= 0 ? k->get(last.agent) : 0;
                       if (last.agent >= 0 && last.agent != agent && last.clock > held &&
                           !(now.atomic && last.atomic) && !(poll && last.whole)) {
                           if (may_poll)
                               hold(agent, last, now, held, from, to);
                           else
                               report(last, now, held, from, to);
                       }
                       for (const RaceAccess& r : w.reads)
                           if (r.agent == agent) return;
                       w.reads.push_back(now);
                   });
    end_access();
}

void RaceDetector::plain_write(const Release& as, std::uint64_t addr, std::uint64_t len,
                               const char* op, const char* site, std::uint64_t time_ps,
                               bool coherent, bool whole, bool fenced) {
    begin_access(as.agent);
    const RaceAccess now{
        as.agent, fenced ? as.own : kUnfenced, op, site, time_ps, true, coherent, whole, false,
        !fenced};
    const std::uint64_t from = word_floor(addr), to = word_ceil(addr + len);
    m_shadow.visit(from, to, [&](std::uint64_t f, std::uint64_t t, RaceWord& w) {
        check_write(as.knows.get(), now, w, f, t);
        w.write = now;
        w.released = as; // what a poll that sees it acquires
        w.atomics.reset();
        w.reads.clear();
    });
    if (!fenced) m_agents[static_cast<std::size_t>(as.agent)].unfenced.add(from, to);
    end_access();
}

void RaceDetector::write(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                         const char* site, std::uint64_t time_ps) {
    // The writer's clock moves on: what it does next is not in what a poll
    // of this write acquires.
    if (active()) plain_write(release(agent), addr, len, op, site, time_ps, false, false);
}

void RaceDetector::read_as(const Release& issued, std::uint64_t addr, std::uint64_t len,
                           const char* op, const char* site, std::uint64_t time_ps) {
    if (active() && issued.agent >= 0)
        read_access(issued.agent, addr, len, op, site, time_ps, nullptr, ReadKind::Plain, &issued);
}

void RaceDetector::write_as(const Release& issued, std::uint64_t addr, std::uint64_t len,
                            const char* op, const char* site, std::uint64_t time_ps) {
    if (active() && issued.agent >= 0)
        plain_write(issued, addr, len, op, site, time_ps, false, true);
}

void RaceDetector::gm_written(int agent, std::uint64_t addr, std::uint64_t len, const char* what,
                              const RaceTag* tag, bool atomic_write, std::uint64_t time_ps) {
    if (!active() || agent < 0 || static_cast<std::size_t>(agent) >= m_agents.size()) return;
    const char* site = tag ? tag->site : nullptr;
    const Release* issued = tag ? tag->issued : nullptr;
    if (atomic_write)
        atomic_as(issued ? *issued : release(agent), addr, len, what, site, time_ps);
    else if (issued) // posted by the scalar unit (fenced by a dsb) or a DMA copy's
        plain_write(*issued, addr, len, what, site, time_ps, tag->coherent, true, !tag->posted);
    else
        plain_write(release(agent), addr, len, what, site, time_ps, tag && tag->coherent, true);
}

void RaceDetector::atomic(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                          const char* site, std::uint64_t time_ps) {
    if (active()) atomic_as(release(agent), addr, len, op, site, time_ps);
}

void RaceDetector::atomic_as(const Release& as, std::uint64_t addr, std::uint64_t len,
                             const char* op, const char* site, std::uint64_t time_ps) {
    if (!active() || as.agent < 0) return;
    const std::uint64_t from = word_floor(addr), to = word_ceil(addr + len);
    begin_access(as.agent);
    const RaceAccess now{as.agent, as.own, op, site, time_ps, true, true, true};
    m_shadow.visit(from, to, [&](std::uint64_t f, std::uint64_t t, RaceWord& w) {
        check_write(as.knows.get(), now, w, f, t);
        // A release sequence: the next atomic or poll sees every one so far
        // (grown in place while no poll holds it).
        if (!w.atomics) {
            auto first = std::make_shared<VectorClock>();
            join_release(*first, w.released);
            w.atomics = std::move(first);
        }
        join_release(own_copy(w.atomics), as);
        w.write = now;
        w.released = Release{};
        w.reads.clear();
    });
    end_access();
}

void RaceDetector::observed(int agent, std::uint64_t addr, std::uint64_t len) {
    if (!active()) return;
    m_polls.other_access(agent);
    release_held(agent);
    observed_words(agent, addr, len);
}

void RaceDetector::returned(int agent, std::uint64_t addr, std::uint64_t len) {
    if (!active()) return;
    m_polls.other_access(agent);
    release_held(agent);
    observed_words(agent, addr, len, true);
}

void RaceDetector::observed_words(int agent, std::uint64_t addr, std::uint64_t len, bool later) {
    begin_access(agent);
    m_shadow.visit(word_floor(addr), word_ceil(addr + len),
                   [&](std::uint64_t, std::uint64_t, RaceWord& w) {
                       if (w.atomics && later)
                           acquire_later(agent, w.atomics);
                       else if (w.atomics)
                           acquire(agent, w.atomics);
                       else
                           acquire(agent, w.released);
                   });
    end_access();
}

} // namespace syncsim
