#include "models/ffts/ffts_hub.hpp"

#include "models/ffts/ffts_message.hpp"
#include "models/systemc/simulation_time.hpp"
#include "syncsim/fault.hpp"

#include <algorithm>

namespace syncsim {

namespace {

// A core's flag counters as signals: `like` with its name numbered 0..ids-1.
std::vector<int> declare_counters(SignalTracer& tracer, const SignalDecl& like, std::size_t ids) {
    std::vector<int> out;
    for (std::size_t f = 0; f < ids; ++f) {
        SignalDecl s = like;
        s.name += std::to_string(f);
        out.push_back(tracer.declare(s));
    }
    return out;
}

} // namespace

FftsHub::FftsHub(sc_core::sc_module_name name, const FftsParams& params, const Clock& clock,
                 std::vector<std::string> core_names, std::vector<CoreType> core_types,
                 const std::vector<double>& core_hop_cycles)
    : sc_module(name), m_params(params), m_clock(clock), m_core_names(std::move(core_names)),
      m_core_types(std::move(core_types)), m_ffts_cells(m_core_names.size()),
      m_intra_cells(m_core_names.size()), m_last_launch(m_core_names.size(), 0) {
    declare_stats();
    for (std::size_t c = 0; c < m_core_names.size(); ++c)
        m_core_path.push_back(m_clock.cycles(
            params.signal_cycles + (c < core_hop_cycles.size() ? core_hop_cycles[c] : 0)));
    m_process_time = m_clock.cycles(params.process_cycles);
    m_deliver_time = m_clock.cycles(params.deliver_cycles);
    m_intra_block_time = m_clock.cycles(params.intra_block_cycles);
    m_aggregate_time = m_clock.cycles(params.aggregate_cycles);
    m_broadcast_time = m_clock.cycles(params.broadcast_cycles);
    for (auto& cells : m_ffts_cells) cells.resize(params.flag_ids);
    for (std::size_t c = 0; c < m_core_names.size(); ++c)
        m_intra_cells[c].resize(m_core_types[c] == CoreType::AIC ? 32 : 16);
    SC_HAS_PROCESS(FftsHub);
    SC_METHOD(deliver_due);
    sensitive << m_next;
    dont_initialize();
    SC_METHOD(accept_due);
    sensitive << m_inbox_next;
    dont_initialize();
}

void FftsHub::post(std::shared_ptr<const FftsSender> from, std::uint64_t msg,
                   const sc_core::sc_time& at, const Release& sent) {
    m_inbox.push(at, m_seq++, {std::move(from), msg, sent}, m_inbox_next);
}

void FftsHub::accept_due() {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    Message m;
    while (m_inbox.pop_due(now, m)) send(*m.from, m.msg, m.sent);
    m_inbox.rearm(m_inbox_next, now);
}

void FftsHub::id_out_of_range(FlagSpace space, int id, std::size_t ids) {
    throw KernelFault(std::string(space == FlagSpace::Ffts ? "FFTS" : "intra-block") + " flag id " +
                      std::to_string(id) + " outside 0.." + std::to_string(ids - 1));
}

void FftsHub::set_tracer(SignalTracer* tracer) {
    m_tracer = tracer;
    m_ffts_signals.assign(m_core_names.size(), {});
    m_intra_signals.assign(m_core_names.size(), {});
    if (!tracer) return;
    const auto bits = static_cast<unsigned>(m_params.counter_bits);
    for (std::size_t c = 0; c < m_core_names.size(); ++c) {
        const std::string scope = std::string(to_string(m_core_types[c])) + "." + m_core_names[c];
        const int core = static_cast<int>(c);
        m_ffts_signals[c] = declare_counters(
            *tracer, {TraceSignal::FftsFlags, core, scope, "ffts_flag", bits, "", "", true},
            m_ffts_cells[c].size());
        m_intra_signals[c] = declare_counters(
            *tracer, {TraceSignal::IntraFlags, core, scope, "intra_flag", bits, "", "", true},
            m_intra_cells[c].size());
    }
}

void FftsHub::trace_flag(int core, FlagSpace space, int id, int value) {
    if (!m_tracer) return;
    const auto& signals = (space == FlagSpace::Ffts ? m_ffts_signals : m_intra_signals)[core];
    m_tracer->change(signals[static_cast<std::size_t>(id)], now_ps(),
                     static_cast<std::uint64_t>(value));
}

FftsHub::Cell& FftsHub::cell(int core, FlagSpace space, int id) {
    auto& s = slot(core, space, id);
    if (!s) s = std::make_unique<Cell>(FlagCounter(m_params.counter_bits, m_params.overflow));
    return *s;
}

bool FftsHub::take(int core, FlagSpace space, int id) {
    Cell& c = cell(core, space, id);
    if (!c.counter.try_take()) return false;
    trace_flag(core, space, id, c.counter.value());
    return true;
}

void FftsHub::block_started(int core, std::uint64_t launch_id) {
    if (m_params.reset_flags_per_launch && m_last_launch[core] != launch_id) {
        // A trace shows the counts going back to 0 (a later set is a rise).
        for (const FlagSpace space : {FlagSpace::Ffts, FlagSpace::IntraBlock}) {
            auto& cells = (space == FlagSpace::Ffts ? m_ffts_cells : m_intra_cells)[core];
            for (std::size_t id = 0; id < cells.size(); ++id) {
                if (!cells[id] || cells[id]->counter.value() == 0) continue;
                cells[id]->counter.clear();
                trace_flag(core, space, static_cast<int>(id), 0);
            }
        }
    }
    m_last_launch[core] = launch_id;
}

void FftsHub::drop(const FftsSender& from, std::uint64_t at_ps, const std::string& what,
                   const std::string& why) {
    m_dropped.push_back({at_ps, m_core_names[from.core], what + " dropped: " + why});
    m_last_drop[from.core] = what + " was dropped: " + why;
}

void FftsHub::send(const FftsSender& from, std::uint64_t msg, const Release& sent) {
    ++m_messages;
    const FftsMessage m = decode_ffts_message(msg);
    // Named only when the message is dropped.
    auto what = [&m] {
        return "ffts_cross_core_sync(mode " + std::to_string(m.mode) + ", flag " +
               std::to_string(m.flag_id) + ")";
    };
    if (!from.context)
        return drop(from, now_ps(), what(),
                    "the launch owns no FFTS context (" + from.kernel_type + " task)");
    if (m_params.needs_base_address && !from.base_address_set)
        return drop(from, now_ps(), what(),
                    "the core never set the FFTS base address (set_ffts_base_addr with the "
                    "address rtGetC2cCtrlAddr returns)");
    if (std::find(m_params.modes.begin(), m_params.modes.end(), m.mode) == m_params.modes.end()) {
        m_errors.push_back(
            {now_ps(), m_core_names[from.core], "undefined FFTS mode " + std::to_string(m.mode)});
        return drop(from, now_ps(), what(),
                    "mode " + std::to_string(m.mode) + " is not defined on this platform");
    }
    if (m.flag_id >= m_params.flag_ids) return drop(from, now_ps(), what(), "flag id out of range");
    const int count = m_params.base_count_increments ? m.base_count : 1;

    // The message reaches the hub and waits its turn there.
    const sc_core::sc_time arrival = sc_core::sc_time_stamp() + m_core_path[from.core];
    const sc_core::sc_time processed = m_params.parallel_aggregation
                                           ? arrival + m_aggregate_time
                                           : m_in.reserve(arrival, m_process_time) + m_process_time;
    const bool from_aic = from.type == CoreType::AIC;
    const auto& peers = *from.peers;

    if (m.mode == 2 && from_aic) { // broadcast to the block's vectors
        if (peers.aivs.empty()) return drop(from, now_ps(), what(), "this block has no paired AIV");
        return deliver_all(peers.aivs, FlagSpace::Ffts, m.flag_id, count, processed, {sent});
    }
    if (m.mode == 1 && from_aic)
        return drop(from, now_ps(), what(), "mode 1 syncs vector sub-cores only");

    // Barriers and the mode-2 reduce: count arrivals until the group is complete.
    const SyncGroup g = sync_group(m.mode, from.type, peers, *from.context);
    if (!g.why_none.empty()) return drop(from, now_ps(), what(), g.why_none);
    const int group = g.group;
    const std::int64_t expected = g.expected;
    const int reduce_into = g.reduce_into;
    Aggregation& agg = m_aggregations[{from.context->launch_id, m.mode, group, m.flag_id}];
    if (agg.count++ == 0) {
        agg.arrivers.reserve(static_cast<std::size_t>(expected));
        agg.sent.reserve(static_cast<std::size_t>(expected));
    }
    agg.arrivers.push_back(from.core);
    agg.sent.push_back(sent);
    // Arrivals may be counted out of the order they leave (a die hop): the
    // release follows the latest.
    agg.ready = std::max(agg.ready, processed);
    if (agg.count < expected) return;
    const sc_core::sc_time ready = agg.ready;
    const std::vector<Release> arrivals = std::move(agg.sent);
    // Mode 1 sets the flag of both AIVs of the cluster, whichever sent the
    // arrivals; an all-core sync releases the cores that arrived.
    const std::vector<int> released = reduce_into >= 0 ? std::vector<int>(1, reduce_into)
                                      : m.mode == 1    ? peers.aivs
                                                       : std::move(agg.arrivers);
    m_aggregations.erase({from.context->launch_id, m.mode, group, m.flag_id});
    deliver_all(released, FlagSpace::Ffts, m.flag_id, count, ready, arrivals);
}

void FftsHub::set_intra_block(const FftsSender& from, int id) {
    check_intra_block(from, id);
    intra_block_at(from, id, sc_core::sc_time_stamp(), {});
}

void FftsHub::post_intra_block(const FftsSender& from, int id, const sc_core::sc_time& at,
                               const Release& sent) {
    check_intra_block(from, id);
    intra_block_at(from, id, at, sent);
}

void FftsHub::check_intra_block(const FftsSender& from, int id) const {
    if (!m_params.intra_block) throw KernelFault("set_intra_block does not exist on this arch");
    const int last = from.type == CoreType::AIC ? 31 : 15;
    if (id < 0 || id > last)
        throw KernelFault("set_intra_block(" + std::to_string(id) + "): id outside 0.." +
                          std::to_string(last));
}

// The flag goes core to core, not through the hub's queue: nothing orders it
// against other messages, so it is scheduled when posted.
void FftsHub::intra_block_at(const FftsSender& from, int id, const sc_core::sc_time& at,
                             const Release& sent) {
    const std::string what = "set_intra_block(" + std::to_string(id) + ")";
    const auto& peers = *from.peers;
    int target = -1, target_id = id;
    if (from.type == CoreType::AIC) {
        // From the cube, ids 0-15 address subblock 0 and 16-31 subblock 1.
        const std::size_t sub = static_cast<std::size_t>(id / 16);
        if (sub >= peers.aivs.size())
            return drop(from, to_ps(at), what,
                        "no AIV subblock " + std::to_string(sub) + " in this block");
        target = peers.aivs[sub];
        target_id = id % 16;
    } else {
        if (peers.aic < 0) return drop(from, to_ps(at), what, "this block has no cube");
        target = peers.aic;
        target_id = id + 16 * from.subblock; // the hardware maps subblock 1 to id + 16
    }
    slot(target, FlagSpace::IntraBlock, target_id); // range check now, in the sender's context
    if (m_flag_observer)
        m_flag_observer->flags_set({sent}, {target}, static_cast<int>(FlagSpace::IntraBlock),
                                   target_id);
    schedule(at + m_intra_block_time, target, FlagSpace::IntraBlock, target_id, 1);
}

void FftsHub::deliver_all(const std::vector<int>& targets, FlagSpace space, int id, int count,
                          const sc_core::sc_time& ready, const std::vector<Release>& sent) {
    const sc_core::sc_time& each = m_deliver_time;
    for (int core : targets) slot(core, space, id); // range check now, in the sender's context
    // The race detector joins the arrivers' releases once for all targets.
    if (m_flag_observer) m_flag_observer->flags_set(sent, targets, static_cast<int>(space), id);
    for (int core : targets) {
        const sc_core::sc_time set = m_params.parallel_aggregation
                                         ? ready + m_broadcast_time
                                         : m_out.reserve(ready, each) + each;
        schedule(set + m_core_path[core], core, space, id, count);
    }
}

void FftsHub::schedule(const sc_core::sc_time& at, int core, FlagSpace space, int id, int count) {
    m_pending.push(at, m_seq++, Delivery{core, space, id, count}, m_next);
}

void FftsHub::deliver_due() {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    Delivery d;
    while (m_pending.pop_due(now, d)) {
        Cell& c = cell(d.core, d.space, d.id);
        if (c.counter.add(d.count))
            m_errors.push_back({now_ps(), m_core_names[d.core],
                                std::string(d.space == FlagSpace::Ffts ? "FFTS" : "intra-block") +
                                    " flag " + std::to_string(d.id) + " overflowed past " +
                                    std::to_string(c.counter.max())});
        trace_flag(d.core, d.space, d.id, c.counter.value());
        c.set.notify(); // immediate: the core runs in this delta
    }
    m_pending.rearm(m_next, now);
}

std::string FftsHub::explain_wait(const FftsSender& waiter, FlagSpace space, int id) const {
    std::string out;
    if (space == FlagSpace::Ffts && waiter.context)
        out += "; " + wait_target(*this, waiter, space, id).detail;
    auto drop = m_last_drop.find(waiter.core);
    if (drop != m_last_drop.end()) out += "; this core's " + drop->second;
    return out;
}

namespace {
// The hub's summary lines: messages, drops and hardware errors.
void summarize_hub(SummaryOut& out, std::uint64_t messages, const std::vector<FftsRecord>& drops,
                   const std::vector<FftsRecord>& errors) {
    std::ostream& s = out.os();
    const std::uint64_t dropped = drops.size();
    if (messages || dropped)
        s << "ffts       " << messages << " messages, " << dropped << " dropped, " << errors.size()
          << " hardware errors\n";
    if (dropped) s << "  first drop: " << drops[0].core << ": " << drops[0].what << "\n";
    for (std::size_t i = 0; i < errors.size() && i < 4; ++i)
        s << "  hardware error: " << errors[i].core << ": " << errors[i].what << "\n";
    out.left_out(errors.size(), std::min<std::size_t>(errors.size(), 4), "hardware errors",
                 "the JSON result lists the first 100");
}

// The first records of a list (a run that drops every message would
// otherwise list millions).
ReportValue first_records(const std::vector<FftsRecord>& list) {
    ReportValue::List out;
    for (std::size_t i = 0; i < list.size() && i < 100; ++i)
        out.push_back(record()
                          .with("time_ps", list[i].time_ps)
                          .with("core", list[i].core)
                          .with("what", list[i].what));
    return out;
}
} // namespace

void FftsHub::declare_stats() {
    m_stats.add("ffts.messages", "messages", "FFTS messages the hub received",
                [this] { return m_messages; });
    m_stats.add("ffts.dropped_count", "messages",
                "messages dropped (no FFTS context, no base address, a mode the arch lacks)",
                [this] { return std::uint64_t{m_dropped.size()}; });
    m_stats.add("ffts.dropped", "records", "the first 100 dropped messages: time, core, why",
                [this] { return first_records(m_dropped); });
    m_stats.add("ffts.hardware_error_count", "errors", "flag counter overflows and other errors",
                [this] { return std::uint64_t{m_errors.size()}; });
    m_stats.add("ffts.hardware_errors", "records", "the first 100 hardware errors",
                [this] { return first_records(m_errors); });
    m_stats.summary(SummaryPart::Ffts, [this](SummaryOut& out) {
        summarize_hub(out, m_messages, m_dropped, m_errors);
    });
}

} // namespace syncsim
