// The intrinsics a kernel calls, named as in PTO / CCE. A kernel sees only
// this interface; the core model implements it, so software never reaches
// into hardware state. Every call costs modelled time.
#pragma once

#include "syncsim/core_types.hpp"
#include "syncsim/local_isa.hpp"
#include "syncsim/slot_iteration.hpp"

#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace syncsim {

// A poll loop described as data, so the core knows the address, the target
// and the limit it waits for (for diagnosis, and so the model can account
// polls without changing their meaning).
// Dev: ld_dev; AtomicAddZero: atomicAdd(c, 0); CachedAfterDcci: dcci then a
// cached load; Cached: a plain cached load, which never sees another core's
// store once the line is resident. Slots: a soft barrier's loop over per-core
// slots, each iteration the steps of the poll's `iteration`
// (slot_iteration.hpp); an AIV's, since it scans UB with scalar loads.
enum class PollLoad { Dev, AtomicAddZero, CachedAfterDcci, Cached, Slots };

enum class Cmp { Less, LessEqual, Equal, NotEqual, GreaterEqual, Greater };
inline const char* to_string(Cmp c) {
    static const char* const names[] = {"<", "<=", "==", "!=", ">=", ">"};
    return names[static_cast<int>(c)];
}
inline bool compare(std::int64_t value, Cmp cmp, std::int64_t target) {
    switch (cmp) {
    case Cmp::Less:
        return value < target;
    case Cmp::LessEqual:
        return value <= target;
    case Cmp::Equal:
        return value == target;
    case Cmp::NotEqual:
        return value != target;
    case Cmp::GreaterEqual:
        return value >= target;
    case Cmp::Greater:
        return value > target;
    }
    return false;
}

struct PollSpec {
    GmAddr addr = 0;
    PollLoad load = PollLoad::Dev;
    AtomicType type = AtomicType::S32;
    Cmp until = Cmp::GreaterEqual; // stop when value `until` target
    std::int64_t target = 0;
    std::uint64_t max_polls = 0;     // 0 = no limit
    std::uint64_t barrier_every = 0; // pipe_barrier(PIPE_ALL) every N polls, 0 = never
    // pipe_barrier(PIPE_ALL) before every poll once this many have failed,
    // 0 = never (pto-isa 83d01313's backoff; not with barrier_every).
    std::uint64_t barrier_after = 0;
    // Slots: the first slot's word is at `addr`, the others `slot_bytes`
    // apart (a multiple of 32, the DMA block), read into UB at `ub`; what
    // ends the loop is the iteration's scan.
    std::int64_t slots = 1;
    std::uint64_t slot_bytes = 32;
    LocalAddr ub = 0;
    SlotIteration iteration;
    // What the poll is for, as its caller sees it, for the diagnosis and the
    // result (e.g. the soft barrier's N, as this core computed it).
    std::string context;
    // A barrier's participant count N, as this core computed it (0: the poll
    // is not a barrier's): the diagnosis shows each side's N.
    std::int64_t participants = 0;
};

// An AICore's registers that an AICPU reaches by MMIO (simpler's platform
// layer names them): DATA_MAIN_BASE carries work to the core, COND its
// answers back.
enum class RegId : std::uint8_t { DATA_MAIN_BASE, COND };

// What a task dispatched to a resident worker is, as its kernel sees it:
// simpler's LocalContext (its block among the task's blocks) and the task's
// arguments. `task_id` is device-wide: the task's rounds in the result.
struct LocalContext {
    std::string name; // the task as reports name it
    std::int64_t block_idx = 0, block_num = 1;
    std::vector<std::uint64_t> args;
    std::uint64_t task_id = 0;
};

struct PollResult {
    std::int64_t value = 0;
    std::uint64_t polls = 0;
    bool timed_out = false;
};

class KernelContext {
  public:
    virtual ~KernelContext() = default;

    // --- identity of this block on this core
    virtual std::int64_t get_block_idx() const = 0;
    virtual std::int64_t get_block_num() const = 0;
    virtual std::int64_t get_subblockid() const = 0;
    virtual std::int64_t get_subblockdim() const = 0;
    virtual CoreType core_type() const = 0;
    virtual const BuildInfo& build() const = 0;
    bool has(Feature f) const { return build().has(f); }
    virtual std::uint64_t arg(std::size_t index) const = 0;
    virtual const ParamValue& param(const std::string& name) const = 0;
    std::int64_t param_int(const std::string& name) const {
        return std::get<std::int64_t>(param(name));
    }
    bool param_bool(const std::string& name) const { return std::get<bool>(param(name)); }

    // --- scalar GM access through the non-coherent data cache
    template <typename T>
    T ld(GmAddr addr) {
        T v;
        load_cached(addr, &v, sizeof(T));
        return v;
    }
    template <typename T>
    void st(GmAddr addr, T value) {
        store_cached(addr, &value, sizeof(T));
    }
    // Uncached device access (bypasses the data cache).
    template <typename T>
    T ld_dev(GmAddr addr, std::int64_t offset = 0) {
        T v;
        load_device(addr + offset * sizeof(T), &v, sizeof(T));
        return v;
    }
    template <typename T>
    void st_dev(T value, GmAddr addr, std::int64_t offset = 0) {
        store_device(addr + offset * sizeof(T), &value, sizeof(T));
    }
    virtual void dcci(GmAddr addr, CacheScope scope, DcciMode mode = DcciMode::CleanInvalidate) = 0;
    virtual void dsb(DsbScope scope = DSB_DDR) = 0;

    // --- atomics: A2/A3 fire-and-forget st_atomic, A5 returning atomicAdd
    virtual void set_st_atomic_cfg(AtomicType type, AtomicOp op) = 0;
    template <typename T>
    void st_atomic(T value, GmAddr addr) {
        store_atomic(addr, static_cast<std::int64_t>(value), sizeof(T));
    }
    template <typename T>
    T atomicAdd(GmAddr addr, T value) {
        return static_cast<T>(fetch_add(addr, static_cast<std::int64_t>(value), type_of<T>()));
    }

    // --- pipes and intra-core flags
    virtual void pipe_barrier(Pipe pipe) = 0;
    virtual void set_flag(Pipe src, Pipe dst, int event_id) = 0;
    virtual void wait_flag(Pipe src, Pipe dst, int event_id) = 0;
    virtual void compute(Pipe pipe, double cycles) = 0; // issued, runs on the pipe
    virtual void scalar_work(double cycles) = 0;        // blocks the scalar unit

    // --- DMA (MTE); burst length and gaps in 32-byte units
    virtual void copy_gm_to_ubuf(LocalAddr ub, GmAddr gm, int sid, int n_burst, int len_burst,
                                 int src_gap, int dst_gap) = 0;
    virtual void copy_ubuf_to_gm(GmAddr gm, LocalAddr ub, int sid, int n_burst, int len_burst,
                                 int src_gap, int dst_gap) = 0;
    virtual void copy_gm_to_cbuf(LocalAddr l1, GmAddr gm, int sid, int n_burst, int len_burst,
                                 int src_gap, int dst_gap) = 0;
    virtual void copy_cbuf_to_gm(GmAddr gm, LocalAddr l1, int sid, int n_burst, int len_burst,
                                 int src_gap, int dst_gap) = 0;
    virtual void copy_cbuf_to_ubuf(LocalAddr ub, LocalAddr l1, int sid, int n_burst, int len_burst,
                                   int src_gap, int dst_gap) = 0;
    virtual void create_cbuf_matrix(LocalAddr l1, int n_blocks, std::uint32_t value) = 0;

    // --- scalar access to this core's unified buffer (AIV)
    template <typename T>
    T ub_ld(LocalAddr offset) {
        T v;
        ub_access(offset, &v, sizeof(T), false);
        return v;
    }
    template <typename T>
    void ub_st(LocalAddr offset, T value) {
        ub_access(offset, &value, sizeof(T), true);
    }

    // --- cross-core flags (FFTS); pipe = the trigger pipe of a set, the
    // stalled pipe of a wait. The one-argument wait_flag_dev is the A2/A3
    // form, which stalls the whole scalar unit.
    virtual void ffts_cross_core_sync(Pipe pipe, std::uint64_t msg) = 0;
    virtual void wait_flag_dev(Pipe pipe, int flag_id) = 0;
    void wait_flag_dev(int flag_id) { wait_flag_dev(Pipe::S, flag_id); }
    virtual void set_intra_block(Pipe pipe, int id) = 0;
    virtual void wait_intra_block(Pipe pipe, int id) = 0;
    virtual void set_ffts_base_addr(std::uint64_t addr) = 0;

    // --- a poll loop the core knows the target of
    virtual PollResult poll(const PollSpec& spec) = 0;

    // --- tracing aid: the software marks where it enters a barrier round and
    // where it leaves it, for the per-round report and the VCD
    virtual void mark_barrier_round() = 0;
    virtual void mark_barrier_release() = 0;

    // --- a resident worker (simpler's AICore executor)
    // The core's SoC id, what an AICPU addresses its registers by.
    virtual std::int64_t get_physical_core_id() const = 0;
    virtual std::uint64_t read_reg(RegId reg) = 0;
    virtual void write_reg(RegId reg, std::uint64_t value) = 0;
    // `while (read_reg(reg) == value) SPIN_WAIT_HINT();` as one call: the
    // core sleeps until the register can read otherwise, then reads it once.
    virtual std::uint64_t spin_while_reg(RegId reg, std::uint64_t value) = 0;
    // Runs `fn` as one block of a dispatched task: get_block_idx(),
    // get_block_num() and arg() answer from `task` (subblock 0 of 1) until it
    // returns; a fault ends the worker as it would the task.
    virtual void run_task(void (*fn)(KernelContext&), const LocalContext& task) = 0;

  protected:
    virtual void load_cached(GmAddr addr, void* out, unsigned bytes) = 0;
    virtual void store_cached(GmAddr addr, const void* in, unsigned bytes) = 0;
    virtual void load_device(GmAddr addr, void* out, unsigned bytes) = 0;
    virtual void store_device(GmAddr addr, const void* in, unsigned bytes) = 0;
    virtual void store_atomic(GmAddr addr, std::int64_t value, unsigned bytes) = 0;
    virtual std::int64_t fetch_add(GmAddr addr, std::int64_t value, AtomicType type) = 0;
    virtual void ub_access(LocalAddr offset, void* data, unsigned bytes, bool write) = 0;

    template <typename T>
    static constexpr AtomicType type_of() {
        static_assert(std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                      "atomics take 32- or 64-bit integers");
        if constexpr (sizeof(T) == 4)
            return std::is_signed_v<T> ? AtomicType::S32 : AtomicType::U32;
        else
            return std::is_signed_v<T> ? AtomicType::S64 : AtomicType::U64;
    }

  public:
    // Scalar accesses of a size known only when the program runs, for the
    // accesses syncsim's pass instruments (sdk/runtime): the same paths as
    // ld<T>, st<T>, ub_ld<T>, ub_st<T>.
    void load_bytes(GmAddr addr, void* out, unsigned bytes) { load_cached(addr, out, bytes); }
    void store_bytes(GmAddr addr, const void* in, unsigned bytes) { store_cached(addr, in, bytes); }
    void ub_bytes(LocalAddr offset, void* data, unsigned bytes, bool write) {
        ub_access(offset, data, bytes, write);
    }

    // --- the MTE3's atomic store mode (set_atomic_s32, set_atomic_add /
    // max / min, set_atomic_none; pto-isa tstore_common.hpp SetAtomicAdd,
    // MSCATTER.md): while an operation is set, every DMA copy MTE3 makes to
    // GM combines each element with GM's at the L2, atomically, instead of
    // overwriting it. It is a register the MTE3 reads as each burst
    // executes, not when the copy is issued: clearing it before the pipe has
    // drained (no MTE3 -> S wait) turns a queued accumulating copy into a
    // plain one. Each block starts with it clear; only s32 elements are
    // modelled (another type faults). Declared last: the plugin ABI keeps its
    // earlier entries where they were.
    virtual void set_dma_atomic_type(AtomicType type) = 0; // set_atomic_s32
    virtual void set_dma_atomic_op(AtomicOp op) = 0;       // set_atomic_add / max / min
    virtual void set_dma_atomic_none() = 0;                // set_atomic_none

    // --- the A5's byte-granular UB -> GM copy (copy_ubuf_to_gm_align_v2;
    // pto-isa 3186c381 include/pto/common/arch_cce_intrinsic.hpp:285-292,
    // npu/a5/TStore.hpp:227-229): n_burst bursts of len_burst BYTES, each
    // dst_stride / src_stride bytes after the last (start to start); the L2
    // cache control is accepted and not modelled. On MTE3, like
    // copy_ubuf_to_gm.
    virtual void copy_ubuf_to_gm_align_v2(GmAddr gm, LocalAddr ub, int sid, std::uint32_t n_burst,
                                          std::uint32_t len_burst, std::uint8_t l2_cache_ctl,
                                          std::uint64_t dst_stride, std::uint32_t src_stride) = 0;

    // --- where the next scalar GM access is in the kernel's source: the
    // "file:line" the instrumenting pass records (sdk/runtime), which the
    // race detector names; it must live as long as the plugin. Optional
    // (the model ignores it unless it checks races). Declared last: the
    // plugin ABI keeps its earlier entries where they were.
    virtual void set_access_site(const char* site) { (void)site; }

    // --- the system counter, as get_sys_cnt reads it: ticks of the device's
    // counter (50 MHz on A2/A3, 1 GHz on A5: hw-native-sys/simpler 6ebaf771
    // src/a2a3/platform/include/common/platform_config.h:216,
    // src/a5/.../platform_config.h:242), the one the AICPU's cntvct reads
    // too. One scalar instruction at the core's own time; a figure a kernel
    // times with it is quantised to the tick, as on the device. Declared
    // last: the plugin ABI keeps its earlier entries where they were.
    virtual std::uint64_t get_sys_cnt() = 0;

    // --- co-running bulk traffic: the MTE2 reads `bytes` of GM from `addr`
    // at `bytes_per_cycle` in DMA bursts of `burst_bytes`, as background load
    // on the L2 and the way to HBM of the address (a share of their bandwidth
    // for bytes / bytes_per_cycle cycles, while the pipe is busy), not
    // request by request and without moving data: what a co-running
    // operator's streaming does to everyone else's requests. Declared last
    // (plugin ABI).
    virtual void stream_gm(GmAddr addr, std::uint64_t bytes, double bytes_per_cycle,
                           std::uint32_t burst_bytes) = 0;

    // --- instructions on the local buffers (syncsim/local_isa.hpp), named
    // `what` in faults and traces. A copy of pieces runs on the pipe that
    // carries its direction (MTE2 into a core, MTE3 out of a UB or L1, FIX
    // out of L0C, MTE1 between local buffers). Declared last (plugin ABI).
    virtual std::uint64_t& isa_register(IsaReg reg) = 0;
    virtual void vector_op(const char* what, const VectorInstr& in) = 0;
    virtual void cube_load(const char* what, const CubeLoad& in) = 0;
    virtual void mad(const char* what, const MadInstr& in) = 0;
    virtual void copy_pieces(const char* what, MemSpace dst_space, std::uint64_t dst,
                             MemSpace src_space, std::uint64_t src,
                             std::vector<CopyPiece> pieces) = 0;
};

using KernelFn = void (*)(KernelContext&);

} // namespace syncsim
