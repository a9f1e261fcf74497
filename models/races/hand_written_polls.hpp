// Which plain loads are a hand-written poll loop's, for the race detector
// (issue 40): a loop that waits for another core's write by re-reading a
// word (dcci + ld, or ld after a miss) reads that word fresh from GM twice
// in a row, with nothing else of its own between. From its second read the
// agent's reads of the word synchronise, as a poll()'s or an ld_dev's do, and
// stay so in later rounds (a loop whose value is already there reads once).
// A loop whose very first read ever already sees the value cannot be told
// from a one-off read: it is checked as one (poll() or ld_dev mark it).
// Kernel-free.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace syncsim {

class HandWrittenPolls {
  public:
    enum class Read {
        Plain,  // a first read: checked as data (its pairs held until the next access)
        Repeat, // the same word again: a poll loop's, found now
        Polled  // a word this agent was seen to poll before
    };

    explicit HandWrittenPolls(std::size_t agents = 0) : m_agents(agents) {}

    // A load of `word` by `agent`; `fresh`: it read GM (its line was filled).
    Read read(int agent, std::uint64_t word, bool fresh) {
        PerAgent& a = m_agents[static_cast<std::size_t>(agent)];
        const bool again = fresh && a.last == word;
        a.last = fresh ? word : kNone;
        if (a.knows(word)) return Read::Polled;
        if (!again) return Read::Plain;
        a.polled[a.next] = word;
        a.next = (a.next + 1) % a.polled.size();
        return Read::Repeat;
    }
    // Any other access of the agent's own: its last read is no loop's candidate.
    void other_access(int agent) { m_agents[static_cast<std::size_t>(agent)].last = kNone; }
    // Whether the agent's last access was a fresh read of a word in [from, to).
    bool last_read_in(int agent, std::uint64_t from, std::uint64_t to) const {
        const std::uint64_t w = m_agents[static_cast<std::size_t>(agent)].last;
        return w != kNone && from <= w && w < to;
    }

  private:
    static constexpr std::uint64_t kNone = UINT64_MAX;
    struct PerAgent {
        std::uint64_t last = kNone;
        // The words it polls: a few flags per core (a barrier's, a queue's).
        std::array<std::uint64_t, 8> polled{kNone, kNone, kNone, kNone, kNone, kNone, kNone, kNone};
        std::size_t next = 0;
        bool knows(std::uint64_t word) const {
            return std::find(polled.begin(), polled.end(), word) != polled.end();
        }
    };
    std::vector<PerAgent> m_agents;
};

} // namespace syncsim
