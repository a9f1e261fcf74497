// The core's write buffer: posted GM writes (st_dev, st_atomic, line
// write-backs) leave in order on their own unit while the scalar unit goes
// on. A load of a line this core posted a write to waits until that write has
// landed, so a core always sees its own stores.
#pragma once

#include "models/core/pipe_unit.hpp"
#include "syncsim/core_types.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <systemc>

namespace syncsim {

// Same-line ordering as bookkeeping (kernel-free): every post gets the next
// sequence number, the buffer lands posts in that order, and a line
// remembers the last post to it until the buffer empties.
class PostedLines {
  public:
    std::uint64_t post(GmAddr line_base) {
        m_last_post[line_base] = ++m_posted;
        return m_posted;
    }
    // `seq` has landed; `buffer_empty` when nothing else is queued behind it.
    void landed(std::uint64_t seq, bool buffer_empty) {
        m_landed = seq;
        if (buffer_empty) m_last_post.clear();
    }
    // The post a load of `line_base` must wait for; 0 when none is pending.
    std::uint64_t pending_for(GmAddr line_base) const {
        auto it = m_last_post.find(line_base);
        return it == m_last_post.end() || it->second <= m_landed ? 0 : it->second;
    }
    bool has_landed(std::uint64_t seq) const { return m_landed >= seq; }
    std::uint64_t posted() const { return m_posted; }

  private:
    std::map<GmAddr, std::uint64_t> m_last_post;
    std::uint64_t m_posted = 0, m_landed = 0;
};

class WriteBuffer {
  public:
    // Its unit is named "write_buffer" within `owner`.
    WriteBuffer(const sc_core::sc_object& owner, PipeUnit::FaultHandler on_fault);

    // Queues `access` (the GM write itself) behind earlier posts; the caller
    // goes on at once. `issued` is the poster's local time.
    void post(GmAddr line_base, const sc_core::sc_time& issued, const char* what,
              std::function<void()> access);
    // Called from the poster's thread: returns once the last write posted to
    // the line has landed.
    void wait_for_line(GmAddr line_base);

    bool drained() const { return m_unit->drained(); }
    // The block was killed: what was posted never lands.
    void kill() {
        m_unit->kill();
        m_lines = PostedLines();
    }
    const sc_core::sc_event& drained_event() const { return m_unit->drained_event(); }
    const PipeUnit& unit() const { return *m_unit; }

  private:
    std::unique_ptr<PipeUnit> m_unit;
    PostedLines m_lines;
    std::uint64_t m_awaited = 0;
    std::unique_ptr<sc_core::sc_event> m_landed; // made by the first wait
};

} // namespace syncsim
