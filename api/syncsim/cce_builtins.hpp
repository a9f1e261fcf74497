// The vendor compiler's builtins for kernel code: the free functions of CCE
// / PTO kernels (get_block_idx(), pipe_barrier(PIPE_ALL),
// set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0), dcci(p, SINGLE_CACHE_LINE), ...)
// and their constants, in the global namespace, where the vendor's
// compiler has them. Every call goes to the core whose kernel is running
// (syncsim/current_kernel.hpp) and is exactly the KernelContext intrinsic
// of the same name: the two spellings cannot drift apart. What exists only
// in the simulator (poll descriptions, round marks) stays on
// syncsim::current_kernel(). Nothing here is a name the vendor's libraries
// define (SYNCALL, getFFTSMsg, GlobalTensor ...): syncsim_add_kernel
// force-includes this header, as the vendor's compiler provides its
// builtins, and a pto-isa checkout compiles beside it.
#pragma once

#include "syncsim/fault.hpp"
#include "syncsim/kernel_pointers.hpp"

#include <cstdint>
#include <type_traits>

// ---- pipes, events, cache and barrier scopes, atomics
using pipe_t = syncsim::Pipe;
constexpr pipe_t PIPE_S = syncsim::Pipe::S;
constexpr pipe_t PIPE_V = syncsim::Pipe::V;
constexpr pipe_t PIPE_M = syncsim::Pipe::M;
constexpr pipe_t PIPE_MTE1 = syncsim::Pipe::MTE1;
constexpr pipe_t PIPE_MTE2 = syncsim::Pipe::MTE2;
constexpr pipe_t PIPE_MTE3 = syncsim::Pipe::MTE3;
constexpr pipe_t PIPE_FIX = syncsim::Pipe::FIX;
constexpr pipe_t PIPE_ALL = syncsim::Pipe::ALL;
using event_t = int;
constexpr event_t EVENT_ID0 = 0, EVENT_ID1 = 1, EVENT_ID2 = 2, EVENT_ID3 = 3, EVENT_ID4 = 4,
                  EVENT_ID5 = 5, EVENT_ID6 = 6, EVENT_ID7 = 7;
using cache_line_t = syncsim::CacheScope;
constexpr cache_line_t SINGLE_CACHE_LINE = syncsim::SINGLE_CACHE_LINE;
constexpr cache_line_t ENTIRE_DATA_CACHE = syncsim::ENTIRE_DATA_CACHE;
using dcci_dst_t = syncsim::DcciMode; // what dcci does to the line(s)
constexpr dcci_dst_t CACHELINE_CLEAN_INVALIDATE = syncsim::DcciMode::CleanInvalidate;
constexpr dcci_dst_t CACHELINE_CLEAN = syncsim::DcciMode::CleanOnly;
constexpr dcci_dst_t CACHELINE_INVALIDATE = syncsim::DcciMode::InvalidateOnly;
using mem_dsb_t = syncsim::DsbScope;
constexpr mem_dsb_t DSB_ALL = syncsim::DSB_ALL;
constexpr mem_dsb_t DSB_DDR = syncsim::DSB_DDR;
constexpr mem_dsb_t DSB_UB = syncsim::DSB_UB;
// set_st_atomic_cfg's element type; A5's headers also name ATOMIC_NONE
// (pto/npu/a5/TStore.hpp), which no modelled store takes. The numbering is
// syncsim's.
enum atomic_type_t : int { ATOMIC_NONE, ATOMIC_S32, ATOMIC_U32, ATOMIC_S64, ATOMIC_U64 };
using atomic_op_t = syncsim::AtomicOp;
constexpr atomic_op_t ATOMIC_SUM = syncsim::AtomicOp::Sum, ATOMIC_MAX = syncsim::AtomicOp::Max,
                      ATOMIC_MIN = syncsim::AtomicOp::Min, ATOMIC_AND = syncsim::AtomicOp::And,
                      ATOMIC_OR = syncsim::AtomicOp::Or, ATOMIC_XOR = syncsim::AtomicOp::Xor,
                      ATOMIC_EXCHANGE = syncsim::AtomicOp::Exchange;

// ---- identity
// pto-isa declares `uint32_t get_block_idx();` itself (a2a3/grid_intrinsic.hpp:49
// at 3186c381 and 83d01313), so a kernel built with clang beside the vendor's
// headers gets that return type; the g++ path keeps CCE's int64_t.
#if defined(SYNCSIM_INSTRUMENTED)
inline std::uint32_t get_block_idx() {
    return static_cast<std::uint32_t>(syncsim::current_kernel().get_block_idx());
}
#else
inline std::int64_t get_block_idx() {
    return syncsim::current_kernel().get_block_idx();
}
#endif
inline std::int64_t get_block_num() {
    return syncsim::current_kernel().get_block_num();
}
inline std::int64_t get_subblockid() {
    return syncsim::current_kernel().get_subblockid();
}
inline std::int64_t get_subblockdim() {
    return syncsim::current_kernel().get_subblockdim();
}
// The device's system counter (KernelContext::get_sys_cnt: its ticks).
inline std::uint64_t get_sys_cnt() {
    return syncsim::current_kernel().get_sys_cnt();
}
// The vendor compiler's builtin variables `block_idx` and `block_num` (the
// vendor's A2/A3 tests read them): one object for every core, whose value
// is the running core's, read where it is used.
namespace syncsim::detail {
struct RunningCoreValue {
    std::int64_t (*read)();
    operator std::int64_t() const { return read(); }
};
} // namespace syncsim::detail
inline constexpr syncsim::detail::RunningCoreValue block_idx{
    [] { return static_cast<std::int64_t>(get_block_idx()); }};
inline constexpr syncsim::detail::RunningCoreValue block_num{get_block_num};

// ---- pipes and intra-core flags
inline void pipe_barrier(pipe_t pipe) {
    syncsim::current_kernel().pipe_barrier(pipe);
}
inline void set_flag(pipe_t src, pipe_t dst, event_t id) {
    syncsim::current_kernel().set_flag(src, dst, id);
}
inline void wait_flag(pipe_t src, pipe_t dst, event_t id) {
    syncsim::current_kernel().wait_flag(src, dst, id);
}

// ---- the scalar cache and global memory
template <typename GmPointer>
void dcci(GmPointer p, cache_line_t scope, dcci_dst_t what = CACHELINE_CLEAN_INVALIDATE) {
    syncsim::current_kernel().dcci(syncsim::kernel_ptr::address(p), scope, what);
}
inline void dsb(mem_dsb_t scope) {
    syncsim::current_kernel().dsb(scope);
}
// (Each with a value type T comes twice in the instrumented build: for
// `__gm__ T*` and for gm_ptr<T>.) A store takes T from the pointer alone and
// converts the value to it, as the vendor's overloads per type do
// (`st_dev(uint16_t_message, gm_uint64_ptr, 0)` stores 64 bits).
namespace syncsim::detail {
template <typename T>
struct pointee_value {
    using type = T;
};
} // namespace syncsim::detail
#define SYNCSIM_GM_VALUE_INTRINSICS(GM_POINTER)                                                    \
    template <typename T>                                                                          \
    T ld_dev(GM_POINTER p, std::int64_t offset = 0) {                                              \
        return syncsim::current_kernel().ld_dev<T>(syncsim::kernel_ptr::address(p), offset);       \
    }                                                                                              \
    template <typename T>                                                                          \
    void st_dev(typename syncsim::detail::pointee_value<T>::type value, GM_POINTER p,              \
                std::int64_t offset = 0) {                                                         \
        syncsim::current_kernel().st_dev<T>(value, syncsim::kernel_ptr::address(p), offset);       \
    }                                                                                              \
    template <typename T>                                                                          \
    void st_atomic(typename syncsim::detail::pointee_value<T>::type value, GM_POINTER p) {         \
        syncsim::current_kernel().st_atomic<T>(value, syncsim::kernel_ptr::address(p));            \
    }                                                                                              \
    template <typename T>                                                                          \
    T atomicAdd(GM_POINTER p, T value) {                                                           \
        return syncsim::current_kernel().atomicAdd<T>(syncsim::kernel_ptr::address(p), value);     \
    }
SYNCSIM_GM_VALUE_INTRINSICS(gm_ptr<T>)
#if defined(SYNCSIM_INSTRUMENTED)
SYNCSIM_GM_VALUE_INTRINSICS(__gm__ T*)
#endif
#undef SYNCSIM_GM_VALUE_INTRINSICS

// ---- atomics
inline void set_st_atomic_cfg(atomic_type_t type, atomic_op_t op) {
    constexpr syncsim::AtomicType types[] = {syncsim::AtomicType::S32, syncsim::AtomicType::S32,
                                             syncsim::AtomicType::U32, syncsim::AtomicType::S64,
                                             syncsim::AtomicType::U64};
    if (type <= ATOMIC_NONE || type > ATOMIC_U64)
        throw syncsim::KernelFault("set_st_atomic_cfg: the element type must be ATOMIC_S32, "
                                   "ATOMIC_U32, ATOMIC_S64 or ATOMIC_U64");
    syncsim::current_kernel().set_st_atomic_cfg(types[type], op);
}
// The MTE3's atomic store mode (KernelContext::set_dma_atomic_*): int32
// elements; add, max or min; none restores plain copies.
inline void set_atomic_s32() {
    syncsim::current_kernel().set_dma_atomic_type(syncsim::AtomicType::S32);
}
inline void set_atomic_add() {
    syncsim::current_kernel().set_dma_atomic_op(syncsim::AtomicOp::Sum);
}
inline void set_atomic_max() {
    syncsim::current_kernel().set_dma_atomic_op(syncsim::AtomicOp::Max);
}
inline void set_atomic_min() {
    syncsim::current_kernel().set_dma_atomic_op(syncsim::AtomicOp::Min);
}
inline void set_atomic_none() {
    syncsim::current_kernel().set_dma_atomic_none();
}

// ---- DMA (burst lengths and gaps in 32-byte units). A local buffer is a
// `__ubuf__`/`__cbuf__` pointer, a ub_ptr, or an offset.
#define SYNCSIM_DMA_INTRINSIC(NAME, DST, SRC, DST_ARG, SRC_ARG)                                    \
    template <typename Dst, typename Src>                                                          \
    void NAME(Dst dst, Src src, int sid, int n_burst, int len_burst, int src_gap, int dst_gap) {   \
        syncsim::current_kernel().NAME(syncsim::kernel_ptr::DST_ARG(dst),                          \
                                       syncsim::kernel_ptr::SRC_ARG(src), sid, n_burst, len_burst, \
                                       src_gap, dst_gap);                                          \
    }
SYNCSIM_DMA_INTRINSIC(copy_gm_to_ubuf, ub, gm, offset, address)
SYNCSIM_DMA_INTRINSIC(copy_ubuf_to_gm, gm, ub, address, offset)
SYNCSIM_DMA_INTRINSIC(copy_gm_to_cbuf, l1, gm, offset, address)
SYNCSIM_DMA_INTRINSIC(copy_cbuf_to_gm, gm, l1, address, offset)
SYNCSIM_DMA_INTRINSIC(copy_cbuf_to_ubuf, ub, l1, offset, offset)
#undef SYNCSIM_DMA_INTRINSIC
#if defined(SYNCSIM_INSTRUMENTED)
// The vendor's form with a padding mode (pto-isa 3186c381
// include/pto/common/arch_cce_intrinsic.hpp:266 passes (pad_t)0): no
// padding is the plain copy; another mode faults.
template <typename Dst, typename Src, typename Pad,
          typename = std::enable_if_t<std::is_enum_v<Pad>>>
void copy_gm_to_cbuf(Dst dst, Src src, int sid, int n_burst, int len_burst, int src_gap,
                     int dst_gap, Pad pad) {
    if (static_cast<int>(pad) != 0)
        throw syncsim::KernelFault("copy_gm_to_cbuf: a padding mode is not modelled");
    copy_gm_to_cbuf(dst, src, sid, n_burst, len_burst, src_gap, dst_gap);
}
#endif

#if !defined(__NPU_ARCH__) || __NPU_ARCH__ >= 3000
// A5's byte-granular copy: lengths and strides in BYTES (strides start to
// start); the vendor declares it for dav-c310 only.
template <typename Gm, typename Ub>
void copy_ubuf_to_gm_align_v2(Gm dst, Ub src, std::uint8_t sid, std::uint32_t n_burst,
                              std::uint32_t len_burst, std::uint8_t l2_cache_ctl,
                              std::uint64_t burst_dst_stride, std::uint32_t burst_src_stride) {
    syncsim::current_kernel().copy_ubuf_to_gm_align_v2(
        syncsim::kernel_ptr::address(dst), syncsim::kernel_ptr::offset(src), sid, n_burst,
        len_burst, l2_cache_ctl, burst_dst_stride, burst_src_stride);
}
#endif

// Fills L1 with a 32-bit pattern. The vendor's repeatConfig packs the
// repeat count in bits [14:0], the 32-byte blocks per repeat in [30:16] and
// the gap between repeats (in blocks) in [46:32] (pto-isa 3186c381,
// include/pto/npu/a2a3/TFillPad.hpp:338-352).
template <typename L1>
void create_cbuf_matrix(L1 l1, std::uint64_t repeat_config, std::uint32_t value) {
    const auto repeats = static_cast<int>(repeat_config & 0x7fff);
    const auto blocks = static_cast<int>((repeat_config >> 16) & 0x7fff);
    const auto gap = static_cast<int>((repeat_config >> 32) & 0x7fff);
    syncsim::LocalAddr at = syncsim::kernel_ptr::offset(l1);
    for (int r = 0; r < repeats; ++r, at += static_cast<syncsim::LocalAddr>((blocks + gap) * 32))
        syncsim::current_kernel().create_cbuf_matrix(at, blocks, value);
}

// ---- cross-core flags (FFTS) and A5 intra-block flags
inline void ffts_cross_core_sync(pipe_t pipe, std::uint64_t config) {
    syncsim::current_kernel().ffts_cross_core_sync(pipe, config);
}
inline void wait_flag_dev(std::int64_t flag_id) { // the A2/A3 form: stalls the scalar unit
    syncsim::current_kernel().wait_flag_dev(static_cast<int>(flag_id));
}
inline void wait_flag_dev(pipe_t pipe, std::int64_t flag_id) {
    syncsim::current_kernel().wait_flag_dev(pipe, static_cast<int>(flag_id));
}
inline void set_intra_block(pipe_t pipe, std::int64_t id) {
    syncsim::current_kernel().set_intra_block(pipe, static_cast<int>(id));
}
inline void wait_intra_block(pipe_t pipe, std::int64_t id) {
    syncsim::current_kernel().wait_intra_block(pipe, static_cast<int>(id));
}
inline void set_ffts_base_addr(std::uint64_t addr) {
    syncsim::current_kernel().set_ffts_base_addr(addr);
}

// ---- modelled work (no vendor counterpart: what a compute instruction costs)
inline void compute(pipe_t pipe, double cycles) {
    syncsim::current_kernel().compute(pipe, cycles);
}
inline void scalar_work(double cycles) {
    syncsim::current_kernel().scalar_work(cycles);
}
