// Kernel code in the vendor's spelling: one include gives the free functions
// of CCE / PTO kernels (get_block_idx(), pipe_barrier(PIPE_ALL),
// set_flag(PIPE_MTE2, PIPE_V, EVENT_ID0), dcci(p, SINGLE_CACHE_LINE), ...),
// their constants, global-memory pointers, and PTO's SYNCALL. Every call
// goes to the core whose kernel is running (syncsim/current_kernel.hpp) and
// is exactly the KernelContext intrinsic of the same name: the two spellings
// cannot drift apart. What exists only in the simulator (poll descriptions,
// round marks) stays on syncsim::current_kernel().
//
// Global memory: `__gm__` is accepted and means nothing, as in a CPU build;
// a pointer into the device's global memory is a `gm_ptr<T>` (GM_ADDR is
// gm_ptr<uint8_t>), whose plain loads and stores (`p[i] = v`, `int x = *p`)
// go through the running core's non-coherent scalar cache, like a scalar
// load or store on the device. (C++ cannot make `__gm__ T*` itself such a
// pointer: spell it gm_ptr<T>.) A unified-buffer pointer (`__ubuf__ T*`) is
// a ub_ptr<T>, an offset into the running core's UB.
#pragma once

#include "syncsim/current_kernel.hpp"
#include "syncsim/pto/syncall.hpp"

#include <cstdint>
#include <type_traits>
#include <utility>

#define __gm__
#define __aicore__
#define __global__
#define __ubuf__
#define __cbuf__

namespace syncsim {

template <typename T>
class gm_ref {
  public:
    explicit gm_ref(GmAddr addr) : m_addr(addr) {}
    operator T() const { return current_kernel().ld<T>(m_addr); }
    gm_ref& operator=(T value) {
        current_kernel().st<T>(m_addr, value);
        return *this;
    }
    gm_ref& operator=(const gm_ref& other) { return *this = static_cast<T>(other); }
    gm_ref& operator+=(T v) { return *this = static_cast<T>(static_cast<T>(*this) + v); }
    gm_ref& operator-=(T v) { return *this = static_cast<T>(static_cast<T>(*this) - v); }
    gm_ref& operator++() { return *this += 1; }
    gm_ref& operator--() { return *this -= 1; }

  private:
    GmAddr m_addr;
};

// A pointer into global memory: an address and the element type.
template <typename T>
class gm_ptr {
    static_assert(std::is_trivially_copyable_v<T>, "global memory holds plain data");

  public:
    gm_ptr() = default;
    explicit gm_ptr(GmAddr addr) : m_addr(addr) {}
    // (gm_ptr<int32_t>)x: a reinterpreting cast, as (__gm__ int32_t*)x is.
    template <typename U>
    explicit gm_ptr(gm_ptr<U> other) : m_addr(other.address()) {}

    GmAddr address() const { return m_addr; }
    explicit operator bool() const { return m_addr != 0; }
    gm_ref<T> operator*() const { return gm_ref<T>(m_addr); }
    gm_ref<T> operator[](std::int64_t i) const { return gm_ref<T>(m_addr + i * sizeof(T)); }
    gm_ptr operator+(std::int64_t n) const { return gm_ptr(m_addr + n * sizeof(T)); }
    gm_ptr operator-(std::int64_t n) const { return gm_ptr(m_addr - n * sizeof(T)); }
    gm_ptr& operator+=(std::int64_t n) { return *this = *this + n; }
    gm_ptr& operator++() { return *this += 1; }
    std::int64_t operator-(gm_ptr other) const {
        return static_cast<std::int64_t>(m_addr - other.m_addr) /
               static_cast<std::int64_t>(sizeof(T));
    }
    bool operator==(gm_ptr other) const { return m_addr == other.m_addr; }
    bool operator!=(gm_ptr other) const { return m_addr != other.m_addr; }

  private:
    GmAddr m_addr = 0;
};

// A scalar word of this core's unified buffer (`__ubuf__ T*` in CCE): loads
// and stores are the core's ub_ld/ub_st.
template <typename T>
class ub_ref {
  public:
    explicit ub_ref(LocalAddr offset) : m_offset(offset) {}
    operator T() const { return current_kernel().ub_ld<T>(m_offset); }
    ub_ref& operator=(T value) {
        current_kernel().ub_st<T>(m_offset, value);
        return *this;
    }
    ub_ref& operator=(const ub_ref& other) { return *this = static_cast<T>(other); }

  private:
    LocalAddr m_offset;
};

template <typename T>
class ub_ptr {
  public:
    ub_ptr() = default;
    explicit ub_ptr(LocalAddr offset) : m_offset(offset) {}
    LocalAddr offset() const { return m_offset; }
    ub_ref<T> operator*() const { return ub_ref<T>(m_offset); }
    ub_ref<T> operator[](std::int64_t i) const {
        return ub_ref<T>(static_cast<LocalAddr>(m_offset + i * sizeof(T)));
    }
    ub_ptr operator+(std::int64_t n) const {
        return ub_ptr(static_cast<LocalAddr>(m_offset + n * sizeof(T)));
    }

  private:
    LocalAddr m_offset = 0;
};

// A vendor-style kernel `void k(GM_ADDR a, GM_ADDR b, ...)` as a KernelFn:
// argument i is the i-th kernel argument (a buffer address, or an integer).
namespace detail {
template <typename T>
struct is_gm_ptr : std::false_type {};
template <typename T>
struct is_gm_ptr<gm_ptr<T>> : std::true_type {};

template <typename Arg>
Arg kernel_arg(KernelContext& k, std::size_t i) {
    // With g++, `__gm__` means nothing: a `__gm__ T*` parameter would be a
    // host pointer made from a device address, and the first store through
    // it would write the simulator's own memory.
    static_assert(!std::is_pointer_v<Arg>,
                  "syncsim: a kernel parameter is a raw pointer (`__gm__ T*`); with g++ it "
                  "would point into host memory: declare it GM_ADDR or gm_ptr<T>");
    static_assert(std::is_integral_v<Arg> || is_gm_ptr<Arg>::value,
                  "syncsim: a kernel parameter must be GM_ADDR, gm_ptr<T> or an integer");
    if constexpr (std::is_integral_v<Arg>)
        return static_cast<Arg>(k.arg(i));
    else
        return Arg(k.arg(i));
}
template <typename... Args, std::size_t... I>
void call_kernel(void (*fn)(Args...), KernelContext& k, std::index_sequence<I...>) {
    fn(kernel_arg<Args>(k, I)...);
}
template <typename... Args>
constexpr std::size_t arity(void (*)(Args...)) {
    return sizeof...(Args);
}
} // namespace detail

template <auto Fn>
void vendor_kernel(KernelContext& k) {
    detail::call_kernel(Fn, k, std::make_index_sequence<detail::arity(Fn)>{});
}

} // namespace syncsim

using GM_ADDR = syncsim::gm_ptr<std::uint8_t>;
using syncsim::gm_ptr;
using syncsim::ub_ptr;

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
using atomic_type_t = syncsim::AtomicType;
constexpr atomic_type_t ATOMIC_S32 = syncsim::AtomicType::S32,
                        ATOMIC_U32 = syncsim::AtomicType::U32,
                        ATOMIC_S64 = syncsim::AtomicType::S64,
                        ATOMIC_U64 = syncsim::AtomicType::U64;
using atomic_op_t = syncsim::AtomicOp;
constexpr atomic_op_t ATOMIC_SUM = syncsim::AtomicOp::Sum, ATOMIC_MAX = syncsim::AtomicOp::Max,
                      ATOMIC_MIN = syncsim::AtomicOp::Min, ATOMIC_AND = syncsim::AtomicOp::And,
                      ATOMIC_OR = syncsim::AtomicOp::Or, ATOMIC_XOR = syncsim::AtomicOp::Xor,
                      ATOMIC_EXCHANGE = syncsim::AtomicOp::Exchange;

// ---- identity
inline std::int64_t get_block_idx() {
    return syncsim::current_kernel().get_block_idx();
}
inline std::int64_t get_block_num() {
    return syncsim::current_kernel().get_block_num();
}
inline std::int64_t get_subblockid() {
    return syncsim::current_kernel().get_subblockid();
}
inline std::int64_t get_subblockdim() {
    return syncsim::current_kernel().get_subblockdim();
}

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
template <typename T>
void dcci(gm_ptr<T> p, cache_line_t scope, dcci_dst_t what = CACHELINE_CLEAN_INVALIDATE) {
    syncsim::current_kernel().dcci(p.address(), scope, what);
}
inline void dsb(mem_dsb_t scope) {
    syncsim::current_kernel().dsb(scope);
}
template <typename T>
T ld_dev(gm_ptr<T> p, std::int64_t offset = 0) {
    return syncsim::current_kernel().ld_dev<T>(p.address(), offset);
}
template <typename T>
void st_dev(T value, gm_ptr<T> p, std::int64_t offset = 0) {
    syncsim::current_kernel().st_dev<T>(value, p.address(), offset);
}

// ---- atomics
inline void set_st_atomic_cfg(atomic_type_t type, atomic_op_t op) {
    syncsim::current_kernel().set_st_atomic_cfg(type, op);
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
template <typename T>
void st_atomic(T value, gm_ptr<T> p) {
    syncsim::current_kernel().st_atomic<T>(value, p.address());
}
template <typename T>
T atomicAdd(gm_ptr<T> p, T value) {
    return syncsim::current_kernel().atomicAdd<T>(p.address(), value);
}

// ---- DMA (burst lengths and gaps in 32-byte units; UB/L1 addresses are offsets)
template <typename T>
void copy_gm_to_ubuf(syncsim::LocalAddr ub, gm_ptr<T> gm, int sid, int n_burst, int len_burst,
                     int src_gap, int dst_gap) {
    syncsim::current_kernel().copy_gm_to_ubuf(ub, gm.address(), sid, n_burst, len_burst, src_gap,
                                              dst_gap);
}
template <typename T>
void copy_ubuf_to_gm(gm_ptr<T> gm, syncsim::LocalAddr ub, int sid, int n_burst, int len_burst,
                     int src_gap, int dst_gap) {
    syncsim::current_kernel().copy_ubuf_to_gm(gm.address(), ub, sid, n_burst, len_burst, src_gap,
                                              dst_gap);
}
template <typename T>
void copy_gm_to_cbuf(syncsim::LocalAddr l1, gm_ptr<T> gm, int sid, int n_burst, int len_burst,
                     int src_gap, int dst_gap) {
    syncsim::current_kernel().copy_gm_to_cbuf(l1, gm.address(), sid, n_burst, len_burst, src_gap,
                                              dst_gap);
}
template <typename T>
void copy_cbuf_to_gm(gm_ptr<T> gm, syncsim::LocalAddr l1, int sid, int n_burst, int len_burst,
                     int src_gap, int dst_gap) {
    syncsim::current_kernel().copy_cbuf_to_gm(gm.address(), l1, sid, n_burst, len_burst, src_gap,
                                              dst_gap);
}
template <typename T>
void copy_gm_to_ubuf(ub_ptr<T> ub, gm_ptr<T> gm, int sid, int n_burst, int len_burst, int src_gap,
                     int dst_gap) {
    copy_gm_to_ubuf(ub.offset(), gm, sid, n_burst, len_burst, src_gap, dst_gap);
}
template <typename T>
void copy_ubuf_to_gm(gm_ptr<T> gm, ub_ptr<T> ub, int sid, int n_burst, int len_burst, int src_gap,
                     int dst_gap) {
    copy_ubuf_to_gm(gm, ub.offset(), sid, n_burst, len_burst, src_gap, dst_gap);
}
inline void copy_cbuf_to_ubuf(syncsim::LocalAddr ub, syncsim::LocalAddr l1, int sid, int n_burst,
                              int len_burst, int src_gap, int dst_gap) {
    syncsim::current_kernel().copy_cbuf_to_ubuf(ub, l1, sid, n_burst, len_burst, src_gap, dst_gap);
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

// ---- PTO's SYNCALL (pto-syncall.md 1.1): hard, and soft with a workspace
using SyncAllMode = syncsim::lib::SyncAllMode;
using SyncCoreType = syncsim::lib::SyncCoreType;
using syncsim::lib::getFFTSMsg;

template <SyncCoreType CoreType = SyncCoreType::AIVOnly>
void SYNCALL() {
    syncsim::lib::SYNCALL<CoreType>(syncsim::current_kernel());
}
template <SyncAllMode Mode, SyncCoreType CoreType = SyncCoreType::AIVOnly, typename GlobalData>
void SYNCALL(GlobalData& gmWorkspace, std::int32_t usedCores = 0) {
    syncsim::lib::SYNCALL<Mode, CoreType>(syncsim::current_kernel(), gmWorkspace.address(),
                                          usedCores);
}
