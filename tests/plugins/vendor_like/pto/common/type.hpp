// Written for syncsim's suite (no vendor file): a header that does what
// pto-isa's pto/common/type.hpp does to a compiler that is not the
// vendor's, so the suite checks syncsim's overlay of it. AICORE is the
// vendor compiler's attribute syntax unless __CPU_SIM is defined, with no
// guard against a -D; half and bfloat16_t are _Float16 when it is
// (memory.hpp specialises a template on both).
#ifndef VENDOR_LIKE_TYPE_HPP
#define VENDOR_LIKE_TYPE_HPP
#if !defined(__CPU_SIM)
#define AICORE [aicore]
#else
#define AICORE
#endif
#define PTO_INTERNAL AICORE inline __attribute__((always_inline))

namespace pto {
template <typename T>
struct PadValue;
} // namespace pto

#if defined(__CPU_SIM)
typedef _Float16 half;
typedef _Float16 bfloat16_t;
#endif
#endif
