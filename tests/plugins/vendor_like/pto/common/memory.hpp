// Written for syncsim's suite (no vendor file): like pto-isa's
// pto/common/memory.hpp, it returns a string literal as a `const __gm__
// char*`, which clang refuses once __gm__ is an address space.
#ifndef VENDOR_LIKE_MEMORY_HPP
#define VENDOR_LIKE_MEMORY_HPP
#include <pto/common/type.hpp>

// Specialised on both 16-bit types: they must be two types.
template <>
struct pto::PadValue<half> {
    static constexpr float value = 1.0f;
};
template <>
struct pto::PadValue<bfloat16_t> {
    static constexpr float value = 2.0f;
};

namespace pto {
PTO_INTERNAL constexpr const __gm__ char* LayoutName(bool row_major) {
    return row_major ? "ND" : "DN";
}
} // namespace pto
#endif
