// An AIC (cube) or AIV (vector) core: a scalar unit that runs the kernel in
// an SC_THREAD, and the units it is built from, each owning its state: its
// local time and activity, its way to GM (scalar cache, write buffer),
// its pipes and local buffers, its poll loops, its cross-core sync and its
// registers. The core is the KernelContext a kernel calls: it runs blocks
// and forwards each intrinsic to the unit that does it.
#pragma once

#include "models/core/block_slot.hpp"
#include "models/core/block_work.hpp"
#include "models/core/core_activity.hpp"
#include "models/core/core_params.hpp"
#include "models/core/core_report.hpp"
#include "models/core/cross_core_sync.hpp"
#include "models/core/gm_access_path.hpp"
#include "models/core/local_isa.hpp"
#include "models/core/local_time.hpp"
#include "models/core/pipe_set.hpp"
#include "models/core/poll_engine.hpp"
#include "models/core/register_port.hpp"
#include "models/core/running_kernel.hpp"
#include "models/systemc/simulation_time.hpp"
#include "syncsim/kernel_api.hpp"

#include <functional>
#include <optional>
#include <string>
#include <systemc>

namespace syncsim {

class AiCore : public sc_core::sc_module, public KernelContext {
  public:
    // SystemC threads a core starts with: the scalar unit. Each pipe and the
    // write buffer start theirs when first used (ThreadBudget counts them).
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
    // What its scalar cache reports stale reads with (gm_access_path.hpp).
    void set_gm_diagnosis(const GmDiagnosis& diagnosis) { m_memory.set_diagnosis(diagnosis); }
    // The race detector this core is agent `agent` of (its SoC id); null: none.
    void set_race_detector(RaceDetector* detector) {
        m_memory.races().detector = detector;
        m_memory.races().agent = m_config.soc_core_id;
        m_block.set_races(&m_memory.races());
        m_registers.set_races(&m_memory.races());
    }
    // The registers an AICPU reaches by MMIO.
    CoreRegisters& registers() { return m_registers.registers(); }

    // Called by the task scheduler; the core must be free.
    void start_block(BlockWork work);
    // The op-execute watchdog ends the block where it stands: the core's
    // threads are killed, queued pipe work is dropped, the block's on_done is
    // not called (the scheduler accounts for it). Called from a process.
    void kill_block(const std::string& why);
    bool busy() const { return m_block.busy(); }
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
    std::int64_t get_block_idx() const override { return m_block.work().block_idx; }
    std::int64_t get_block_num() const override { return m_block.work().launch->block_num; }
    std::int64_t get_subblockid() const override { return m_block.work().subblockid; }
    std::int64_t get_subblockdim() const override {
        return m_config.type == CoreType::AIC ? m_block.work().launch->aic_subblockdim
                                              : m_block.work().launch->aiv_subblockdim;
    }
    CoreType core_type() const override { return m_config.type; }
    const BuildInfo& build() const override { return m_block.work().launch->build; }
    std::uint64_t arg(std::size_t index) const override;
    const ParamValue& param(const std::string& name) const override;

    // Each intrinsic is its unit's: the unit counts it and does it.
    void dcci(GmAddr a, CacheScope s, DcciMode m) override { m_memory.dcci(a, s, m); }
    void dsb(DsbScope) override { m_memory.dsb(); }
    void set_st_atomic_cfg(AtomicType t, AtomicOp o) override { m_memory.set_st_atomic_cfg(t, o); }
    void set_dma_atomic_type(AtomicType t) override {
        m_memory.set_dma_atomic("set_atomic_type", t);
    }
    void set_dma_atomic_op(AtomicOp op) override { m_memory.set_dma_atomic("set_atomic_op", op); }
    void set_dma_atomic_none() override {
        m_memory.set_dma_atomic("set_atomic_none", std::nullopt);
    }
    void pipe_barrier(Pipe pipe) override { m_pipes.barrier(pipe); }
    void set_flag(Pipe src, Pipe dst, int id) override { m_pipes.set_flag(src, dst, id); }
    void wait_flag(Pipe src, Pipe dst, int id) override { m_pipes.wait_flag(src, dst, id); }
    void compute(Pipe pipe, double cycles) override;
    void scalar_work(double cycles) override;
    void copy_gm_to_ubuf(LocalAddr ub, GmAddr gm, int, int n_burst, int len_burst, int src_gap,
                         int dst_gap) override {
        m_pipes.dma("copy_gm_to_ubuf", kDmaRoutes.gm_to_ub, Space::Ub, ub, Space::Gm, gm, n_burst,
                    len_burst, src_gap, dst_gap);
    }
    void copy_ubuf_to_gm(GmAddr gm, LocalAddr ub, int, int n_burst, int len_burst, int src_gap,
                         int dst_gap) override {
        m_pipes.dma("copy_ubuf_to_gm", kDmaRoutes.ub_to_gm, Space::Gm, gm, Space::Ub, ub, n_burst,
                    len_burst, src_gap, dst_gap);
    }
    void copy_gm_to_cbuf(LocalAddr l1, GmAddr gm, int, int n_burst, int len_burst, int src_gap,
                         int dst_gap) override {
        m_pipes.dma("copy_gm_to_cbuf", kDmaRoutes.gm_to_l1, Space::L1, l1, Space::Gm, gm, n_burst,
                    len_burst, src_gap, dst_gap);
    }
    void copy_ubuf_to_gm_align_v2(GmAddr gm, LocalAddr ub, int, std::uint32_t n_burst,
                                  std::uint32_t len_burst, std::uint8_t, std::uint64_t dst_stride,
                                  std::uint32_t src_stride) override {
        m_isa.copy_ubuf_to_gm_align_v2(gm, ub, n_burst, len_burst, dst_stride, src_stride);
    }
    void copy_cbuf_to_gm(GmAddr gm, LocalAddr l1, int, int n_burst, int len_burst, int src_gap,
                         int dst_gap) override {
        m_pipes.dma("copy_cbuf_to_gm", kDmaRoutes.l1_to_gm, Space::Gm, gm, Space::L1, l1, n_burst,
                    len_burst, src_gap, dst_gap);
    }
    void copy_cbuf_to_ubuf(LocalAddr ub, LocalAddr l1, int, int n_burst, int len_burst, int src_gap,
                           int dst_gap) override {
        m_pipes.dma("copy_cbuf_to_ubuf", kDmaRoutes.l1_to_ub, Space::Ub, ub, Space::L1, l1, n_burst,
                    len_burst, src_gap, dst_gap);
    }
    void create_cbuf_matrix(LocalAddr l1, int n_blocks, std::uint32_t value) override {
        m_pipes.create_cbuf_matrix(l1, n_blocks, value);
    }
    std::uint64_t& isa_register(IsaReg reg) override { return m_isa.reg(reg); }
    void vector_op(const char* what, const VectorInstr& in) override { m_isa.vector(what, in); }
    void cube_load(const char* what, const CubeLoad& in) override { m_isa.cube_load(what, in); }
    void mad(const char* what, const MadInstr& in) override { m_isa.mad(what, in); }
    void copy_pieces(const char* what, MemSpace dst_space, std::uint64_t dst, MemSpace src_space,
                     std::uint64_t src, std::vector<CopyPiece> pieces) override {
        m_isa.copy(what, dst_space, dst, src_space, src, std::move(pieces));
    }
    void ffts_cross_core_sync(Pipe pipe, std::uint64_t msg) override {
        m_sync.send(pipe, msg, message_release());
    }
    void wait_flag_dev(Pipe pipe, int flag_id) override {
        m_sync.wait(pipe, FlagSpace::Ffts, flag_id, "wait_flag_dev");
        flag_taken(FlagSpace::Ffts, flag_id);
    }
    using KernelContext::wait_flag_dev;
    void set_intra_block(Pipe pipe, int id) override {
        m_sync.set_intra_block(pipe, id, message_release());
    }
    void wait_intra_block(Pipe pipe, int id) override;
    void set_ffts_base_addr(std::uint64_t addr) override { m_sync.set_base_address(addr); }
    PollResult poll(const PollSpec& spec) override;
    void mark_barrier_round() override { m_activity.mark_round(); }
    void mark_barrier_release() override { m_activity.mark_release(); }
    // a resident worker (ai_core_registers.cpp)
    std::int64_t get_physical_core_id() const override { return m_config.soc_core_id; }
    std::uint64_t read_reg(RegId reg) override { return m_registers.read(reg); }
    void write_reg(RegId reg, std::uint64_t v) override { m_registers.write(reg, v); }
    std::uint64_t spin_while_reg(RegId reg, std::uint64_t v) override {
        return m_registers.spin_while(reg, v);
    }
    void run_task(KernelFn fn, const LocalContext& task) override;

    void set_access_site(const char* site) override { m_memory.races().site = site; }
    void stream_gm(GmAddr addr, std::uint64_t bytes, double rate, std::uint32_t burst) override {
        m_pipes.stream_gm(addr, bytes, rate, burst);
    }
    std::uint64_t get_sys_cnt() override { return m_registers.sys_count(); }

  protected:
    void load_cached(GmAddr a, void* out, unsigned n) override { m_memory.load_cached(a, out, n); }
    void store_cached(GmAddr a, const void* in, unsigned n) override {
        m_memory.store_cached(a, in, n);
    }
    void load_device(GmAddr a, void* out, unsigned n) override { m_memory.load_device(a, out, n); }
    void store_device(GmAddr a, const void* in, unsigned n) override {
        m_memory.store_device(a, in, n);
    }
    void store_atomic(GmAddr a, std::int64_t v, unsigned n) override {
        m_memory.store_atomic(a, v, n);
    }
    std::int64_t fetch_add(GmAddr a, std::int64_t v, AtomicType t) override {
        return m_memory.fetch_add(a, v, t);
    }
    void ub_access(LocalAddr offset, void* data, unsigned bytes, bool write) override {
        m_pipes.ub_access(offset, data, bytes, write);
    }

  private:
    using Space = PipeSet::Space;
    // lifecycle (ai_core.cpp)
    void run();
    void finish_block();
    void enter(const char* intrinsic) { m_activity.enter(intrinsic); }
    // A cross-core message leaves: what the core did so far is what it
    // releases, carried with the message (the race detector;
    // ai_core_races.cpp). Empty while the detector is off.
    Release message_release() {
        CoreRaces& r = m_memory.races();
        return r.on() ? r.detector->release(r.agent) : Release{};
    }
    // A wait took a count from the flag: the core learns what the messages
    // that set it released.
    void flag_taken(FlagSpace space, int id) {
        CoreRaces& r = m_memory.races();
        if (r.on())
            r.detector->acquire_from(r.agent,
                                     RaceDetector::flag_key(r.agent, static_cast<int>(space), id));
    }

    CoreConfig m_config;
    LocalTime m_time;
    CoreActivity m_activity;
    BlockSlot m_block;
    GmAccessPath m_memory;
    PipeSet m_pipes;
    LocalIsa m_isa;
    PollEngine m_poll;
    CrossCoreSync m_sync;

    const sc_core::sc_object* m_process = nullptr; // the scalar unit's thread
    RegisterPort m_registers;

    sc_core::sc_event m_block_ready;
    bool m_thread_started = false;
    sc_core::sc_process_handle m_thread;
};

} // namespace syncsim
