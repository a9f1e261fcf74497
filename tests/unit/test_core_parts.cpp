// The core's parts that are plain bookkeeping or arithmetic, tested without
// running the SystemC kernel: same-line ordering of posted writes, the poll
// schedule of a fast-forwarded poll loop, intra-core flag arguments, the
// shape of a DMA copy, the round marks and the block slot.
#include "models/core/block_slot.hpp"
#include "models/core/core_report.hpp"
#include "models/core/dma_transfer.hpp"
#include "models/core/intra_core_flags.hpp"
#include "models/core/write_buffer.hpp"
#include "syncsim/fault.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using sc_core::SC_NS;
using sc_core::sc_time;

TEST_CASE("posted lines: a load waits for the last post to its own line only", "[core]") {
    PostedLines lines;
    CHECK(lines.pending_for(0x40) == 0);
    const auto a = lines.post(0x40); // seq 1
    const auto b = lines.post(0x80); // seq 2
    const auto c = lines.post(0x40); // seq 3: the last post to 0x40
    CHECK(a == 1);
    CHECK(b == 2);
    CHECK(lines.pending_for(0x40) == c);
    CHECK(lines.pending_for(0x80) == b);
    CHECK(lines.pending_for(0xC0) == 0);
    lines.landed(a, false);
    CHECK(lines.pending_for(0x40) == c); // the earlier post landing is not enough
    lines.landed(b, false);
    CHECK(lines.pending_for(0x80) == 0); // landed: nothing to wait for
    CHECK(lines.has_landed(b));
    CHECK_FALSE(lines.has_landed(c));
    lines.landed(c, true);
    CHECK(lines.pending_for(0x40) == 0);
    CHECK(lines.post(0x40) == 4); // numbering goes on after the buffer empties
}

TEST_CASE("intra-core flags: arguments are checked and each flag counts apart", "[core]") {
    IntraCoreFlags flags(8);
    CHECK_THROWS_AS(flags.check(Pipe::ALL, Pipe::V, 0), KernelFault);
    CHECK_THROWS_AS(flags.check(Pipe::V, Pipe::V, 0), KernelFault);
    CHECK_THROWS_WITH(flags.check(Pipe::MTE2, Pipe::V, 8), "event id 8 outside 0..7");
    CHECK_THROWS_AS(flags.check(Pipe::MTE2, Pipe::V, -1), KernelFault);
    CHECK_NOTHROW(flags.check(Pipe::MTE2, Pipe::V, 7));
    ++flags.count(Pipe::MTE2, Pipe::V, 3);
    CHECK(flags.count(Pipe::MTE2, Pipe::V, 3) == 1);
    CHECK(flags.count(Pipe::V, Pipe::MTE2, 3) == 0); // direction matters
    CHECK(flags.count(Pipe::MTE2, Pipe::V, 2) == 0);
    CHECK(&flags.event(Pipe::MTE2, Pipe::V, 3) == &flags.event(Pipe::MTE2, Pipe::V, 3));
    CHECK(&flags.event(Pipe::MTE2, Pipe::V, 3) != &flags.event(Pipe::MTE2, Pipe::V, 2));
}

TEST_CASE("DMA shape: bursts, gaps in 32-byte blocks, and bad shapes", "[core]") {
    const DmaShape s = DmaShape::of("copy_gm_to_ubuf", 3, 2, 1, 0);
    CHECK(s.bursts == 3);
    CHECK(s.burst_bytes == 64);
    CHECK(s.src_step == 96);
    CHECK(s.dst_step == 64);
    CHECK(s.src_extent() == 256); // the gap after the last burst is not read (was 288)
    CHECK(s.dst_extent() == 192);
    CHECK(s.bytes() == 192);
    CHECK_THROWS_WITH(DmaShape::of("copy_ubuf_to_gm", 0, 1, 0, 0),
                      "copy_ubuf_to_gm: nBurst and lenBurst must be positive, gaps >= 0");
    CHECK_THROWS_AS(DmaShape::of("x", 1, 0, 0, 0), KernelFault);
    CHECK_THROWS_AS(DmaShape::of("x", 1, 1, -1, 0), KernelFault);
    CHECK(kDmaRoutes.gm_to_ub == Pipe::MTE2);
    CHECK(kDmaRoutes.ub_to_gm == Pipe::MTE3);
}

TEST_CASE("DMA shape: the byte-granular form takes bytes and start-to-start strides", "[core]") {
    const DmaShape one = DmaShape::of_bytes("copy_ubuf_to_gm_align_v2", 1, 1, 0, 0);
    CHECK(one.bytes() == 1);
    CHECK(one.dst_extent() == 1);
    const DmaShape rows = DmaShape::of_bytes("copy_ubuf_to_gm_align_v2", 2, 6, 32, 10);
    CHECK(rows.burst_bytes == 6);
    CHECK(rows.src_step == 32);
    CHECK(rows.dst_step == 10);
    CHECK(rows.dst_extent() == 16); // 10 + 6: up to the last burst's last byte
    CHECK(rows.src_extent() == 38);
    CHECK_THROWS_WITH(DmaShape::of_bytes("copy_ubuf_to_gm_align_v2", 2, 6, 32, 4),
                      "copy_ubuf_to_gm_align_v2: with 2 bursts of 6 bytes, the strides (src 32, "
                      "dst 4) must be at least the burst");
    CHECK_THROWS_AS(DmaShape::of_bytes("x", 0, 1, 0, 0), KernelFault);
}

TEST_CASE("block slot: a handed block runs, reports, lends its identity to a task and ends",
          "[core]") {
    LocalTime time(Clock{1000});
    CoreActivity activity(time, 3);
    BlockSlot slot(activity);
    auto launch = std::make_shared<LaunchedKernel>();
    launch->launch_id = 7;
    launch->kernel_name = "resident";
    bool told = false;
    BlockWork work;
    work.launch = launch;
    work.block_idx = 2;
    work.on_done = [&told](const std::optional<std::string>&) { told = true; };
    CHECK_FALSE(slot.busy());
    slot.hand(std::move(work));
    CHECK(slot.handed());
    CHECK(slot.start().block_idx == 2);
    CHECK_FALSE(slot.handed());
    activity.set_round(4, true);
    // A task stands in: its launch, block and rounds, until it is swapped out.
    auto task = std::make_shared<LaunchedKernel>(*launch);
    task->kernel_name = "task";
    const BlockSlot::Identity resident = slot.swap_in({task, 9, 0, 9, "task", 0, false});
    CoreReport r{};
    slot.report_into(r);
    CHECK(r.kernel == "task");
    CHECK(r.block_idx == 9);
    CHECK(slot.work().launch == task);
    CHECK(activity.round() == 0);
    slot.swap_in(resident);
    CHECK(slot.work().block_idx == 2);
    CHECK(activity.round() == 4);
    CHECK(activity.round_open());
    auto done = slot.finish(sc_time(5, SC_NS));
    REQUIRE(done);
    done(std::nullopt);
    CHECK(told);
    slot.report_into(r);
    CHECK_FALSE(r.has_block);
    CHECK(r.kernel == "resident");
    CHECK(r.launch_id == 7);
    CHECK(r.finished_at == sc_time(5, SC_NS));
}
