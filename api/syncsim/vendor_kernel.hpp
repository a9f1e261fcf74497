// What the vendor's compiler gives every kernel source without an include,
// for kernels syncsim_add_kernel compiles with clang and syncsim's pass: it
// force-includes this header. The builtins (syncsim/cce_builtins.hpp), the
// address spaces, and the module's build info the pass hands to the
// registration of its `__global__` kernels: the side of a Mix build
// (__DAV_CUBE__ / __DAV_VEC__), the target, and the user's -D defines
// (SYNCSIM_KERNEL_DEFINES, a "NAME=VALUE;..." list the build function
// passes), so a launch uses what the kernel was compiled with.
#pragma once

#if !defined(SYNCSIM_INSTRUMENTED)
#error "syncsim/vendor_kernel.hpp is for kernels compiled by syncsim_add_kernel"
#endif

#include "syncsim/cce_builtins.hpp"
#include "syncsim/vendor_types.hpp"
#include "syncsim/vendor_unmodelled.hpp"
#if __NPU_ARCH__ < 3000 // the A2/A3 instructions syncsim models
#include "syncsim/vendor_cube.hpp"
#include "syncsim/vendor_vector.hpp"
#endif

#include <cstddef>
#include <cstdint>
#include <type_traits>

#if defined(SYNCSIM_ONE_SIDE_BUILD) // -vec or -cube: the only build of its kernels
#define SYNCSIM_KERNEL_SIDE ""
#elif defined(__DAV_CUBE__) && !defined(__DAV_VEC__)
#define SYNCSIM_KERNEL_SIDE "side=aic\n"
#elif defined(__DAV_VEC__) && !defined(__DAV_CUBE__)
#define SYNCSIM_KERNEL_SIDE "side=aiv\n"
#else
#define SYNCSIM_KERNEL_SIDE ""
#endif
#ifndef SYNCSIM_KERNEL_TARGET
#define SYNCSIM_KERNEL_TARGET ""
#endif
#ifndef SYNCSIM_KERNEL_DEFINES
#define SYNCSIM_KERNEL_DEFINES ""
#endif

// Internal: each module has its own; the pass finds it by name.
__attribute__((used)) static const char __syncsim_build_info[] =
    SYNCSIM_KERNEL_SIDE "target=" SYNCSIM_KERNEL_TARGET "\n" SYNCSIM_KERNEL_DEFINES;

// Defined by the pass: without it this reference does not link, so a
// kernel built with the address spaces but not instrumented cannot run.
extern "C" const char __syncsim_gm_pass_ran;
__attribute__((used)) static const char* const __syncsim_pass_ran_ref = &__syncsim_gm_pass_ran;

// ---- the vendor compiler's own spellings
// `[aicore]`, what pto-isa's AICORE stands for, written out in a kernel
// source (pto-isa's tfa test): two empty C++11 attribute lists.
// clang-format off
#define aicore [ ] ] [ [ ]
// clang-format on
#pragma clang diagnostic ignored "-Wcompound-token-split-by-macro"

// The scalar unit's max and min, builtins the vendor's headers call
// unqualified (pto/npu/a2a3/TPartArgOp.hpp), in the common type of the two.
template <typename T, typename U>
constexpr std::common_type_t<T, U> max(T a, U b) {
    using R = std::common_type_t<T, U>;
    return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(b) : static_cast<R>(a);
}
template <typename T, typename U>
constexpr std::common_type_t<T, U> min(T a, U b) {
    using R = std::common_type_t<T, U>;
    return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b);
}

// The scalar unit's bit set and clear (a value with bit `bit` cleared or
// set), which the vendor's headers apply to the CTRL register.
constexpr std::uint64_t sbitset0(std::uint64_t value, std::uint64_t bit) {
    return value & ~(std::uint64_t{1} << bit);
}
constexpr std::uint64_t sbitset1(std::uint64_t value, std::uint64_t bit) {
    return value | (std::uint64_t{1} << bit);
}

// ---- tiles
// The vendor compiler's `__cce_get_tile_ptr(data)`: a tile's data pointer.
// Outside __PTO_AUTO__ builds a pto-isa tile already holds its data as a
// pointer into its buffer (pto/common/pto_tile.hpp, MemoryQualifier), so the
// pointer is the value itself, in its address space.
template <typename TileData>
TileData __cce_get_tile_ptr(TileData data) {
    return data;
}

// ---- host launchers inside a kernel source
// `k<<<blocks, l2ctrl, stream>>>(args)` in a host function of a kernel
// source (the vendor's Launch* wrappers): syncsim_add_kernel compiles a
// copy that spells it SYNCSIM_CHEVRON_LAUNCH((k), blocks, l2ctrl,
// stream)(args) (cmake/syncsim_split_launchers.cmake). It pushes the
// configuration and hands the arguments over as a host source's chevrons do
// (syncsim/vendor_host.hpp), whatever pointer type the host passes for a
// kernel's __gm__ parameter. The kernel is found by its address, so it may
// have a C++ or a template name.
extern "C" int cudaConfigureCall(std::uint32_t block_dim, void* l2ctrl, void* stream);

namespace syncsim::vendor {
template <typename T>
constexpr bool is_float_word =
    std::is_same_v<T, half> || std::is_same_v<T, float> || std::is_same_v<T, double>;
template <typename T>
constexpr bool is_number = std::is_arithmetic_v<T> || is_float_word<T>;

// A floating argument travels as its bits, in the word's low end.
template <typename Arg>
std::uint64_t chevron_word(Arg arg) {
    constexpr bool is_float = is_float_word<Arg>;
    static_assert(std::is_pointer_v<Arg> || std::is_integral_v<Arg> || std::is_enum_v<Arg> ||
                      std::is_null_pointer_v<Arg> || is_float,
                  "syncsim: a kernel argument is a device pointer, an integer or a half, float "
                  "or double");
    if constexpr (std::is_pointer_v<Arg>)
        return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(arg));
    else if constexpr (std::is_null_pointer_v<Arg>)
        return 0;
    else if constexpr (is_float) {
        using Bits =
            std::conditional_t<sizeof(Arg) == 2, std::uint16_t,
                               std::conditional_t<sizeof(Arg) == 4, std::uint32_t, std::uint64_t>>;
        return __builtin_bit_cast(Bits, arg);
    } else
        return static_cast<std::uint64_t>(arg);
}

// A number is first converted to its parameter's type, as a call would
// (a double passed for a float parameter travels as the float's bits).
template <typename Param, typename Arg>
std::uint64_t param_word(Arg arg) {
    if constexpr (is_number<Param> && is_number<Arg>)
        return chevron_word(static_cast<Param>(arg));
    else
        return chevron_word(arg);
}

// The configuration as written: blocks, and optionally l2ctrl and stream.
inline int chevron_configure(std::uint64_t block_dim, void* l2ctrl = nullptr,
                             void* stream = nullptr) {
    return cudaConfigureCall(static_cast<std::uint32_t>(block_dim), l2ctrl, stream);
}

template <typename Kernel>
struct ChevronLaunch;
template <typename... Params>
struct ChevronLaunch<void (*)(Params...)> {
    void (*kernel)(Params...);
    const char* written; // "(k)", as the copy spells it
    template <typename... Args>
    void operator()(Args... args) const {
        static_assert(sizeof...(Args) == sizeof...(Params),
                      "syncsim: a <<<>>> launch passes one argument per kernel parameter");
        const std::uint64_t words[] = {param_word<Params>(args)..., 0};
        __syncsim_launch_pushed_at(reinterpret_cast<const void*>(kernel), written, words,
                                   static_cast<std::uint32_t>(sizeof...(Args)));
    }
};
} // namespace syncsim::vendor

#define SYNCSIM_CHEVRON_LAUNCH(kernel, ...)                                                        \
    (static_cast<void>(::syncsim::vendor::chevron_configure(__VA_ARGS__)),                         \
     ::syncsim::vendor::ChevronLaunch<decltype(&kernel)>{&kernel, #kernel})
