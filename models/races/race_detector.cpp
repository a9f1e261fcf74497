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
    : m_mode(mode), m_active(mode != RaceMode::Off) {
    for (std::string& name : agent_names) m_agents.push_back(Agent{std::move(name), {}, 1, false});
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

// ---------------------------------------------------------------- clocks

Release RaceDetector::release(int agent) {
    Agent& a = m_agents[static_cast<std::size_t>(agent)];
    Release r{a.knows, agent, a.own};
    ++a.own;
    return r;
}

void RaceDetector::acquire(int agent, const Release& r) {
    Agent& a = m_agents[static_cast<std::size_t>(agent)];
    const bool own_known = r.agent < 0 || r.agent == agent || known(agent, r.agent) >= r.own;
    const bool rest_known =
        !r.knows || r.knows == a.knows || (a.knows && a.knows->covers(*r.knows, agent));
    if (own_known && rest_known) return;
    auto grown =
        a.knows ? std::make_shared<VectorClock>(*a.knows) : std::make_shared<VectorClock>();
    if (r.knows) grown->join(*r.knows);
    if (r.agent >= 0 && r.agent != agent) grown->raise(r.agent, r.own);
    a.knows = std::move(grown);
}

void RaceDetector::acquire(int agent, const VectorClock& c) {
    Agent& a = m_agents[static_cast<std::size_t>(agent)];
    if (a.knows && a.knows->covers(c, agent)) return; // its own counter is `own`
    if (!a.knows && c.size() == 0) return;
    auto grown =
        a.knows ? std::make_shared<VectorClock>(*a.knows) : std::make_shared<VectorClock>();
    grown->join(c);
    a.knows = std::move(grown);
}

VectorClock RaceDetector::clock(int agent) const {
    const Agent& a = m_agents[static_cast<std::size_t>(agent)];
    VectorClock c;
    if (a.knows) c = *a.knows;
    c.raise(agent, a.own);
    return c;
}

void RaceDetector::flag_set(const std::vector<Release>& sent, int target, int space, int id) {
    if (!m_active) return;
    if (sent != m_flag_sent) {
        m_flag_sent = sent;
        m_flag_clock = VectorClock();
        for (const Release& r : sent) m_flag_clock.join(r.clock());
    }
    m_objects[flag_key(target, space, id)].join(m_flag_clock);
}

// ---------------------------------------------------------------- accesses

void RaceDetector::begin_access(int agent) {
    m_found.clear();
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
    m_active = false;
    m_stopped = std::to_string(m_agents_seen) + " agents x " + std::to_string(words()) +
                " GM words passed the automatic check's limit of " + std::to_string(kAutoLimit) +
                " (--races on checks any run)";
    m_shadow.clear();
    m_objects.clear();
}

namespace {

// The order pairs are kept and listed in: by when the later access was
// made, then the earlier, then where and who. Not the order the model saw
// them: accesses at one instant are seen in the order processes run, which
// spinning and fast-forwarded polls change.
bool earlier(const RacePair& a, const RacePair& b) {
    return std::tie(a.second.time_ps, a.first.time_ps, a.addr, a.second.agent, a.first.agent) <
           std::tie(b.second.time_ps, b.first.time_ps, b.addr, b.second.agent, b.first.agent);
}

} // namespace

void RaceDetector::report(const RaceAccess& first, const RaceAccess& second, std::uint32_t knew,
                          std::uint64_t from, std::uint64_t to) {
    // One access and one earlier access make one pair, over all the words they share.
    for (RacePair& p : m_pairs)
        if (p.first == first && p.second == second) {
            const std::uint64_t end = std::max(p.addr + p.bytes, to);
            p.addr = std::min(p.addr, from);
            p.bytes = end - p.addr;
            return;
        }
    for (const RaceAccess& seen : m_found)
        if (seen == first) return; // counted; not among the kept
    ++m_count;
    m_found.push_back(first);
    const std::uint32_t now = known(second.agent, first.agent);
    const RaceWhy why = now >= first.clock && knew < first.clock ? RaceWhy::StaleLine
                        : now > 0                                ? RaceWhy::AfterRelease
                                                                 : RaceWhy::Unsynchronised;
    const RacePair pair{from, to - from, first, second, why};
    if (m_pairs.size() == kPairs && !earlier(pair, m_pairs.back())) return;
    m_pairs.insert(std::upper_bound(m_pairs.begin(), m_pairs.end(), pair, earlier), pair);
    if (m_pairs.size() > kPairs) m_pairs.pop_back();
}

void RaceDetector::check_write(const VectorClock* knows, const RaceAccess& now, const RaceWord& w,
                               std::uint64_t from, std::uint64_t to) {
    const auto known_of = [knows](int agent) { return knows ? knows->get(agent) : 0u; };
    const RaceAccess& last = w.write;
    if (last.agent >= 0 && last.agent != now.agent && !(last.atomic && now.atomic) &&
        last.clock > known_of(last.agent))
        report(last, now, known_of(last.agent), from, to);
    for (const RaceAccess& r : w.reads)
        if (r.agent != now.agent && r.clock > known_of(r.agent) && !(r.atomic && now.atomic))
            report(r, now, known_of(r.agent), from, to);
}

void RaceDetector::read(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                        const char* site, std::uint64_t time_ps, const VectorClock* knew) {
    if (m_active) read_access(agent, addr, len, op, site, time_ps, knew, false);
}

void RaceDetector::atomic_read(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                               const char* site, std::uint64_t time_ps) {
    if (!m_active) return;
    read_access(agent, addr, len, op, site, time_ps, nullptr, true);
    observed(agent, addr, len);
}

void RaceDetector::read_access(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                               const char* site, std::uint64_t time_ps, const VectorClock* knew,
                               bool atomic_load, const Release* as) {
    begin_access(agent);
    const Agent& a = m_agents[static_cast<std::size_t>(agent)];
    const VectorClock* k = knew ? knew : as ? as->knows.get() : a.knows.get();
    const RaceAccess now{agent, as ? as->own : a.own, op, site, time_ps, false, atomic_load};
    m_shadow.visit(word_floor(addr), word_ceil(addr + len),
                   [&](std::uint64_t from, std::uint64_t to, RaceWord& w) {
                       for (RaceAccess& r : w.reads)
                           if (r.agent == agent) {
                               if (r.clock == now.clock && r.atomic == now.atomic)
                                   return; // checked at this clock
                               r = now;
                               break;
                           }
                       const RaceAccess& last = w.write;
                       const std::uint32_t held = k && last.agent >= 0 ? k->get(last.agent) : 0;
                       if (last.agent >= 0 && last.agent != agent && last.clock > held &&
                           !(last.atomic && now.atomic))
                           report(last, now, held, from, to);
                       for (const RaceAccess& r : w.reads)
                           if (r.agent == agent) return;
                       w.reads.push_back(now);
                   });
    end_access();
}

void RaceDetector::plain_write(const Release& as, std::uint64_t addr, std::uint64_t len,
                               const char* op, const char* site, std::uint64_t time_ps,
                               bool coherent) {
    begin_access(as.agent);
    const RaceAccess now{as.agent, as.own, op, site, time_ps, true, coherent};
    m_shadow.visit(word_floor(addr), word_ceil(addr + len),
                   [&](std::uint64_t from, std::uint64_t to, RaceWord& w) {
                       check_write(as.knows.get(), now, w, from, to);
                       w.write = now;
                       w.released = as; // what a poll that sees it acquires
                       w.atomics.reset();
                       w.reads.clear();
                   });
    end_access();
}

void RaceDetector::write(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                         const char* site, std::uint64_t time_ps) {
    // The writer's clock moves on: what it does next is not in what a poll
    // of this write acquires.
    if (m_active) plain_write(release(agent), addr, len, op, site, time_ps);
}

void RaceDetector::read_as(const Release& issued, std::uint64_t addr, std::uint64_t len,
                           const char* op, const char* site, std::uint64_t time_ps) {
    if (m_active && issued.agent >= 0)
        read_access(issued.agent, addr, len, op, site, time_ps, nullptr, false, &issued);
}

void RaceDetector::write_as(const Release& issued, std::uint64_t addr, std::uint64_t len,
                            const char* op, const char* site, std::uint64_t time_ps) {
    if (m_active && issued.agent >= 0) plain_write(issued, addr, len, op, site, time_ps);
}

void RaceDetector::gm_written(int agent, std::uint64_t addr, std::uint64_t len, const char* what,
                              const RaceTag* tag, bool atomic_write, std::uint64_t time_ps) {
    if (!m_active || agent < 0 || static_cast<std::size_t>(agent) >= m_agents.size()) return;
    const char* site = tag ? tag->site : nullptr;
    if (atomic_write)
        atomic_as(tag && tag->issued ? *tag->issued : release(agent), addr, len, what, site,
                  time_ps);
    else if (tag && tag->issued)
        write_as(*tag->issued, addr, len, what, site, time_ps);
    else
        plain_write(release(agent), addr, len, what, site, time_ps, tag && tag->coherent);
}

void RaceDetector::atomic(int agent, std::uint64_t addr, std::uint64_t len, const char* op,
                          const char* site, std::uint64_t time_ps) {
    if (m_active) atomic_as(release(agent), addr, len, op, site, time_ps);
}

void RaceDetector::atomic_as(const Release& as, std::uint64_t addr, std::uint64_t len,
                             const char* op, const char* site, std::uint64_t time_ps) {
    if (!m_active || as.agent < 0) return;
    const std::uint64_t from = word_floor(addr), to = word_ceil(addr + len);
    begin_access(as.agent);
    const RaceAccess now{as.agent, as.own, op, site, time_ps, true, true};
    const VectorClock mine = as.clock();
    m_shadow.visit(from, to, [&](std::uint64_t f, std::uint64_t t, RaceWord& w) {
        check_write(as.knows.get(), now, w, f, t);
        // A release sequence: the next atomic or poll sees every one so far.
        auto joined = std::make_shared<VectorClock>(w.atomics ? *w.atomics : w.released.clock());
        joined->join(mine);
        w.atomics = std::move(joined);
        w.write = now;
        w.released = Release{};
        w.reads.clear();
    });
    end_access();
}

void RaceDetector::observed(int agent, std::uint64_t addr, std::uint64_t len) {
    if (!m_active) return;
    begin_access(agent);
    m_shadow.visit(word_floor(addr), word_ceil(addr + len),
                   [&](std::uint64_t, std::uint64_t, RaceWord& w) {
                       if (w.atomics)
                           acquire(agent, *w.atomics);
                       else
                           acquire(agent, w.released);
                   });
    end_access();
}

} // namespace syncsim
