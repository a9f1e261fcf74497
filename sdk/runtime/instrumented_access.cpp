// The accesses the instrumenting pass (sdk/gm_pass) puts in kernel code,
// made on the running core's model: a __gm__ load or store is a scalar
// access through the core's non-coherent cache (KernelContext::load_cached,
// store_cached: what gm_ptr<T> does), a __ubuf__ one an access to the
// core's unified buffer. A fault names the source line the pass recorded.
#include "syncsim/address_spaces.hpp"
#include "syncsim/current_kernel.hpp"
#include "syncsim/instrumented_abi.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

namespace {

using syncsim::KernelContext;
using syncsim::KernelFault;

std::string hex(std::uint64_t value) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    do {
        out.insert(out.begin(), digits[value & 0xf]);
        value >>= 4;
    } while (value);
    return "0x" + out;
}

[[noreturn]] void fault_at(const char* site, const std::string& what) {
    throw KernelFault(what + " (at " + site + ")");
}

bool is_natural(std::uint64_t addr, std::int64_t bytes) {
    return bytes > 0 && bytes <= 8 && (bytes & (bytes - 1)) == 0 && addr % bytes == 0;
}

// One scalar access as the device makes it: a naturally aligned 1, 2, 4
// or 8 bytes. A value wider than 8 bytes (a vector, a struct), and any
// stretch of a copy or fill (`split_small`), is several; a typed value of
// at most 8 bytes at a misaligned address stays one access, and the core
// faults on it as the device would.
template <typename Access>
void in_scalar_pieces(std::uint64_t addr, std::int64_t bytes, bool split_small, Access access) {
    if (is_natural(addr, bytes) || (bytes <= 8 && !split_small)) return access(addr, 0, bytes);
    std::int64_t done = 0;
    while (done < bytes) {
        std::int64_t piece = 8;
        while (piece > 1 && ((addr + done) % piece != 0 || piece > bytes - done)) piece /= 2;
        access(addr + done, done, piece);
        done += piece;
    }
}

syncsim::LocalAddr ub_offset(std::uint64_t addr, std::int64_t bytes, const char* site) {
    if (addr + bytes > UINT32_MAX)
        fault_at(site, "__ubuf__ address " + hex(addr) +
                           " is not an offset into the unified "
                           "buffer");
    return static_cast<syncsim::LocalAddr>(addr);
}

void access(std::int32_t space, std::uint64_t addr, void* data, std::int64_t bytes, bool write,
            const char* site, bool split_small = false) {
    auto* buffer = static_cast<std::uint8_t*>(data);
    if (space == 0) { // the kernel's own stack or a host object: plain memory
        if (write)
            std::memcpy(reinterpret_cast<void*>(addr), buffer, bytes);
        else
            std::memcpy(buffer, reinterpret_cast<const void*>(addr), bytes);
        return;
    }
    KernelContext& k = syncsim::current_kernel();
    try {
        if (space == SYNCSIM_AS_GM) {
            in_scalar_pieces(addr, bytes, split_small,
                             [&](std::uint64_t at, std::int64_t offset, std::int64_t n) {
                                 k.set_access_site(site); // for the race detector's report
                                 if (write)
                                     k.store_bytes(at, buffer + offset, static_cast<unsigned>(n));
                                 else
                                     k.load_bytes(at, buffer + offset, static_cast<unsigned>(n));
                             });
        } else if (space == SYNCSIM_AS_UBUF) {
            k.ub_bytes(ub_offset(addr, bytes, site), buffer, static_cast<unsigned>(bytes), write);
        } else {
            fault_at(site, "a scalar access to address space " + std::to_string(space));
        }
    } catch (const KernelFault& fault) {
        fault_at(site, fault.what());
    }
}

} // namespace

extern "C" {

void __syncsim_space_read(std::int32_t space, std::uint64_t addr, void* out, std::int32_t bytes,
                          const char* site) {
    access(space, addr, out, bytes, false, site);
}

void __syncsim_space_write(std::int32_t space, std::uint64_t addr, const void* in,
                           std::int32_t bytes, const char* site) {
    access(space, addr, const_cast<void*>(in), bytes, true, site);
}

std::int64_t __syncsim_gm_atomic_rmw(std::uint64_t addr, std::int32_t op, std::int64_t value,
                                     std::int32_t bytes, const char* site) {
    static const char* const names[] = {"add", "sub", "exchange", "max", "min", "operation"};
    if ((op != SYNCSIM_RMW_ADD && op != SYNCSIM_RMW_SUB) || (bytes != 4 && bytes != 8))
        fault_at(site, std::string("an atomic ") + names[op] + " of " + std::to_string(bytes) +
                           " bytes on __gm__ is not modelled (the device's scalar GM atomics are "
                           "atomicAdd on int32/int64, and st_atomic after set_st_atomic_cfg)");
    const std::int64_t add = op == SYNCSIM_RMW_SUB ? -value : value;
    try {
        KernelContext& k = syncsim::current_kernel();
        k.set_access_site(site);
        if (bytes == 4) return k.atomicAdd<std::int32_t>(addr, static_cast<std::int32_t>(add));
        return k.atomicAdd<std::int64_t>(addr, add);
    } catch (const KernelFault& fault) {
        fault_at(site, fault.what());
    }
}

void __syncsim_space_copy(std::int32_t dst_space, std::uint64_t dst, std::int32_t src_space,
                          std::uint64_t src, std::int64_t bytes, const char* site) {
    // Through a bounce buffer, in naturally aligned pieces, as a scalar copy
    // loop would go; from the end when the destination overlaps the source
    // further on (memmove).
    std::uint8_t chunk[64];
    const bool backward = dst_space == src_space && dst > src && dst < src + bytes;
    for (std::int64_t done = 0; done < bytes;) {
        const std::int64_t n = std::min<std::int64_t>(sizeof chunk, bytes - done);
        const std::int64_t at = backward ? bytes - done - n : done;
        access(src_space, src + at, chunk, n, false, site, true);
        access(dst_space, dst + at, chunk, n, true, site, true);
        done += n;
    }
}

void __syncsim_space_set(std::int32_t space, std::uint64_t dst, std::int32_t value,
                         std::int64_t bytes, const char* site) {
    std::uint8_t chunk[64];
    std::memset(chunk, value, sizeof chunk);
    for (std::int64_t done = 0; done < bytes;) {
        const std::int64_t n = std::min<std::int64_t>(sizeof chunk, bytes - done);
        access(space, dst + done, chunk, n, true, site, true);
        done += n;
    }
}

void __syncsim_space_escape(std::int32_t space, std::uint64_t addr, const char* site) {
    static const char* const names[] = {"host",   "__gm__", "__cbuf__", "__ca__",
                                        "__cb__", "__cc__", "__ubuf__", "__fbuf__"};
    fault_at(site, std::string("a ") + (space >= 0 && space <= 7 ? names[space] : "kernel") +
                       " pointer (" + hex(addr) +
                       ") was converted to a host pointer; kernel code reaches device memory "
                       "only through __gm__/__ubuf__ pointers");
}

void __syncsim_unmodelled_builtin(const char* name, const char* site) {
    fault_at(site, std::string(name) +
                       " is a builtin of the vendor's compiler that syncsim declares but does not "
                       "model; docs/sdk.md lists what is modelled");
}

} // extern "C"
