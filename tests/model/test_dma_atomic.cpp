// The MTE3's atomic store mode (set_atomic_s32 + set_atomic_add / max, then
// set_atomic_none), on a small device: eight blocks copy one 32-byte burst
// each to the same eight GM words. With the mode set the L2 combines every
// element, so the words hold the sum (or the maximum) of all eight; the
// mode is read when the copy executes, so clearing it before MTE3 has
// drained leaves plain copies, the last one winning; a copy that is not
// whole aligned elements faults.
#include "models/runtime/host_runtime.hpp"
#include "platforms/ascend_device.hpp"
#include "tests/support/small_device.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

namespace {

constexpr int kBlocks = 8, kWords = 8;

struct Variant {
    AtomicOp op = AtomicOp::Sum;
    bool drain = true;      // wait for MTE3 before set_atomic_none
    std::uint64_t skew = 0; // bytes past the buffer's start
    std::string platform;   // overrides of the small device
    AtomicType type = AtomicType::S32;
};
Variant g_variant;

// Block b copies words (b + 1) * 10 + i, i = 0..7.
void accumulate(KernelContext& k) {
    const std::int32_t b = static_cast<std::int32_t>(k.get_block_idx());
    for (int i = 0; i < kWords; ++i) k.ub_st<std::int32_t>(i * 4, (b + 1) * 10 + i);
    k.set_flag(Pipe::S, Pipe::MTE3, 0);
    k.wait_flag(Pipe::S, Pipe::MTE3, 0);
    k.set_dma_atomic_type(g_variant.type);
    k.set_dma_atomic_op(g_variant.op);
    k.copy_ubuf_to_gm(k.arg(0) + g_variant.skew, 0, 0, 1, 1, 0, 0);
    if (g_variant.drain) {
        k.set_flag(Pipe::MTE3, Pipe::S, 0);
        k.wait_flag(Pipe::MTE3, Pipe::S, 0);
    }
    k.set_dma_atomic_none();
}

std::vector<std::int32_t> g_words;

void host_program(HostApi& h) {
    const GmAddr out = h.malloc(64, "out");
    h.memset(out, 0, 64);
    KernelLaunch launch;
    launch.kernel = "accumulate";
    launch.target = "dav-x900-vec";
    launch.block_dim = kBlocks;
    launch.args = {out};
    h.launch(h.default_stream(), launch);
    h.synchronize_stream(h.default_stream());
    g_words.assign(kWords, 0);
    h.read(g_words.data(), out, kWords * 4);
}

struct Run {
    std::vector<std::string> faults;
    std::string last_writer;
};

Run run(const Variant& v) {
    g_variant = v;
    sc_core::sc_set_time_resolution(1, sc_core::SC_PS);
    const Platform p =
        test::small_platform("die: {count: 1, cluster: {count: 4}" + v.platform + "}\n");
    AscendDevice device(p);
    HostRuntime host(
        "host", host_program,
        [](const std::string& name) { return name == "accumulate" ? accumulate : nullptr; },
        std::make_shared<const ParamMap>(), device.host_ports());
    sc_core::sc_start();
    INFO(host.error().value_or("no host error"));
    REQUIRE(host.finished());
    return {host.faults(), host.last_writer(kGmBase)};
}

} // namespace

TEST_CASE("dma atomic: eight accumulating copies to the same words sum them", "[dma_atomic]") {
    const Run r = run({AtomicOp::Sum, true, 0, ""});
    CHECK(r.faults.empty());
    CHECK_THAT(r.last_writer, Catch::Contains("copy_ubuf_to_gm"));
    // sum over b = 0..7 of (b + 1) * 10 + i = 360 + 8 i
    for (int i = 0; i < kWords; ++i) CHECK(g_words[i] == 360 + 8 * i);
}

TEST_CASE("dma atomic: max keeps the largest element", "[dma_atomic]") {
    run({AtomicOp::Max, true, 0, ""});
    for (int i = 0; i < kWords; ++i) CHECK(g_words[i] == 80 + i);
}

TEST_CASE("dma atomic: set_atomic_none before MTE3 drains leaves plain copies", "[dma_atomic]") {
    // The copies wait in MTE3 (DMA set-up and GM latency) while the scalar
    // unit clears the mode: each executes as a plain copy and the last one
    // wins. Nothing warns; the sum is wrong, as it would be on a device.
    run({AtomicOp::Sum, false, 0, ""});
    const std::int32_t first = g_words[0];
    CHECK(first % 10 == 0);
    CHECK(first >= 10);
    CHECK(first <= 80);
    for (int i = 0; i < kWords; ++i) CHECK(g_words[i] == first + i);
}

TEST_CASE("dma atomic: a copy that is not whole aligned elements faults", "[dma_atomic]") {
    const Run r = run({AtomicOp::Sum, true, 2, ""});
    REQUIRE_FALSE(r.faults.empty());
    CHECK_THAT(r.faults.front(),
               Catch::Contains("copy_ubuf_to_gm in atomic sum mode") &&
                   Catch::Contains("is not a whole number of aligned s32 elements"));
}

TEST_CASE("dma atomic: a range boundary inside an element sums every element once",
          "[dma_atomic]") {
    // 47-byte ranges: the buffer at 4 GiB has a boundary 5 bytes in, inside
    // its second element; the element is combined once, with its piece.
    run({AtomicOp::Sum, true, 0, ", l2: {serialize_bytes: 47}"});
    for (int i = 0; i < kWords; ++i) CHECK(g_words[i] == 360 + 8 * i);
}

TEST_CASE("dma atomic: an element type other than s32 faults", "[dma_atomic]") {
    const Run r = run({AtomicOp::Sum, true, 0, "", AtomicType::S64});
    REQUIRE_FALSE(r.faults.empty());
    CHECK_THAT(r.faults.front(),
               Catch::Contains("set_atomic_type: only s32 elements are modelled"));
}
