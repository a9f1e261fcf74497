// An AIC (cube) or AIV (vector) core: a scalar unit that runs the kernel in
// an SC_THREAD, asynchronous pipes, a posted-write buffer, a private
// non-coherent scalar data cache, and its local buffers (UB or L1). The core
// implements the intrinsics of KernelContext on top of these.
#pragma once

#include "models/core/block_work.hpp"
#include "models/core/core_activity.hpp"
#include "models/core/core_params.hpp"
#include "models/core/core_report.hpp"
#include "models/core/core_status.hpp"
#include "models/core/cross_core_sync.hpp"
#include "models/core/dma_transfer.hpp"
#include "models/core/ffts_port.hpp"
#include "models/core/gm_access_path.hpp"
#include "models/core/intra_core_flags.hpp"
#include "models/core/local_time.hpp"
#include "models/core/mmio_register.hpp"
#include "models/core/pipe_set.hpp"
#include "models/core/pipe_unit.hpp"
#include "models/core/poll_engine.hpp"
#include "models/core/write_buffer.hpp"
#include "models/ffts/ffts_hub.hpp"
#include "models/memory/gm_port.hpp"
#include "models/memory/scalar_cache.hpp"
#include "models/memory/sparse_store.hpp"
#include "models/report/round_ledger.hpp"
#include "models/systemc/simulation_time.hpp"
#include "syncsim/kernel_api.hpp"

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <systemc>
#include <tuple>
#include <vector>

namespace syncsim {

// The kernel context of the core whose kernel the running SystemC process
// is, or null (syncsim/current_kernel.hpp resolves free functions with it).
KernelContext* running_kernel();

class AiCore : public sc_core::sc_module, public KernelContext {
  public:
    // SystemC threads a core starts with: the scalar unit. Each other pipe
    // and the write buffer start theirs when work is first issued to them
    // (ThreadBudget counts them then).
    static constexpr int kThreadsPerCore = 1;

    AiCore(sc_core::sc_module_name name, const CoreConfig& config, const Clock& clock);
    ~AiCore() override;

    // The core's link to GM, bound to the interconnect by the SoC builder. One
    // GM port per requester (the scalar unit, each pipe, the write buffer)
    // shares it: each has at most one access in flight, and the L2
    // arbitrates between requesters by their slot.
    GmLink& gm_link() { return m_memory.link(); }

    // Wiring done by the SoC builder.
    void set_ub_peer(AiCore* peer) { m_pipes.set_ub_peer(&peer->m_pipes); }
    void set_tracer(CoreTraceSink* tracer) { m_activity.set_tracer(tracer); }
    void set_ffts(FftsHub* hub) { m_sync.attach(hub); }
    void set_poll_sleep(PollSleep* sleep) { m_poll.set_poll_sleep(sleep); }
    void set_round_ledger(RoundLedger* ledger) { m_activity.set_round_ledger(ledger); }
    // The registers an AICPU reaches by MMIO.
    CoreRegisters& registers() { return m_regs; }

    // Called by the task scheduler; the core must be free.
    void start_block(BlockWork work);
    // The op-execute watchdog ends the block where it stands: the core's
    // threads are killed, queued pipe work is dropped, the block's on_done is
    // not called (the scheduler accounts for it). Called from a process.
    void kill_block(const std::string& why);
    bool busy() const { return m_work.has_value() || m_pending.has_value(); }
    const CoreConfig& config() const { return m_config; }
    // As of `at` (the end of the run): a core asleep in a fast-forwarded
    // poll reports the polls it would have made by then.
    CoreReport report(const sc_core::sc_time& at) const;
    bool asleep_in_poll() const { return m_poll.asleep(); }
    // The core's own time: the kernel's, plus how far its private work ran ahead.
    sc_core::sc_time now() const { return m_time.now(); }
    // The latest time the core has reached: a core waiting from ahead of the
    // kernel is at the time it started waiting.
    sc_core::sc_time reached() const { return m_time.reached(); }
    // External agents (FFTS, notify) describe what a core waits on them for.
    void set_external_wait(CoreState state, std::function<std::string()> describe) {
        m_activity.set_external_wait(state, std::move(describe));
    }
    void clear_external_wait() { m_activity.clear_external_wait(); }

    // KernelContext
    std::int64_t get_block_idx() const override { return m_work->block_idx; }
    std::int64_t get_block_num() const override { return m_work->launch->block_num; }
    std::int64_t get_subblockid() const override { return m_work->subblockid; }
    std::int64_t get_subblockdim() const override {
        return m_config.type == CoreType::AIC ? m_work->launch->aic_subblockdim
                                              : m_work->launch->aiv_subblockdim;
    }
    CoreType core_type() const override { return m_config.type; }
    const BuildInfo& build() const override { return m_work->launch->build; }
    std::uint64_t arg(std::size_t index) const override;
    const ParamValue& param(const std::string& name) const override;

    void dcci(GmAddr addr, CacheScope scope, DcciMode mode) override;
    void dsb(DsbScope scope) override;
    void set_st_atomic_cfg(AtomicType type, AtomicOp op) override;
    void pipe_barrier(Pipe pipe) override;
    void set_flag(Pipe src, Pipe dst, int event_id) override;
    void wait_flag(Pipe src, Pipe dst, int event_id) override;
    void compute(Pipe pipe, double cycles) override;
    void scalar_work(double cycles) override;
    void copy_gm_to_ubuf(LocalAddr ub, GmAddr gm, int sid, int n_burst, int len_burst, int src_gap,
                         int dst_gap) override;
    void copy_ubuf_to_gm(GmAddr gm, LocalAddr ub, int sid, int n_burst, int len_burst, int src_gap,
                         int dst_gap) override;
    void copy_gm_to_cbuf(LocalAddr l1, GmAddr gm, int sid, int n_burst, int len_burst, int src_gap,
                         int dst_gap) override;
    void copy_cbuf_to_gm(GmAddr gm, LocalAddr l1, int sid, int n_burst, int len_burst, int src_gap,
                         int dst_gap) override;
    void copy_cbuf_to_ubuf(LocalAddr ub, LocalAddr l1, int sid, int n_burst, int len_burst,
                           int src_gap, int dst_gap) override;
    void create_cbuf_matrix(LocalAddr l1, int n_blocks, std::uint32_t value) override;
    void ffts_cross_core_sync(Pipe pipe, std::uint64_t msg) override;
    void wait_flag_dev(Pipe pipe, int flag_id) override;
    using KernelContext::wait_flag_dev;
    void set_intra_block(Pipe pipe, int id) override;
    void wait_intra_block(Pipe pipe, int id) override;
    void set_ffts_base_addr(std::uint64_t addr) override;
    PollResult poll(const PollSpec& spec) override;
    void mark_barrier_round() override;
    void mark_barrier_release() override;
    // a resident worker (ai_core_registers.cpp)
    std::int64_t get_physical_core_id() const override { return m_config.soc_core_id; }
    std::uint64_t read_reg(RegId reg) override;
    void write_reg(RegId reg, std::uint64_t value) override;
    std::uint64_t spin_while_reg(RegId reg, std::uint64_t value) override;
    void run_task(KernelFn fn, const LocalContext& task) override;

  protected:
    void load_cached(GmAddr addr, void* out, unsigned bytes) override;
    void store_cached(GmAddr addr, const void* in, unsigned bytes) override;
    void load_device(GmAddr addr, void* out, unsigned bytes) override;
    void store_device(GmAddr addr, const void* in, unsigned bytes) override;
    void store_atomic(GmAddr addr, std::int64_t value, unsigned bytes) override;
    std::int64_t fetch_add(GmAddr addr, std::int64_t value, AtomicType type) override;
    void ub_access(LocalAddr offset, void* data, unsigned bytes, bool write) override;

  private:
    // lifecycle (ai_core.cpp)
    void run();
    void finish_block();
    void enter(const char* intrinsic) { m_activity.enter(intrinsic); }

    CoreConfig m_config;
    LocalTime m_time;
    CoreActivity m_activity;
    GmAccessPath m_memory;
    PipeSet m_pipes;
    PollEngine m_poll;
    CrossCoreSync m_sync;

    const sc_core::sc_object* m_process = nullptr; // the scalar unit's thread
    CoreRegisters m_regs;

    std::optional<BlockWork> m_pending, m_work;
    sc_core::sc_event m_block_ready;
    bool m_thread_started = false;
    sc_core::sc_process_handle m_thread;
    std::string m_kernel_name;
    std::int64_t m_block_idx = -1;
    std::uint64_t m_launch_id = 0;
    sc_core::sc_time m_finished_at = sc_core::SC_ZERO_TIME;
};

} // namespace syncsim
