// The units an AiCore is built from, each on its own: its local time (private
// work runs ahead of the kernel, bounded by a quantum; waits on its own flags
// keep it ahead), its activity (state, waits, faults, rounds) and its way to
// GM (a non-coherent write-back cache: another core sees a store only after
// a dcci clean and the write buffer drains; atomics and alignment rules).
#include "models/core/core_activity.hpp"
#include "models/core/gm_access_path.hpp"
#include "models/core/local_time.hpp"
#include "models/core/pipe_set.hpp"
#include "models/memory/l2_cache.hpp"
#include "syncsim/fault.hpp"
#include "tests/support/l2_params.hpp"

#include <catch2/catch.hpp>
#include <cmath>

using namespace syncsim;
using Catch::Contains;

namespace {

long long ns(const sc_core::sc_time& t) {
    return std::llround(t.to_seconds() * 1e9);
}

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

CoreConfig core_config(int id) {
    CoreConfig c;
    c.soc_core_id = id;
    c.cache_line_bytes = 64;
    c.cache_bytes = 1024;
    c.timing.cache_hit = 2;
    c.timing.scalar_op = 1;
    c.timing.dcci = 4;
    c.timing.dsb = 3;
    c.timing.pipe_issue = 1;
    c.timing.pipe_barrier = 1;
    c.timing.dma_setup = 10;
    c.ub_bytes = 4096;
    return c;
}

// One core's units, as AiCore holds them.
struct CoreUnits : sc_core::sc_module {
    CoreConfig config;
    LocalTime time;
    CoreActivity activity;
    GmAccessPath memory;
    CoreUnits(sc_core::sc_module_name name, int id, const Clock& clock)
        : sc_module(name), config(core_config(id)), time(clock), activity(time, id),
          memory(*this, config, time, activity) {}
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
    CHECK(pipes.busy().empty());
    CHECK_THAT(out_of_range, Contains("exceeds the 4096-byte buffer"));
}
