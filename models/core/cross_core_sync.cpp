// The cross-core flag intrinsics: messages leave through the FFTS port when
// their trigger pipe reaches them; waits take a count from the core's own
// flag, stalling the scalar unit or only the named pipe.
#include "models/core/cross_core_sync.hpp"

#include "syncsim/fault.hpp"

namespace syncsim {

void CrossCoreSync::set_base_address(std::uint64_t addr) {
    m_activity.enter("set_ffts_base_addr");
    m_ffts.set_base_address(addr);
    m_time.advance(m_config.timing.scalar_op);
}

void CrossCoreSync::send(Pipe pipe, std::uint64_t msg, const Release& sent) {
    m_activity.enter("ffts_cross_core_sync");
    FftsHub& hub = m_ffts.hub("ffts_cross_core_sync");
    // The message leaves when the trigger pipe reaches it, after the work
    // issued to that pipe before it.
    m_pipes.post_when_reaches(pipe, "ffts_cross_core_sync",
                              [&hub, from = sender(), msg, sent](const sc_core::sc_time& at) {
                                  hub.post(from, msg, at, sent);
                              });
}

void CrossCoreSync::set_intra_block(Pipe pipe, int id, const Release& sent) {
    m_activity.enter("set_intra_block");
    FftsHub& hub = m_ffts.hub("set_intra_block");
    if (!hub.params().intra_block) throw KernelFault("set_intra_block does not exist on this arch");
    m_pipes.post_when_reaches(pipe, "set_intra_block",
                              [&hub, from = sender(), id, sent](const sc_core::sc_time& at) {
                                  hub.post_intra_block(*from, id, at, sent);
                              });
}

std::string CrossCoreSync::describe_flag_wait() const {
    const FlagWait& w = m_flag_wait;
    return std::string(w.what) + "(" + to_string(Pipe::S) + ", " + std::to_string(w.id) +
           "): the flag of " + m_core.basename() + " is 0" +
           m_ffts.hub(w.what).explain_wait(*sender(), w.space, w.id);
}

void CrossCoreSync::wait(Pipe pipe, FlagSpace space, int id, const char* what) {
    m_activity.enter(what);
    FftsHub& hub = m_ffts.hub(what);
    FftsHub::Cell& cell = hub.cell(m_config.soc_core_id, space, id);
    if (pipe == Pipe::S) {
        if (!hub.take(m_config.soc_core_id, space, id)) {
            // Described only when a report asks (a wait is usually short).
            m_flag_wait = {what, space, id};
            m_activity.set_external_wait(
                CoreState::Waiting, [this] { return describe_flag_wait(); },
                [this] {
                    const FlagWait& w = m_flag_wait;
                    return std::optional<WaitTarget>(
                        wait_target(m_ffts.hub(w.what), *sender(), w.space, w.id));
                });
            do m_time.wait_ahead(cell.set);
            while (!hub.take(m_config.soc_core_id, space, id));
            m_activity.clear_external_wait();
        }
        m_time.advance(m_config.timing.scalar_op);
        return;
    }
    PipeUnit& unit = m_pipes.unit(pipe);
    const std::string label = std::string(what) + "(" + to_string(pipe) + ", " +
                              std::to_string(id) + "): the flag of " + m_core.basename() + " is 0";
    auto describe = [this, &hub, space, id, label] {
        return label + hub.explain_wait(*sender(), space, id);
    };
    unit.issue({m_time.now(), what,
                [&unit, &cell, &hub, describe, core = m_config.soc_core_id, space, id] {
                    if (hub.take(core, space, id)) return;
                    unit.set_blocked_on(describe);
                    while (!hub.take(core, space, id)) wait_on(cell.set);
                }});
    m_time.advance(m_config.timing.pipe_issue);
}

} // namespace syncsim
