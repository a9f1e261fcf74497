// Pointers into device memory as kernel code holds them. Two builds:
//
// - g++ (or clang without the pass): `__gm__` means nothing, as in a CPU
//   build, so a pointer into global memory is a gm_ptr<T> (GM_ADDR is
//   gm_ptr<uint8_t>) whose loads and stores (`p[i] = v`, `int x = *p`) go
//   through the running core's non-coherent scalar cache; a UB pointer is a
//   ub_ptr<T>, an offset into the running core's unified buffer.
// - clang with syncsim's pass (SYNCSIM_INSTRUMENTED, set by
//   syncsim_add_kernel): `__gm__`, `__ubuf__`, `__cbuf__` ... are address
//   spaces (syncsim/address_spaces.hpp), so `__gm__ int32_t*` is a real
//   pointer type that cannot mix with host pointers, and the pass turns
//   every access through one into the same model call gm_ptr makes
//   (sdk/runtime/instrumented_access.cpp). `__global__` marks a kernel the
//   pass registers.
//
// syncsim::kernel_ptr names the pointer types of the running build, so the
// intrinsics (syncsim/cce_builtins.hpp) have one spelling for both.
#pragma once

#include "syncsim/address_spaces.hpp"
#include "syncsim/current_kernel.hpp"
#include "syncsim/instrumented_abi.h"

#include <cstdint>
#include <type_traits>

#if defined(SYNCSIM_INSTRUMENTED)
#if !defined(__clang__)
#error                                                                                             \
    "SYNCSIM_INSTRUMENTED: kernels in the vendor's dialect compile with clang and syncsim's pass (syncsim_add_kernel)"
#endif
#define __gm__ __attribute__((address_space(SYNCSIM_AS_GM)))
#define __cbuf__ __attribute__((address_space(SYNCSIM_AS_CBUF)))
#define __ca__ __attribute__((address_space(SYNCSIM_AS_CA)))
#define __cb__ __attribute__((address_space(SYNCSIM_AS_CB)))
#define __cc__ __attribute__((address_space(SYNCSIM_AS_CC)))
#define __ubuf__ __attribute__((address_space(SYNCSIM_AS_UBUF)))
#define __fbuf__ __attribute__((address_space(SYNCSIM_AS_FBUF)))
#define __biasbuf__ __attribute__((address_space(SYNCSIM_AS_BIASBUF)))
#define __global__ __attribute__((annotate(SYNCSIM_KERNEL_ANNOTATION)))
#else
#define __gm__
#define __cbuf__
#define __ubuf__
#define __global__
#endif
#define __aicore__
#define __in__
#define __out__

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
    static_assert(std::is_void_v<T> || std::is_trivially_copyable_v<T>,
                  "global memory holds plain data");

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

// The pointer types of this build, and the device address each holds.
namespace kernel_ptr {
template <typename T>
GmAddr address(gm_ptr<T> p) {
    return p.address();
}
template <typename T>
LocalAddr offset(ub_ptr<T> p) {
    return p.offset();
}
inline LocalAddr offset(LocalAddr offset) {
    return offset;
}
#if defined(SYNCSIM_INSTRUMENTED)
template <typename T>
using gm = __gm__ T*;
template <typename T>
using ub = __ubuf__ T*;
template <typename T>
using l1 = __cbuf__ T*;
template <typename T>
GmAddr address(__gm__ T* p) {
    return (GmAddr)p;
}
// A local buffer's pointer holds its offset: the UB, L1, and the cube's
// L0A, L0B and L0C (syncsim/vendor_cube.hpp).
#define SYNCSIM_LOCAL_OFFSET(SPACE)                                                                \
    template <typename T>                                                                          \
    LocalAddr offset(SPACE T* p) {                                                                 \
        return static_cast<LocalAddr>((std::uint64_t)p);                                           \
    }
SYNCSIM_LOCAL_OFFSET(__ubuf__)
SYNCSIM_LOCAL_OFFSET(__cbuf__)
SYNCSIM_LOCAL_OFFSET(__ca__)
SYNCSIM_LOCAL_OFFSET(__cb__)
SYNCSIM_LOCAL_OFFSET(__cc__)
#undef SYNCSIM_LOCAL_OFFSET
#else
template <typename T>
using gm = gm_ptr<T>;
template <typename T>
using ub = ub_ptr<T>;
#endif
} // namespace kernel_ptr

} // namespace syncsim

#if defined(SYNCSIM_INSTRUMENTED)
using GM_ADDR = __gm__ std::uint8_t*;
#else
using GM_ADDR = syncsim::gm_ptr<std::uint8_t>;
#endif
using syncsim::gm_ptr;
using syncsim::ub_ptr;
