// What a configuration needs of the machine, estimated before elaboration,
// so a configuration the machine cannot provide is refused with the estimate
// (exit 2) instead of failing inside SystemC (an abort when the memory map
// runs out of thread stacks) or swapping for minutes.
#pragma once

#include <cstdint>
#include <string>

namespace syncsim {

struct ExperimentConfig;

struct MachineLimits {
    // SystemC threads: memory bounds them (a thread's model state), and under
    // an address-space limit (ulimit -v, as batch systems set) each stack
    // takes its size of it.
    std::uint64_t max_threads = 0;
    // Stacks with a guard page: each is two entries of vm.max_map_count, the
    // rest is left for the process's own mappings; the threads past them
    // have their guard's page watched instead (stack_guards.hpp).
    std::uint64_t stack_guards = 0;
    std::string threads_why;             // which limit sets max_threads
    std::uint64_t max_touched_bytes = 0; // half the physical memory

    static MachineLimits of_this_machine();
};

struct CapacityDemand {
    std::uint64_t threads = 0;
    std::string threads_why;
    std::uint64_t touched_bytes = 0; // memory the host program fills with data
    std::string touched_why;
};

CapacityDemand estimate_demand(const ExperimentConfig& cfg);

// Throws ConfigError naming the estimate and the machine's limit.
void check_capacity(const ExperimentConfig& cfg, const MachineLimits& limits);

} // namespace syncsim
