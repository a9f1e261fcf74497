// Vocabulary shared by the models and the software that runs on them: the
// API layer, header-only, the one thing kernels and host programs include.
#pragma once

#include "syncsim/libraries.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace syncsim {

using GmAddr = std::uint64_t;
using LocalAddr = std::uint32_t;

enum class CoreType { AIC, AIV };
inline const char* to_string(CoreType t) {
    return t == CoreType::AIC ? "aic" : "aiv";
}

// Pipes as named in CCE. PIPE_S is the scalar unit: the kernel thread itself.
enum class Pipe : std::uint8_t { S, V, M, MTE1, MTE2, MTE3, FIX, ALL };
constexpr int kPipeCount = 7; // S..FIX; ALL is only a barrier argument
inline const char* to_string(Pipe p) {
    static const char* const names[] = {"PIPE_S",    "PIPE_V",    "PIPE_M",   "PIPE_MTE1",
                                        "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX", "PIPE_ALL"};
    return names[static_cast<int>(p)];
}

enum class CacheScope { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };
constexpr CacheScope SINGLE_CACHE_LINE = CacheScope::SINGLE_CACHE_LINE;
constexpr CacheScope ENTIRE_DATA_CACHE = CacheScope::ENTIRE_DATA_CACHE;

enum class DsbScope { DSB_ALL, DSB_DDR, DSB_UB };
constexpr DsbScope DSB_ALL = DsbScope::DSB_ALL;
constexpr DsbScope DSB_DDR = DsbScope::DSB_DDR;
constexpr DsbScope DSB_UB = DsbScope::DSB_UB;

// What dcci does to the line(s): write back and drop, only write back, or
// only drop (a dirty line's bytes are lost).
enum class DcciMode { CleanInvalidate, CleanOnly, InvalidateOnly };

// Atomic types and operations, named as in set_st_atomic_cfg(ATOMIC_S32, ATOMIC_SUM).
enum class AtomicType { S32, U32, S64, U64 };
enum class AtomicOp { Sum, Max, Min, And, Or, Xor, Exchange };
inline unsigned atomic_width_bytes(AtomicType type) {
    return (type == AtomicType::S32 || type == AtomicType::U32) ? 4 : 8;
}
inline const char* to_string(AtomicOp op) {
    static const char* const names[] = {"sum", "max", "min", "and", "or", "xor", "exchange"};
    return names[static_cast<int>(op)];
}
inline const char* to_string(AtomicType type) {
    static const char* const names[] = {"s32", "u32", "s64", "u64"};
    return names[static_cast<int>(type)];
}

// Kernel meta TLV (pto kernel_meta.hpp): ktype and the aic:aiv ratio.
enum class KernelMeta { None, MixAivMain, AicOnly, MixAicMain };
inline const char* to_string(KernelMeta m) {
    static const char* const names[] = {"none", "mix_aiv_main", "aic_only", "mix_aic_main"};
    return names[static_cast<int>(m)];
}
inline KernelMeta kernel_meta_from_string(const std::string& s) { // throws std::invalid_argument
    for (KernelMeta m :
         {KernelMeta::None, KernelMeta::MixAivMain, KernelMeta::AicOnly, KernelMeta::MixAicMain})
        if (s == to_string(m)) return m;
    throw std::invalid_argument("unknown kernel meta '" + s +
                                "' (none, mix_aiv_main, aic_only, mix_aic_main)");
}

// What a kernel is compiled for (--cce-aicore-arch): an arch ("dav-c220"),
// which builds a Mix kernel, or an arch and one core type ("dav-c220-vec",
// "dav-c220-cube"). Parsed once; an arch is lower-case letters, digits and
// '-', starting with a letter. Which archs exist is the platforms' business.
enum class BuildSide { Mix, Vec, Cube };
inline const char* to_string(BuildSide s) {
    static const char* const names[] = {"mix", "vec", "cube"};
    return names[static_cast<int>(s)];
}
struct BuildTarget {
    std::string arch;
    BuildSide side = BuildSide::Mix;

    static std::optional<BuildTarget> parse(const std::string& text) {
        BuildTarget t{text, BuildSide::Mix};
        for (const auto& [suffix, side] :
             {std::pair<std::string, BuildSide>{"-vec", BuildSide::Vec},
              {"-cube", BuildSide::Cube}})
            if (text.size() > suffix.size() &&
                text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0) {
                t.arch = text.substr(0, text.size() - suffix.size());
                t.side = side;
            }
        if (!valid_arch(t.arch)) return std::nullopt;
        return t;
    }
    static bool valid_arch(const std::string& arch) {
        if (arch.empty() || arch.size() > 32 || !(arch[0] >= 'a' && arch[0] <= 'z') ||
            arch.back() == '-')
            return false;
        for (char c : arch)
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
        return true;
    }
    std::string name() const {
        return side == BuildSide::Mix ? arch : arch + "-" + to_string(side);
    }
};

// Which code a build compiles in: the flavour flags the PTO library tests
// (__PTO_AUTO__, __CPU_SIM) and -D defines such as __MIX_CORE_AIV_RATIO__.
enum class BuildFlavour { Npu, Auto, CpuSim };
inline const char* to_string(BuildFlavour f) {
    static const char* const names[] = {"npu", "auto", "cpu_sim"};
    return names[static_cast<int>(f)];
}

// What an arch provides, as software asks for it instead of naming archs.
// The platform file states each one (atomic_kind, ffts_intra_block,
// ffts_base_addr_required); the core model enforces them: calling an
// intrinsic the arch lacks is a fault.
enum class Feature : unsigned {
    ReturningAtomicAdd = 1u << 0, // atomicAdd returns the old value (A5); else st_atomic only
    IntraBlockFlags = 1u << 1,    // set_intra_block / wait_intra_block (A5)
    FftsBaseAddr = 1u << 2,       // kernels must set_ffts_base_addr before FFTS syncs (A2/A3)
};
struct FeatureSet {
    unsigned bits = 0;
    bool has(Feature f) const { return (bits & static_cast<unsigned>(f)) != 0; }
    FeatureSet& add(Feature f, bool present = true) {
        if (present) bits |= static_cast<unsigned>(f);
        return *this;
    }
};

struct BuildInfo {
    std::string target; // dav-c220-vec, dav-c310, ...
    std::string arch;   // dav-c220 or dav-c310
    BuildSide side = BuildSide::Mix;
    BuildFlavour flavour = BuildFlavour::Npu;
    std::map<std::string, std::int64_t> defines;
    // The library versions it was compiled against (syncsim/libraries.hpp).
    std::map<std::string, std::string> libraries;
    FeatureSet features; // what the arch this build targets provides

    bool has(Feature f) const { return features.has(f); }
    std::string library(const std::string& name) const { return library_version(libraries, name); }

    bool is_auto() const { return flavour == BuildFlavour::Auto; }
    bool is_cpu_sim() const { return flavour == BuildFlavour::CpuSim; }
    bool defines_macro(const std::string& name) const { return defines.count(name) != 0; }
};

// A workload parameter value as written in a config.
using ParamValue = std::variant<std::int64_t, double, bool, std::string>;
using ParamMap = std::map<std::string, ParamValue>;

} // namespace syncsim
