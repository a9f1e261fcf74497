// The AICPU's MMIO (models/aicpu/aicpu_cluster.hpp): a COND scan reads its
// cores one LDR at a time, pass after pass, and ends at the end of the first
// pass whose read of a core comes after that core's change landed; a
// DATA_MAIN_BASE store lands at the core after its latency. The scan sleeps
// through passes that cannot see a change (no clock-stepping).
#include "models/aicpu/aicpu_cluster.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

namespace {

struct Device {
    std::vector<CoreRegisters> regs = std::vector<CoreRegisters>(4);
    SparseStore gm;
    AicpuParams params;
    std::unique_ptr<AicpuCluster> aicpu;
    explicit Device(std::int64_t threads = 1) {
        params.threads = threads;
        params.mmio_read_ns = 100;
        params.mmio_write_ns = 5;
        params.dispatch_visible_ns = 140;
        params.cond_visible_ns = 0;
        params.loop_ns = 100;
        std::vector<AicpuCluster::CoreWindow> w;
        for (auto& r : regs) w.push_back({&r, CoreType::AIV, 0});
        aicpu = std::make_unique<AicpuCluster>("aicpu", params, std::move(w), gm, nullptr,
                                               [] { return std::uint64_t{1}; });
    }
};

// Lands `value` on core `core`'s COND at `at`.
struct CondWriter : sc_core::sc_module {
    CoreRegisters& regs;
    sc_time at;
    std::uint64_t value;
    CondWriter(sc_core::sc_module_name n, CoreRegisters& r, sc_time t, std::uint64_t v)
        : sc_module(n), regs(r), at(t), value(v) {
        SC_HAS_PROCESS(CondWriter);
        SC_THREAD(run);
    }
    void run() {
        sc_core::wait(at);
        regs.cond.post(value, sc_core::SC_ZERO_TIME);
    }
};

// Runs one AICPU launch whose `threads` threads each do `body`, from a process.
struct Launcher : sc_core::sc_module {
    AicpuCluster& aicpu;
    std::function<void(AicpuContext&)> body;
    int threads;
    AicpuResult result;
    Launcher(sc_core::sc_module_name n, AicpuCluster& a, std::function<void(AicpuContext&)> b,
             int t = 1)
        : sc_module(n), aicpu(a), body(std::move(b)), threads(t) {
        SC_HAS_PROCESS(Launcher);
        SC_THREAD(run);
    }
    void run() {
        AicpuLaunch l;
        l.name = "test";
        l.threads = threads;
        l.thread = body;
        result = aicpu.run(l, [](const std::string&) {});
    }
};

} // namespace

TEST_CASE("AICPU scan: a change is read in the first pass that reads its core after it landed",
          "[aicpu][model]") {
    Device d;
    // Four cores, 100 ns a read: a pass is 400 ns and its read of core 2
    // returns 300 ns into it. A change at 350 ns misses pass 0's read and is
    // read by pass 1's (700 ns): the scan ends with pass 1, at 800 ns.
    CondWriter late("late", d.regs[2], sc_time(350, SC_NS), 7);
    double ended_ns = -1, deadline_end_ns = -1, idle_end_ns = -1;
    std::vector<std::uint64_t> values;
    CondScan::End why{}, deadline_why{};
    Launcher l("launcher", *d.aicpu, [&](AicpuContext& a) {
        const CondScan s = a.scan_cond({0, 1, 2, 3}, {0, 0, 0, 0}, 1e9);
        ended_ns = a.now_ns();
        why = s.end;
        values = s.values;
        // Nothing changes: the scan ends with the first pass that ends at
        // or after its deadline (passes end at 1200, 1600 and 2000).
        const CondScan idle = a.scan_cond({0, 1, 2, 3}, {0, 0, 7, 0}, 1800);
        deadline_end_ns = a.now_ns();
        deadline_why = idle.end;
        // A thread with no core to read: a pass is one loop (100 ns).
        a.scan_cond({}, {}, a.now_ns() + 250);
        idle_end_ns = a.now_ns();
    });
    sc_core::sc_start();
    CHECK(ended_ns == Approx(800));
    CHECK(why == CondScan::End::Changed);
    CHECK(values == std::vector<std::uint64_t>{0, 0, 7, 0});
    CHECK(deadline_end_ns == Approx(2000)); // 800 + 3 passes of 400 >= 1800
    CHECK(deadline_why == CondScan::End::Deadline);
    CHECK(idle_end_ns == Approx(2300));
    CHECK(l.result.code == 0);
}

TEST_CASE("AICPU MMIO: a DATA_MAIN_BASE store lands after its latency, a COND load after it waits",
          "[aicpu][model]") {
    Device d;
    std::uint64_t before = 1, after = 0;
    double read_done_ns = -1;
    Launcher l("launcher", *d.aicpu, [&](AicpuContext& a) {
        a.write_reg(1, RegId::DATA_MAIN_BASE, 42); // issued at 5 ns, lands at 145
        before = d.regs[1].data_main_base.read(sc_time(144, SC_NS));
        after = d.regs[1].data_main_base.read(sc_time(145, SC_NS));
        a.read_reg(1, RegId::COND);
        read_done_ns = a.now_ns();
        a.fail(3, "told to");
    });
    sc_core::sc_start();
    CHECK(before == 0);
    CHECK(after == 42);
    // Device-nGnRE: the LDR is not reordered ahead of the posted STR, so it
    // starts when the store has landed (simpler mmio-performance.md:59: an
    // STR then an LDR take 240-300 ns, not one LDR's 100).
    CHECK(read_done_ns == Approx(245));
    CHECK(l.result.code == 3);
    CHECK(l.result.message == "told to");
}

TEST_CASE("AICPU scan: a change read in the pass it lands, and another thread's wake, spent once",
          "[aicpu][model]") {
    Device d(2);
    // Core 3's read returns 400 ns into a pass: a change at 150 ns is read
    // by pass 0 (400 ns). Thread 1 wakes thread 0 at 250 ns, inside that
    // pass: the dispatch phase after it sees what the wake was for, so the
    // next scan runs to its deadline (1000 ns on: the pass ending at 1600).
    // A wake at 1750 ns ends the third scan with its pass, at 2000 ns.
    CondWriter early("early", d.regs[3], sc_time(150, SC_NS), 9);
    double changed_ns = -1, deadline_ns = -1, woken_ns = -1;
    CondScan::End deadline_why{}, woken_why{};
    Launcher two(
        "two", *d.aicpu,
        [&](AicpuContext& a) {
            if (a.thread_idx() == 1) {
                a.work(250);
                a.wake_threads();
                a.work(1500);
                a.wake_threads();
                return;
            }
            a.scan_cond({0, 1, 2, 3}, {0, 0, 0, 0}, 1e9);
            changed_ns = a.now_ns();
            deadline_why = a.scan_cond({0, 1, 2, 3}, {0, 0, 0, 9}, a.now_ns() + 1000).end;
            deadline_ns = a.now_ns();
            woken_why = a.scan_cond({0, 1, 2, 3}, {0, 0, 0, 9}, 1e9).end;
            woken_ns = a.now_ns();
        },
        2);
    sc_core::sc_start();
    CHECK(changed_ns == Approx(400));
    CHECK(deadline_ns == Approx(1600));
    CHECK(deadline_why == CondScan::End::Deadline);
    CHECK(woken_ns == Approx(2000));
    CHECK(woken_why == CondScan::End::Woken);
}

namespace {

// Lands a GM write on the watch at `at`, as an L2 would.
struct GmWriter : sc_core::sc_module {
    SparseStore& gm;
    LineWatch& watch;
    sc_time at;
    GmWriter(sc_core::sc_module_name n, SparseStore& g, LineWatch& w, sc_time t)
        : sc_module(n), gm(g), watch(w), at(t) {
        SC_HAS_PROCESS(GmWriter);
        SC_THREAD(run);
    }
    void run() {
        sc_core::wait(at);
        const std::uint64_t v = 7;
        gm.write(0x1008, reinterpret_cast<const std::uint8_t*>(&v), 8);
        watch.landed(0x1008, 8);
    }
};

} // namespace

TEST_CASE("AICPU GM: a load hits its copy until a write lands on the line, and a poll sleeps "
          "until then",
          "[aicpu][model]") {
    Device d;
    LineWatch watch(64);
    d.aicpu->set_line_watch(&watch);
    GmWriter writer("writer", d.gm, watch, sc_time(1000, SC_NS));
    double first_ns = -1, second_ns = -1, seen_ns = -1;
    std::uint64_t seen = 0;
    bool changed = false;
    Launcher l("launcher", *d.aicpu, [&](AicpuContext& a) {
        std::uint64_t v = 0;
        a.read_gm(0x1000, &v, 8); // a miss: 500 ns (the default)
        first_ns = a.now_ns();
        a.read_gm(0x1000, &v, 8); // the copy: 3 ns
        second_ns = a.now_ns();
        const std::uint64_t zero = 0;
        changed = a.poll_gm(0x1008, &seen, 8, &zero, 1e6);
        seen_ns = a.now_ns();
    });
    sc_core::sc_start();
    CHECK(first_ns == Approx(500));
    CHECK(second_ns == Approx(503));
    // The write lands at 1000 ns and invalidates the copy; the next load
    // misses and reads it.
    CHECK(changed);
    CHECK(seen == 7);
    CHECK(seen_ns == Approx(1500));
}
