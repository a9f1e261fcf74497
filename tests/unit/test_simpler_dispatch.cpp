// The simpler runtime's dispatch rules (workloads/simpler/dispatch_policy.hpp),
// kernel-free: a thread claims what its idle cores hold and pushes the rest
// back; pending slots only when no other thread has an idle core of the
// type; a sync_start task only on idle cores, all at once, with every thread
// stopped until they are; a finished block hands its core to the pending one.
#include "workloads/simpler/dispatch_policy.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace syncsim;
using namespace syncsim::simpler;

namespace {

// A 910B's resident workers: 24 clusters of one AIC and two AIV.
DispatchPolicy device(int threads = 3) {
    std::vector<WorkerCore> w;
    for (int c = 0; c < 24; ++c) w.push_back({CoreType::AIC, c});
    for (int v = 0; v < 48; ++v) w.push_back({CoreType::AIV, v / 2});
    return DispatchPolicy(std::move(w), threads);
}

// The workers' ACKs of every running block, as the schedulers read them.
void acknowledge_all(DispatchPolicy& d) {
    for (int t = 0; t < d.threads(); ++t)
        for (int w : d.running(t)) d.acknowledged(w);
}

std::size_t count(const std::vector<Placement>& p, bool pending) {
    return static_cast<std::size_t>(std::count_if(
        p.begin(), p.end(), [&](const Placement& x) { return x.pending == pending; }));
}

} // namespace

TEST_CASE("simpler dispatch: a thread claims its idle cores and pushes the rest back",
          "[simpler]") {
    DispatchPolicy d = device();
    const std::size_t t = d.submit({CoreType::AIV, 32, false});
    const auto first = d.dispatch(0);
    CHECK(first.size() == 16); // its 8 clusters' AIV
    CHECK(count(first, true) == 0);
    for (const Placement& p : first) CHECK(d.owner(p.worker) == 0);
    const auto second = d.dispatch(1);
    CHECK(second.size() == 16);
    CHECK(d.placed_blocks(t) == 32);
    std::set<std::int64_t> blocks;
    for (const auto* batch : {&first, &second})
        for (const Placement& p : *batch) blocks.insert(p.block);
    CHECK(blocks.size() == 32); // every block once
    CHECK(d.dispatch(2).empty());
}

// The hazard of pto-isa #197 and pypto #1990: when the only free pending
// slots are behind the task's own blocks, the rest of the task waits for
// them (a soft barrier spins to its limit, a hard one deadlocks).
TEST_CASE("simpler dispatch: with no free slot elsewhere a thread queues the rest behind its own "
          "blocks",
          "[simpler]") {
    DispatchPolicy d = device();
    d.submit({CoreType::AIV, 32, false}); // other work
    CHECK(d.dispatch(0).size() == 16);
    CHECK(d.dispatch(1).size() == 16);
    const std::size_t barrier = d.submit({CoreType::AIV, 32, false});
    const auto first = d.dispatch(2);
    REQUIRE(first.size() == 16);
    CHECK(count(first, false) == 16);
    // A pending slot opens once its core has acknowledged the running block.
    CHECK(d.dispatch(2).empty());
    acknowledge_all(d);
    const auto placed = d.dispatch(2);
    REQUIRE(placed.size() == 16);
    CHECK(count(placed, true) == 16);
    // Each pending block sits behind a running block of the same task.
    for (const Placement& p : placed)
        if (p.pending) {
            REQUIRE(d.running_on(p.worker));
            CHECK(d.running_on(p.worker)->task == barrier);
        }
}

TEST_CASE("simpler dispatch: no pending slot while another thread has an idle core", "[simpler]") {
    DispatchPolicy d = device();
    d.submit({CoreType::AIV, 16, false});
    CHECK(d.dispatch(0).size() == 16);
    d.submit({CoreType::AIV, 8, false});
    CHECK(d.dispatch(0).empty()); // threads 1 and 2 have idle AIV: it waits for them
    const auto placed = d.dispatch(1);
    CHECK(placed.size() == 8);
    CHECK(count(placed, true) == 0);
}

TEST_CASE("simpler dispatch: a finished block hands its core to the pending one", "[simpler]") {
    DispatchPolicy d = device();
    d.submit({CoreType::AIV, 48, false});
    for (int t = 0; t < 3; ++t) d.dispatch(t);
    acknowledge_all(d);
    const std::size_t next = d.submit({CoreType::AIV, 1, false});
    const auto placed = d.dispatch(0);
    REQUIRE(placed.size() == 1);
    REQUIRE(placed[0].pending);
    const auto promoted = d.finished(placed[0].worker);
    REQUIRE(promoted);
    CHECK(promoted->task == next);
    CHECK_FALSE(promoted->pending);
    CHECK(d.finished_blocks(0) == 1);
    CHECK_THROWS(d.finished(d.owned(1).front())); // an AIC: nothing runs there
}

TEST_CASE("simpler dispatch: sync_start starts all blocks on idle cores, every thread waiting "
          "until enough are",
          "[simpler]") {
    DispatchPolicy d = device();
    d.submit({CoreType::AIV, 16, false});
    const auto busy = d.dispatch(0);
    REQUIRE(busy.size() == 16);
    const std::size_t cohort = d.submit({CoreType::AIV, 48, true});
    d.submit({CoreType::AIV, 4, false}); // behind it
    CHECK(d.dispatch(1).empty());        // 32 idle of 48: a drain, nothing else runs
    CHECK(d.draining());
    CHECK(d.dispatch(2).empty());
    for (const Placement& p : busy) d.finished(p.worker);
    // The cohort on every AIV at once; the task behind it then queues in
    // pending slots (no thread has an idle AIV left) once they are acknowledged.
    const auto placed = d.dispatch(0);
    std::vector<Placement> of_cohort;
    for (const Placement& p : placed)
        if (p.task == cohort) of_cohort.push_back(p);
    CHECK(of_cohort.size() == 48);
    CHECK(count(of_cohort, true) == 0);
    CHECK(placed.size() == 48);
    CHECK_FALSE(d.draining());
    acknowledge_all(d);
    const auto behind = d.dispatch(0);
    CHECK(behind.size() == 4);
    CHECK(count(behind, true) == 4);
}

TEST_CASE("simpler dispatch: a one-block sync_start task needs no rendezvous", "[simpler]") {
    DispatchPolicy d = device();
    d.submit({CoreType::AIC, 24, false});
    for (int t = 0; t < 3; ++t) d.dispatch(t);
    acknowledge_all(d);
    d.submit({CoreType::AIC, 1, true});
    const auto placed = d.dispatch(0);
    REQUIRE(placed.size() == 1);
    CHECK(placed[0].pending); // queued behind a running block, as a regular task
}
