// Kernels in the vendor's dialect, compiled by clang with syncsim's pass
// (syncsim_add_kernel): the example runs, its stale-read and hang builds
// are diagnosed as a built-in's would be, plain C++ through __gm__
// pointers writes what it says, and a host pointer reaching kernel code is
// a core fault with the source line, not a crash.
#include "tests/support/run_config.hpp"

#include <catch2/catch.hpp>

#if defined(SYNCSIM_HAVE_KERNEL_CLANG)

using namespace syncsim;
using Catch::Contains;

namespace {

// The example's config with plugin `build` (its host program has its
// name), and further arguments.
test::CommandResult run_example(const std::string& build, const std::string& more = "") {
    return test::run_syncsim("run examples/vendor_dialect/configs/a2.yaml --set workload.plugin=" +
                             std::string(SYNCSIM_TEST_PLUGIN_DIR) + "/lib" + build +
                             ".so --set workload.host=" + build + " " + more);
}

} // namespace

TEST_CASE("vendor dialect: the Mix 1:2 example runs both sides and every core reads right",
          "[plugin][vendor-dialect]") {
    const auto run = run_example("mix_exchange");
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.output, Contains("finished   aic: 8 cores") &&
                               Contains("finished   aiv: 16 cores") && Contains("(MIX_AIC_1_2)") &&
                               Contains("checks     1 passed"));
}

TEST_CASE("vendor dialect: without the dcci the cores read the line cached before the barrier",
          "[plugin][vendor-dialect]") {
    const auto run = run_example("mix_exchange_stale");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("core 0 read 0 (want 101)") &&
                               Contains("FAILED   main returns 0: main() returned 2"));
}

TEST_CASE("vendor dialect: a block that skips the hard barrier leaves the others waiting",
          "[plugin][vendor-dialect]") {
    const auto run = run_example("mix_exchange_hang");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("time_limit") &&
                               Contains("FFTS mode-0 sync on flag 14 among AIV: 14 of 16 arrived"));
}

TEST_CASE("vendor dialect: a host pointer or an escaped GM pointer faults with the source line",
          "[plugin][vendor-dialect]") {
    const auto run = run_example("instrumented_faults");
    CHECK(run.exit_code == 1);
    // main() checked the plain C++ accesses and saw both launches fail.
    CHECK_THAT(run.output, Contains("checks     1 passed, 0 failed"));
    CHECK_THAT(run.output,
               Contains("is outside global memory (at ") && Contains("instrumented_faults.cpp:8)"));
    CHECK_THAT(run.output,
               Contains("a __gm__ pointer (0x100000000) was converted to a host pointer") &&
                   Contains("instrumented_faults.cpp:13)"));
}

TEST_CASE("vendor dialect: odd-sized copies, memmove, Mix constructors and folded casts",
          "[plugin][vendor-dialect]") {
    // Each was a crash, a wrong byte or a link error before the fix: 6- and
    // 3-byte pieces at odd addresses faulted, memmove copied forwards, the
    // complete constructor (an alias) was defined by both sides, a dead
    // bitcast made memcpy through (int32_t*) an escape, a cast folded into a
    // constant reached host memory, and a host main() without `return`
    // fell off its end.
    const auto run = run_example("instrumented_edges");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output,
               Contains("edges: all as written") && Contains("checks     1 passed, 0 failed"));
    CHECK_THAT(run.output, Contains("outcome    fault: launch constant_escape") &&
                               Contains("instrumented_edges.cpp:42)"));
}

TEST_CASE("vendor dialect: a kernel's .ascend.meta section makes its launch a MIX task",
          "[plugin][vendor-dialect]") {
    auto run_meta = [](const std::string& build) {
        return run_example("instrumented_meta_" + build);
    };
    // The meta the vendor's PTO_SYNCALL_AIV_KERNEL_META writes: MIX_AIV_MAIN.
    const auto with = run_meta("with");
    CHECK(with.exit_code == 0);
    CHECK_THAT(with.output, Contains("(MIX_AIV_1_0)") && Contains("outcome    completed"));
    // Without it the A2 runtime runs an AIV_ONLY task, whose FFTS messages
    // go nowhere: the same hang as a built-in without `meta:`.
    const auto without = run_meta("without");
    CHECK(without.exit_code == 1);
    CHECK_THAT(without.output,
               Contains("(AIV_ONLY)") && Contains("the launch owns no FFTS context"));
}

TEST_CASE("vendor dialect: copy_ubuf_to_gm_align_v2 writes bytes, not 32-byte blocks, on A5",
          "[plugin][vendor-dialect]") {
    const auto run = run_example("instrumented_byte_copy", "--set platform=950pr");
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.output, Contains("byte copy: every byte as written") &&
                               Contains("checks     1 passed, 0 failed"));
    // Its dav-c310 build on an A2, launched with the vendor's chevrons: the
    // runtime refuses it with the reason.
    const auto on_a2 = run_example("instrumented_byte_copy");
    CHECK(on_a2.exit_code == 1);
    CHECK_THAT(on_a2.output, Contains("a kernel built for dav-c310 (dav-c310-vec) cannot run on "
                                      "a dav-c220 platform"));
}

TEST_CASE("vendor dialect: a chevron launch of a C++-named kernel is refused with the reason",
          "[plugin][vendor-dialect]") {
    const auto run = run_example("instrumented_cxx_chevron");
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.output, Contains("__device_stub__") &&
                               Contains("chevron launches need an extern \"C\" __global__ "
                                        "kernel built by syncsim_add_kernel"));
}

TEST_CASE("vendor dialect: kernel sources over vendor-like headers launch from their own host "
          "functions; a per-side pair launches by its tiling key",
          "[plugin][vendor-dialect]") {
    // AICORE as `[aicore]`, half and bfloat16_t as one _Float16, a string
    // literal as `const __gm__ char*` (syncsim's overlay), and a Launch*
    // wrapper with chevrons at the end of each kernel source; vector, Mix
    // and a cube-alone + vector-alone pair (runtime/rt.h's register-binary
    // launch, tiling key 7, as MIX_AIC_1_1) in one plugin.
    const auto run = run_example("vendor_launchers");
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.output, Contains("vendor launchers: every block wrote its line") &&
                               Contains("finished   aic: 2 cores") &&
                               Contains("finished   aiv: 4 cores") &&
                               Contains("3 task(s) done, last: launch vendor_pair_7<<<2>>> "
                                        "dav-c220 (MIX_AIC_1_1)"));
}

TEST_CASE("vendor dialect: an unmodelled builtin faults the core with its name and the line",
          "[plugin][vendor-dialect]") {
    const auto run = run_example("vendor_launchers_fault");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output,
               Contains("outcome    fault: launch vendor_vec<<<4>>>") &&
                   Contains("aiv0 block 0: vsel is a builtin of the vendor's compiler that syncsim "
                            "declares but does not model") &&
                   Contains("(at tests/plugins/vendor_launchers_vec.cpp:40)"));
}

TEST_CASE("vendor dialect: a host program that catches everything still lets a hung run end "
          "with its diagnosis",
          "[plugin][vendor-dialect]") {
    // Before, the program swallowed SystemC's kill of its thread and the
    // simulator aborted (F539, exit 134).
    const auto run = run_example("host_catches_all");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("host: attempt 1 caught an exception") &&
                               Contains("host: attempt 2 caught an exception") &&
                               Contains("outcome    deadlock") && !Contains("F539"));
}

TEST_CASE("vendor dialect: half, float and double parameters, half through __gm__ and __ubuf__ "
          "pointers and the scalar builtins compute as the vendor's compiler does",
          "[plugin][vendor-dialect]") {
    // Before, `*gm_half = h` did not compile (half was a class, and clang
    // has no assignment of a class in an address space), a float kernel
    // parameter was refused, st_dev of a uint16_t into a 64-bit word found
    // no overload, and max, min, sbitset0/1, get_sys_cnt and `[aicore]`
    // were unknown (tests/plugins/vendor_scalars.cpp).
    const auto run = run_example("vendor_scalars");
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.output,
               Contains("vendor scalars: every value as the vendor's compiler gives it"));
}

TEST_CASE("vendor dialect: dequantise on the vector cores, multiply on the cube, exactly",
          "[plugin][vendor-dialect]") {
    // The align copies, counter-mode conversions in place, vadds / vmuls,
    // ND -> NZ into L1, img2col into L0A / L0B, mad and the fixpipe's NZ ->
    // ND store, with their pipes and flags (tests/plugins/vendor_isa.cpp).
    const auto run = run_example("vendor_isa");
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.output, Contains("vendor isa: C = A x dequant(Q), all 512 values exact") &&
                               Contains("(MIX_AIC_1_2)"));
}

TEST_CASE("vendor dialect: cores killed while their destructors wait end the run with its "
          "diagnosis, not an abort",
          "[plugin][vendor-dialect]") {
    // The cube faults at its first builtin; each vector core leaves the
    // kernel into a destructor that waits for a flag nobody sends. The run
    // ends and its threads are killed there. The cube's fault is named
    // beside the waits it explains (the launch never ends, so it has no
    // fault line of its own). Before, the kill unwound
    // through the noexcept destructor and std::terminate ended the
    // simulator (exit 134), as pto-isa's ~TPipe did in its cross-core tests.
    const auto run = run_example("vendor_isa_teardown");
    CHECK(run.exit_code == 1);
    CHECK_THAT(run.output, Contains("outcome    deadlock") &&
                               Contains("2 cores wait on flag 1 (no pending message for flag 1 "
                                        "in this launch): aiv0-1") &&
                               Contains("aic0 faulted in the same launch (block 0): set_l3d_rpt "
                                        "is a builtin of the vendor's compiler"));
}

#endif
