// What a kernel's code reaches while its core tears it down. Ending a
// block (a fault beside it, the end of a run) kills the core's thread, and
// SystemC unwinds its stack: the destructors of the kernel's objects run,
// and the vendor's call intrinsics there (pto-isa's ~TPipe drains its free
// credits with wait_flag_dev, include/pto/npu/a2a3/TPush.hpp:505-510 at
// 3186c381); a KernelFault leaving the kernel runs them too. A destructor
// may not throw and a killed process may not wait (nor should a faulted
// core's block go on), so while an exception leaves a kernel every
// intrinsic it calls reaches this context instead: it
// answers the block's identity, does nothing else, and returns at once. A
// destructor that keeps calling (a poll loop) is stopped after a bound with
// a message, rather than spinning for ever.
#pragma once

#include "syncsim/kernel_api.hpp"

#include <cstdint>

namespace syncsim {

class TeardownKernel : public KernelContext {
  public:
    // `real`: the core being torn down, asked for identity only.
    explicit TeardownKernel(KernelContext& real) : m_real(real) {}
    static constexpr std::uint64_t kCallBound = 1000000;

    std::int64_t get_block_idx() const override { return m_real.get_block_idx(); }
    std::int64_t get_block_num() const override { return m_real.get_block_num(); }
    std::int64_t get_subblockid() const override { return m_real.get_subblockid(); }
    std::int64_t get_subblockdim() const override { return m_real.get_subblockdim(); }
    CoreType core_type() const override { return m_real.core_type(); }
    const BuildInfo& build() const override { return m_real.build(); }
    // Nothing may throw here: an argument or parameter the kernel does not
    // have reads as 0.
    std::uint64_t arg(std::size_t i) const override;
    const ParamValue& param(const std::string& n) const override;
    std::int64_t get_physical_core_id() const override { return m_real.get_physical_core_id(); }

    void dcci(GmAddr, CacheScope, DcciMode) override { call(); }
    void dsb(DsbScope) override { call(); }
    void set_st_atomic_cfg(AtomicType, AtomicOp) override { call(); }
    void pipe_barrier(Pipe) override { call(); }
    void set_flag(Pipe, Pipe, int) override { call(); }
    void wait_flag(Pipe, Pipe, int) override { call(); }
    void compute(Pipe, double) override { call(); }
    void scalar_work(double) override { call(); }
    void copy_gm_to_ubuf(LocalAddr, GmAddr, int, int, int, int, int) override { call(); }
    void copy_ubuf_to_gm(GmAddr, LocalAddr, int, int, int, int, int) override { call(); }
    void copy_gm_to_cbuf(LocalAddr, GmAddr, int, int, int, int, int) override { call(); }
    void copy_cbuf_to_gm(GmAddr, LocalAddr, int, int, int, int, int) override { call(); }
    void copy_cbuf_to_ubuf(LocalAddr, LocalAddr, int, int, int, int, int) override { call(); }
    void create_cbuf_matrix(LocalAddr, int, std::uint32_t) override { call(); }
    void ffts_cross_core_sync(Pipe, std::uint64_t) override { call(); }
    void wait_flag_dev(Pipe, int) override { call(); }
    void set_intra_block(Pipe, int) override { call(); }
    void wait_intra_block(Pipe, int) override { call(); }
    void set_ffts_base_addr(std::uint64_t) override { call(); }
    PollResult poll(const PollSpec&) override {
        call();
        return {};
    }
    void mark_barrier_round() override { call(); }
    void mark_barrier_release() override { call(); }
    std::uint64_t read_reg(RegId) override { return call(); }
    void write_reg(RegId, std::uint64_t) override { call(); }
    std::uint64_t spin_while_reg(RegId, std::uint64_t value) override { return call() + ~value; }
    void run_task(void (*)(KernelContext&), const LocalContext&) override { call(); }
    void set_dma_atomic_type(AtomicType) override { call(); }
    void set_dma_atomic_op(AtomicOp) override { call(); }
    void set_dma_atomic_none() override { call(); }
    void copy_ubuf_to_gm_align_v2(GmAddr, LocalAddr, int, std::uint32_t, std::uint32_t,
                                  std::uint8_t, std::uint64_t, std::uint32_t) override {
        call();
    }
    std::uint64_t get_sys_cnt() override { return call(); }
    void stream_gm(GmAddr, std::uint64_t, double, std::uint32_t) override { call(); }
    std::uint64_t& isa_register(IsaReg) override {
        call();
        return m_register;
    }
    void vector_op(const char*, const VectorInstr&) override { call(); }
    void cube_load(const char*, const CubeLoad&) override { call(); }
    void mad(const char*, const MadInstr&) override { call(); }
    void copy_pieces(const char*, MemSpace, std::uint64_t, MemSpace, std::uint64_t,
                     std::vector<CopyPiece>) override {
        call();
    }

  protected:
    void load_cached(GmAddr, void* out, unsigned bytes) override { zero(out, bytes); }
    void store_cached(GmAddr, const void*, unsigned) override { call(); }
    void load_device(GmAddr, void* out, unsigned bytes) override { zero(out, bytes); }
    void store_device(GmAddr, const void*, unsigned) override { call(); }
    void store_atomic(GmAddr, std::int64_t, unsigned) override { call(); }
    std::int64_t fetch_add(GmAddr, std::int64_t, AtomicType) override {
        return static_cast<std::int64_t>(call());
    }
    void ub_access(LocalAddr, void* data, unsigned bytes, bool write) override {
        if (!write)
            zero(data, bytes);
        else
            call();
    }

  private:
    // Counts a call; returns 0, what every value read here is.
    std::uint64_t call();
    void zero(void* out, unsigned bytes);

    KernelContext& m_real;
    std::uint64_t m_calls = 0;
    std::uint64_t m_register = 0;
};

} // namespace syncsim
