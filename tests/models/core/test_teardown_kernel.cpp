// TeardownKernel and RunningKernels: the vendor-style free functions reach
// the kernel of the running process; while an exception leaves a kernel,
// they reach a context that answers the block's identity and does nothing
// else, at once (a destructor may neither throw nor wait).
#include "models/core/running_kernel.hpp"
#include "models/core/teardown_kernel.hpp"
#include "syncsim/current_kernel.hpp"

#include <catch2/catch.hpp>
#include <stdexcept>

using namespace syncsim;

namespace teardown_test {

// A core as the teardown context asks it: identity, two arguments, one
// parameter; every other call is the teardown context's own (it wraps
// itself here only to have a complete KernelContext).
struct IdentityCore : TeardownKernel {
    explicit IdentityCore(std::int64_t block)
        : TeardownKernel(static_cast<KernelContext&>(*this)), m_block(block) {}
    std::int64_t get_block_idx() const override { return m_block; }
    std::int64_t get_block_num() const override { return 8; }
    std::int64_t get_subblockid() const override { return 1; }
    std::int64_t get_subblockdim() const override { return 2; }
    CoreType core_type() const override { return CoreType::AIV; }
    const BuildInfo& build() const override { return m_build; }
    std::int64_t get_physical_core_id() const override { return 40 + m_block; }
    std::uint64_t arg(std::size_t i) const override {
        if (i >= 2) throw std::out_of_range("the kernel has 2 arguments");
        return 0x1000 * (i + 1);
    }
    const ParamValue& param(const std::string& name) const override {
        if (name != "rounds") throw std::out_of_range("no parameter " + name);
        return m_rounds;
    }

  private:
    std::int64_t m_block;
    BuildInfo m_build;
    ParamValue m_rounds = std::int64_t{4};
};

// What a kernel object's destructor sees of its core while it unwinds.
struct SeenInDestructor {
    ~SeenInDestructor() { seen_by_last = running_kernel(); }
    static inline KernelContext* seen_by_last = nullptr;
};

} // namespace teardown_test

using teardown_test::IdentityCore;

TEST_CASE("teardown kernel: the block's identity, a missing argument or parameter as 0, every "
          "intrinsic a no-op that takes no time",
          "[model][teardown_kernel]") {
    IdentityCore core(3);
    TeardownKernel t(static_cast<KernelContext&>(core));
    CHECK(t.get_block_idx() == 3);
    CHECK(t.get_block_num() == 8);
    CHECK(t.get_subblockid() == 1);
    CHECK(t.core_type() == CoreType::AIV);
    CHECK(t.get_physical_core_id() == 43);
    CHECK(t.arg(1) == 0x2000);
    CHECK(t.arg(7) == 0); // never throws
    CHECK(std::get<std::int64_t>(t.param("rounds")) == 4);
    CHECK(std::get<std::int64_t>(t.param("no_such")) == 0);
    KernelContext& k = t; // as a kernel's destructor calls it
    k.dcci(0x100, SINGLE_CACHE_LINE);
    k.dsb(DSB_DDR);
    k.wait_flag(Pipe::MTE2, Pipe::V, 0);
    CHECK(k.ld<std::int32_t>(0x100) == 0);
    PollSpec spec;
    spec.target = 1;
    CHECK_NOTHROW(k.poll(spec));
    CHECK(sc_core::sc_time_stamp() == sc_core::SC_ZERO_TIME);
}

TEST_CASE("running kernels: each process reaches its own core's kernel, and while one unwinds "
          "a teardown context with that core's identity",
          "[model][running_kernels]") {
    IdentityCore a(0), b(5);
    KernelContext *seen_a = nullptr, *seen_b = nullptr, *after_leave = &a;
    sc_core::sc_spawn([&] {
        const auto* self = sc_core::sc_get_current_process_handle().get_process_object();
        RunningKernels::enter(self, &a);
        sc_core::wait(sc_core::SC_ZERO_TIME); // the other process runs between
        seen_a = running_kernel();
        try {
            teardown_test::SeenInDestructor object;
            throw std::runtime_error("a fault beside the kernel");
        } catch (const std::runtime_error&) {
        }
        RunningKernels::leave(self);
        after_leave = running_kernel();
    });
    sc_core::sc_spawn([&] {
        RunningKernels::enter(sc_core::sc_get_current_process_handle().get_process_object(), &b);
        seen_b = running_kernel();
    });
    CHECK(running_kernel() == nullptr); // no process runs
    sc_core::sc_start();
    CHECK(seen_a == &a);
    CHECK(seen_b == &b);
    KernelContext* during = teardown_test::SeenInDestructor::seen_by_last;
    REQUIRE(during != nullptr);
    CHECK(during != &a);
    CHECK(during->get_block_idx() == 0);
    CHECK(after_leave == nullptr);
}
