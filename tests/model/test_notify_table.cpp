// The notify hardware with streams stood in by small threads: a CntNotify
// wait released by the record that makes its condition true (record and wake
// costs on either side), a timeout at exactly its time, clear-on-release,
// the binary notify's record-then-reset, and the tracer seeing each count.
#include "models/notify/notify_table.hpp"

#include <catch2/catch.hpp>
#include <functional>
#include <vector>

using namespace syncsim;

namespace {

double now_ns() {
    return sc_core::sc_time_stamp().to_seconds() * 1e9;
}

// Declares each id's counter as signal id + 100 and logs (id, count).
struct CountLog : SignalTracer {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> seen;
    std::vector<std::string> declared;
    int declare(const SignalDecl& s) override {
        declared.push_back(s.scope + "." + s.name);
        return static_cast<int>(declared.size()) - 1 + 100;
    }
    void change(int signal, std::uint64_t, std::uint64_t value) override {
        seen.emplace_back(static_cast<std::uint32_t>(signal - 100),
                          static_cast<std::uint32_t>(value));
    }
};

NotifyParams notify_params() {
    NotifyParams p;
    p.cnt_supported = true;
    p.cnt_bank_ids = 8;
    p.notify_bank_ids = 8;
    p.record_cycles = 10; // 1 GHz: cycles are ns
    p.wake_cycles = 5;
    return p;
}

void at_ns(double t, std::function<void()> body) {
    sc_core::sc_spawn([t, body = std::move(body)] {
        sc_core::wait(sc_core::sc_time(t, sc_core::SC_NS));
        body();
    });
}

} // namespace

TEST_CASE("notify table: CntNotify waits, timeouts, clears and binary notifies",
          "[notify][model]") {
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    NotifyTable table(notify_params(), Clock{1000});
    CountLog log;
    table.set_tracer(&log);

    // Id 3 counts to 3 by ADD 1 records at 100, 200 and 300 ns (each lands
    // 10 ns after its turn); a wait for >= 3 with clear goes on 5 ns after
    // the third lands and zeroes the counter.
    double released = -1, cleared_to = -1;
    bool ok = false;
    at_ns(0, [&] {
        ok = table.cnt_wait(3, CntWaitMode::BiggerOrEqual, 3, 0, true);
        released = now_ns();
        cleared_to = table.cnt_count(3);
    });
    for (double t : {100.0, 200.0, 300.0})
        at_ns(t, [&] { table.cnt_record(3, CntRecordMode::Add, 1); });

    // Id 5 is never recorded: a 1 s timeout ends the wait at exactly 1 s.
    double timed_out = -1;
    bool timeout_ok = true;
    at_ns(0, [&] {
        timeout_ok = table.cnt_wait(5, CntWaitMode::Equal, 1, 1, false);
        timed_out = now_ns();
    });

    // A binary notify recorded before its wait releases it at once (after
    // the wake); the wait resets it, so a second wait needs a second record.
    std::vector<double> binary_released;
    at_ns(1000, [&] { table.notify_record(2); });
    at_ns(2000, [&] {
        for (int i = 0; i < 2; ++i) {
            REQUIRE(table.notify_wait_and_reset(2, 0));
            binary_released.push_back(now_ns());
        }
    });
    at_ns(3000, [&] { table.notify_record(2); });

    sc_core::sc_start();

    CHECK(ok);
    CHECK(released == Approx(315));
    CHECK(cleared_to == 0);
    REQUIRE(table.wait_releases().kept().size() == 1);
    CHECK(table.wait_releases().kept()[0].satisfied.to_seconds() * 1e9 == Approx(310));
    CHECK_FALSE(timeout_ok);
    CHECK(timed_out == Approx(1e9));
    REQUIRE(binary_released.size() == 2);
    CHECK(binary_released[0] == Approx(2005));
    CHECK(binary_released[1] == Approx(3015));
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> counts = {
        {3, 1}, {3, 2}, {3, 3}, {3, 0}};
    CHECK(log.seen == counts);
    // The table declared its own signals: one counter per traced id.
    REQUIRE(log.declared.size() == NotifyTable::kTracedCntNotifies);
    CHECK(log.declared[3] == "runtime.cnt_notify.id3");
}
