// The units an AiCore is built from, each on its own: its local time (private
// work runs ahead of the kernel, bounded by a quantum; waits on its own flags
// keep it ahead), its activity (state, waits, faults, rounds) and its way to
// GM (a non-coherent write-back cache: another core sees a store only after
// a dcci clean and the write buffer drains; atomics and alignment rules).
#include "models/core/core_activity.hpp"
#include "models/core/cross_core_sync.hpp"
#include "models/core/gm_access_path.hpp"
#include "models/core/local_time.hpp"
#include "models/core/pipe_set.hpp"
#include "models/core/poll_engine.hpp"
#include "models/memory/l2_cache.hpp"
#include "syncsim/fault.hpp"
#include "syncsim/pto/syncall.hpp"
#include "tests/support/core_units.hpp"
#include "tests/support/l2_params.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace syncsim;
using Catch::Contains;
using test::CoreUnits;
using test::ns;

namespace {

struct StateLog : CoreTraceSink {
    std::vector<std::pair<CoreState, std::uint64_t>> states;
    std::vector<std::uint32_t> rounds, releases;
    void core_state(int, CoreState state, std::uint64_t at_ps) override {
        states.emplace_back(state, at_ps);
    }
    void core_round(int, std::uint32_t round, std::uint64_t) override { rounds.push_back(round); }
    void core_release(int, std::uint32_t round, std::uint64_t) override {
        releases.push_back(round);
    }
};

} // namespace

TEST_CASE("core units: local time runs ahead, a wait keeps it ahead, the quantum bounds it",
          "[core_unit][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    LocalTime time(clock, 100);
    sc_core::sc_event flag;
    std::vector<long long> seen;
    sc_core::sc_spawn([&] {
        time.advance(30);
        seen.push_back(ns(time.now()));               // 30: ahead
        seen.push_back(ns(sc_core::sc_time_stamp())); // 0: the kernel did not move
        time.wait_ahead(flag);                        // set at 10 ns: already past
        seen.push_back(ns(time.now()));               // 30: still its own time
        time.advance(81);                             // lag 20 + 81 > the quantum (100): catch up
        seen.push_back(ns(sc_core::sc_time_stamp())); // 10 + 101
        time.sync();
        seen.push_back(ns(time.now()));
    });
    sc_core::sc_spawn([&] {
        sc_core::wait(10, sc_core::SC_NS);
        flag.notify();
    });
    sc_core::sc_start();
    CHECK(seen == std::vector<long long>{30, 0, 30, 111, 111});
}

TEST_CASE("core units: activity traces states, blocks until a condition, ends a block on a "
          "fault, marks rounds",
          "[core_unit][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    LocalTime time(Clock{1000});
    CoreActivity activity(time, 7);
    StateLog log;
    activity.set_tracer(&log);
    sc_core::sc_event changed;
    bool ready = false;
    std::string fault;
    sc_core::sc_spawn([&] {
        activity.set_state(CoreState::Running);
        WaitReason reason;
        reason.kind = WaitReason::Kind::WriteDrain;
        activity.block_until([&] { return ready; }, changed, CoreState::Blocked, reason);
        activity.mark_round();
        activity.mark_release();
        activity.mark_release(); // no open round: nothing
        activity.enter("dsb");
        activity.fault_once("the MTE2 pipe faulted");
        activity.fault_once("a later fault"); // the first one stands
        try {
            activity.enter("ld");
        } catch (const KernelFault& f) {
            fault = f.what();
        }
    });
    sc_core::sc_spawn([&] {
        sc_core::wait(50, sc_core::SC_NS);
        ready = true;
        changed.notify();
    });
    sc_core::sc_start();
    const std::vector<std::pair<CoreState, std::uint64_t>> states = {
        {CoreState::Running, 0}, {CoreState::Blocked, 0}, {CoreState::Running, 50000}};
    CHECK(log.states == states);
    CHECK(log.rounds == std::vector<std::uint32_t>{1});
    CHECK(log.releases == std::vector<std::uint32_t>{1});
    CHECK(activity.counters().intrinsics == 2);
    CHECK(std::string(activity.counters().last_intrinsic) == "ld");
    CHECK(fault == "the MTE2 pipe faulted");
    CHECK(activity.reason().kind == WaitReason::Kind::None);
}

TEST_CASE("core units: the GM path's cache is private and written back only by a dcci clean",
          "[core_unit][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    SparseStore gm;
    L2Params p = test::l2_params();
    L2Cache l2("l2", p, clock, gm);
    CoreUnits writer("writer", 0, clock), reader("reader", 1, clock);
    writer.memory.link().socket.bind(l2.target);
    reader.memory.link().socket.bind(l2.target);
    const GmAddr word = 0x1000;
    std::int32_t before_clean = -1, after_clean = -1, own = -1;
    std::string misaligned, no_atomic;
    sc_core::sc_spawn([&] {
        const std::int32_t v = 42;
        writer.memory.store_cached(word, &v, 4);
        writer.memory.load_cached(word, &own, 4); // its own store, from its cache
        writer.time.sync();
        sc_core::wait(1000, sc_core::SC_NS);
        writer.memory.dcci(word, CacheScope::SINGLE_CACHE_LINE, DcciMode::CleanInvalidate);
        writer.memory.dsb();
        try {
            writer.memory.load_cached(word + 2, &own, 4);
        } catch (const KernelFault& f) {
            misaligned = f.what();
        }
        try {
            writer.memory.fetch_add(word, 1, AtomicType::S32);
        } catch (const KernelFault& f) {
            no_atomic = f.what();
        }
    });
    sc_core::sc_spawn([&] {
        sc_core::wait(500, sc_core::SC_NS);
        reader.memory.load_device(word, &before_clean, 4); // GM: not written back yet
        sc_core::wait(2000, sc_core::SC_NS);
        reader.memory.load_device(word, &after_clean, 4);
    });
    sc_core::sc_start();
    CHECK(own == 42);
    CHECK(before_clean == 0);
    CHECK(after_clean == 42);
    CHECK(writer.activity.counters().cache_misses == 1);
    CHECK(writer.activity.counters().cache_hits == 1);
    CHECK(writer.activity.counters().writebacks == 1);
    CHECK_THAT(misaligned, Contains("is not naturally aligned"));
    CHECK_THAT(no_atomic, Contains("no returning atomic add"));
}

TEST_CASE("core units: pipes run issued work in order, flags order them, barriers drain them, "
          "DMA moves GM through the UB",
          "[core_unit][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    SparseStore gm;
    L2Cache l2("l2", test::l2_params(), clock, gm);
    CoreUnits core("aiv", 0, clock);
    PipeSet pipes(core, core.config, core.time, core.activity, core.memory);
    core.memory.link().socket.bind(l2.target);
    const GmAddr src = 0x2000, dst = 0x3000;
    const std::int32_t value = 1234;
    gm.write(src, reinterpret_cast<const std::uint8_t*>(&value), 4);
    long long flag_seen = -1, drained = -1;
    std::string out_of_range;
    sc_core::sc_spawn([&] {
        // 100 cycles on MTE2, then a flag from MTE2 to the scalar unit: the
        // scalar unit waits for the work issued before the set.
        pipes.compute(Pipe::MTE2, 100);
        pipes.set_flag(Pipe::MTE2, Pipe::S, 0);
        pipes.wait_flag(Pipe::MTE2, Pipe::S, 0);
        flag_seen = ns(core.time.now());
        // GM -> UB on MTE2, UB -> GM on MTE3, ordered by a flag between them.
        pipes.dma("copy_gm_to_ubuf", Pipe::MTE2, PipeSet::Space::Ub, 0, PipeSet::Space::Gm, src, 1,
                  1, 0, 0);
        pipes.set_flag(Pipe::MTE2, Pipe::MTE3, 1);
        pipes.wait_flag(Pipe::MTE2, Pipe::MTE3, 1);
        pipes.dma("copy_ubuf_to_gm", Pipe::MTE3, PipeSet::Space::Gm, dst, PipeSet::Space::Ub, 0, 1,
                  1, 0, 0);
        pipes.barrier(Pipe::ALL);
        drained = ns(core.time.now());
        try {
            pipes.dma("copy_gm_to_ubuf", Pipe::MTE2, PipeSet::Space::Ub, 4096, PipeSet::Space::Gm,
                      src, 1, 1, 0, 0);
        } catch (const KernelFault& f) {
            out_of_range = f.what();
        }
    });
    sc_core::sc_start();
    // compute 100 after its 1-cycle issue, the set's issue; the flag reaches S then.
    CHECK(flag_seen >= 101);
    CHECK(flag_seen <= 104);
    CHECK(drained > flag_seen + 2 * 10); // two DMA set-ups at least
    std::int32_t copied = 0;
    gm.read(dst, reinterpret_cast<std::uint8_t*>(&copied), 4);
    CHECK(copied == value);
    CoreReport report;
    pipes.report_into(report);
    CHECK(report.busy_pipes.empty());
    CHECK_THAT(out_of_range, Contains("exceeds the 4096-byte buffer"));
}

TEST_CASE("core units: a poll loop sleeps through polls that cannot see a change and wakes "
          "where spinning would have",
          "[core_unit][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    SparseStore gm;
    L2Cache l2("l2", test::l2_params(), clock, gm);
    // Two pollers alike but for fast-forwarding, on words in ranges of their
    // own, and a writer that sets both words at the same time.
    CoreUnits fast("fast", 0, clock), spin("spin", 1, clock), writer("writer", 2, clock),
        writer2("writer2", 3, clock);
    spin.config.fast_poll = false;
    PipeSet fast_pipes(fast, fast.config, fast.time, fast.activity, fast.memory);
    PipeSet spin_pipes(spin, spin.config, spin.time, spin.activity, spin.memory);
    PollEngine fast_poll(fast.config, fast.time, fast.activity, fast.memory, fast_pipes);
    PollEngine spin_poll(spin.config, spin.time, spin.activity, spin.memory, spin_pipes);
    for (CoreUnits* c : {&fast, &spin, &writer, &writer2}) c->memory.link().socket.bind(l2.target);
    // The L2 is the PollSleep a sleeping loop hands its polls to.
    PollSleep& range = l2;
    fast_poll.set_poll_sleep(&range);
    spin_poll.set_poll_sleep(&range);
    const GmAddr fast_word = 0x4000, spin_word = 0x8000;
    struct Seen {
        PollResult result;
        long long at = -1;
        bool asleep_midway = false;
    };
    Seen seen_fast, seen_spin, limited;
    auto poller = [](PollEngine& engine, LocalTime& time, GmAddr word, Seen& seen) {
        PollSpec spec;
        spec.addr = word;
        spec.target = 1;
        seen.result = engine.poll(spec);
        seen.at = ns(time.now());
    };
    sc_core::sc_spawn([&] { poller(fast_poll, fast.time, fast_word, seen_fast); });
    sc_core::sc_spawn([&] { poller(spin_poll, spin.time, spin_word, seen_spin); });
    sc_core::sc_spawn([&] {
        sc_core::wait(5000, sc_core::SC_NS);
        seen_fast.asleep_midway = fast_poll.asleep();
        const std::int32_t one = 1;
        writer.memory.store_device(fast_word, &one, 4);
        writer.memory.dsb();
        // A loop with a limit gives up at it (the core goes on, as on NPU).
        PollSpec spec;
        spec.addr = 0xC000;
        spec.target = 1;
        spec.max_polls = 5;
        limited.result = fast_poll.poll(spec);
    });
    sc_core::sc_spawn([&] {
        sc_core::wait(5000, sc_core::SC_NS);
        const std::int32_t one = 1;
        writer2.memory.store_device(spin_word, &one, 4);
        writer2.memory.dsb();
    });
    sc_core::sc_start();
    CHECK(seen_fast.asleep_midway);
    CHECK(seen_fast.result.value == 1);
    CHECK(seen_spin.result.value == 1);
    CHECK(seen_fast.result.polls > 10);
    CHECK(seen_fast.result.polls == seen_spin.result.polls);
    CHECK(seen_fast.at == seen_spin.at);
    CHECK(limited.result.timed_out);
    CHECK(limited.result.polls == 5);
    REQUIRE(fast.activity.counters().poll_timeouts.size() == 1);
    CHECK(fast.activity.counters().poll_timeouts[0].addr == 0xC000);
    CHECK(fast.activity.state() == CoreState::Running);
}

TEST_CASE("core units: an all-vector FFTS sync releases each core after the last one's message",
          "[core_unit][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Clock clock{1000};
    FftsParams params;
    params.modes = {0, 1, 2};
    params.signal_cycles = 10;
    params.process_cycles = 2;
    params.deliver_cycles = 3;
    params.needs_base_address = false;
    FftsHub hub("ffts", params, clock, {"aiv0", "aiv1"}, {CoreType::AIV, CoreType::AIV});
    auto launch = std::make_shared<LaunchedKernel>();
    launch->launch_id = 1;
    launch->kernel_type = "AIV_ONLY";
    auto context = std::make_shared<FftsContext>();
    context->launch_id = 1;
    context->aiv_total = 2;
    launch->ffts_context = context;
    struct Core {
        CoreUnits units;
        PipeSet pipes;
        std::optional<BlockWork> work;
        CrossCoreSync sync;
        long long released = -1;
        Core(const char* name, int id, const Clock& clock, FftsHub& hub,
             std::shared_ptr<LaunchedKernel> launch)
            : units(name, id, clock),
              pipes(units, units.config, units.time, units.activity, units.memory),
              sync(units, units.config, units.time, units.activity, pipes, work) {
            units.config.type = CoreType::AIV;
            BlockWork w;
            w.launch = launch;
            w.block_idx = id;
            auto peers = std::make_shared<BlockPeers>();
            peers->aivs = {id};
            w.peers = peers;
            work = std::move(w);
            sync.attach(&hub);
        }
    };
    Core aiv0("aiv0", 0, clock, hub, launch), aiv1("aiv1", 1, clock, hub, launch);
    SparseStore gm; // the cores' GM links must be bound, though nothing here reads GM
    L2Cache l2("l2", test::l2_params(), clock, gm);
    aiv0.units.memory.link().socket.bind(l2.target);
    aiv1.units.memory.link().socket.bind(l2.target);
    std::string waiting_on;
    for (Core* c : {&aiv0, &aiv1})
        sc_core::sc_spawn([c] {
            c->sync.block_started(1);
            if (c->units.config.soc_core_id == 1) c->units.time.advance(1000);
            c->sync.send(Pipe::S, lib::getFFTSMsg(0, 3), {});
            c->sync.wait(Pipe::S, FlagSpace::Ffts, 3, "wait_flag_dev");
            c->released = ns(c->units.time.now());
        });
    sc_core::sc_spawn([&] {
        sc_core::wait(500, sc_core::SC_NS);
        const auto& describe = aiv0.units.activity.external_describe();
        waiting_on = describe ? describe() : "not waiting";
    });
    sc_core::sc_start();
    // aiv1's message leaves at 1000 ns: 10 to the hub, 2 to count it, 3 to
    // set each flag in turn, 10 back.
    CHECK(aiv0.released >= 1000 + 10 + 2 + 3 + 10);
    CHECK(aiv1.released >= 1000 + 10 + 2 + 3 + 10);
    CHECK(aiv0.released <= 1000 + 10 + 2 + 6 + 10 + 2);
    INFO(waiting_on);
    CHECK_THAT(waiting_on, Contains("wait_flag_dev(PIPE_S, 3): the flag of aiv0 is 0"));
    CHECK(aiv0.units.activity.state() == CoreState::Running);
}
