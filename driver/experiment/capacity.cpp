#include "driver/experiment/capacity.hpp"

#include "config/config_error.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/kinds/kind_setup.hpp"

#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <systemc>
#include <unistd.h>

namespace syncsim {

namespace {

constexpr std::uint64_t kReservedMaps = 4096; // libraries, heap, files: not stack guards
// Under an address-space limit: room kept for the heap (elaboration, results),
// and the model state that goes with each thread (a core's caches and
// tables: 24-27 KiB measured at 4096 AIV, docs/benchmarks.md; kept generous).
constexpr std::uint64_t kHeapReserveBytes = 512ull << 20;
constexpr std::uint64_t kStateBytesPerThread = 64ull << 10;

std::string gib(std::uint64_t bytes) {
    std::ostringstream os;
    os.precision(3);
    os << static_cast<double>(bytes) / (1ull << 30) << " GiB";
    return os.str();
}

} // namespace

MachineLimits MachineLimits::of_this_machine() {
    MachineLimits m;
    std::uint64_t map_count = 65530; // Linux's default
    std::ifstream in("/proc/sys/vm/max_map_count");
    if (in) in >> map_count;
    m.stack_guards = map_count > kReservedMaps ? (map_count - kReservedMaps) / 2 : 0;
    const long pages = sysconf(_SC_PHYS_PAGES), page_bytes = sysconf(_SC_PAGE_SIZE);
    m.max_touched_bytes = pages > 0 && page_bytes > 0
                              ? std::uint64_t(pages) * std::uint64_t(page_bytes) / 2
                              : std::uint64_t(1) << 32;
    // Threads past the guards' budget cost no mapping (stack_guards.hpp):
    // memory bounds them, a thread's touched stack and its model state each.
    m.max_threads = m.max_touched_bytes / kStateBytesPerThread;
    m.threads_why = "each thread takes about " + std::to_string(kStateBytesPerThread >> 10) +
                    " KiB with its model state, out of half this machine's memory, " +
                    gib(m.max_touched_bytes);
    // The address space left under RLIMIT_AS, less room for the model's own
    // heap, at one stack (SystemC's default size) and its model state each.
    rlimit as{};
    if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY) {
        const std::uint64_t page = static_cast<std::uint64_t>(page_bytes);
        std::uint64_t mapped_pages = 0;
        std::ifstream statm("/proc/self/statm");
        if (statm) statm >> mapped_pages;
        const std::uint64_t used = mapped_pages * page + kHeapReserveBytes;
        const std::uint64_t left = as.rlim_cur > used ? as.rlim_cur - used : 0;
        const std::uint64_t stack =
            (static_cast<std::uint64_t>(sc_core::SC_DEFAULT_STACK_SIZE) + page - 1) / page * page;
        const std::uint64_t by_address_space = left / (stack + kStateBytesPerThread);
        if (by_address_space < m.max_threads) {
            m.max_threads = by_address_space;
            m.threads_why = "the address-space limit (ulimit -v) of " + gib(as.rlim_cur) +
                            " leaves room for that many " + std::to_string(stack >> 10) +
                            " KiB stacks";
        }
    }
    return m;
}

CapacityDemand estimate_demand(const ExperimentConfig& cfg) {
    return cfg.setup->demand(cfg.params);
}

void check_capacity(const ExperimentConfig& cfg, const MachineLimits& limits) {
    const CapacityDemand d = estimate_demand(cfg);
    if (d.threads > limits.max_threads)
        throw ConfigError(cfg.file + ": this configuration needs about " +
                          std::to_string(d.threads) + " SystemC threads (" + d.threads_why +
                          "); this machine can hold about " + std::to_string(limits.max_threads) +
                          " (" + limits.threads_why + "): use fewer cores or warps");
    if (d.touched_bytes > limits.max_touched_bytes)
        throw ConfigError(cfg.file + ": this configuration writes about " + gib(d.touched_bytes) +
                          " of data (" + d.touched_why + "); this machine allows " +
                          gib(limits.max_touched_bytes) + " (half its memory)");
}

} // namespace syncsim
