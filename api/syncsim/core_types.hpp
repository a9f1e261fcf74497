// Vocabulary shared by the core model and the software that runs on it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>

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
const char* to_string(Pipe p);

enum class CacheScope { SINGLE_CACHE_LINE, ENTIRE_DATA_CACHE };
constexpr CacheScope SINGLE_CACHE_LINE = CacheScope::SINGLE_CACHE_LINE;
constexpr CacheScope ENTIRE_DATA_CACHE = CacheScope::ENTIRE_DATA_CACHE;

enum class DsbScope { DSB_ALL, DSB_DDR, DSB_UB };
constexpr DsbScope DSB_ALL = DsbScope::DSB_ALL;
constexpr DsbScope DSB_DDR = DsbScope::DSB_DDR;
constexpr DsbScope DSB_UB = DsbScope::DSB_UB;

// Which code a build compiles in: the flavour flags the PTO library tests
// (__PTO_AUTO__, __CPU_SIM) and -D defines such as __MIX_CORE_AIV_RATIO__.
enum class BuildFlavour { Npu, Auto, CpuSim };
const char* to_string(BuildFlavour f);

struct BuildInfo {
    std::string target; // dav-c220-vec, dav-c310, ...
    std::string arch;   // dav-c220 or dav-c310
    BuildFlavour flavour = BuildFlavour::Npu;
    std::map<std::string, std::int64_t> defines;

    bool is_auto() const { return flavour == BuildFlavour::Auto; }
    bool is_cpu_sim() const { return flavour == BuildFlavour::CpuSim; }
    bool defines_macro(const std::string& name) const { return defines.count(name) != 0; }
};

// A workload parameter value as written in a config.
using ParamValue = std::variant<std::int64_t, double, bool, std::string>;
using ParamMap = std::map<std::string, ParamValue>;

} // namespace syncsim
