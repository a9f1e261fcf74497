#include "models/systemc/stack_guards.hpp"

#include <cstddef>
#include <new>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <unordered_set>

namespace syncsim {

namespace {

struct GuardState {
    GuardBudget budget{StackGuards::kUnlimited};
    std::unordered_set<std::uintptr_t> watched; // live stacks' unguarded lowest pages
    std::uint64_t overflowed = 0;
};

// Never destroyed: a late mprotect (at exit) still finds it.
GuardState& state() {
    static GuardState* s = new GuardState;
    return *s;
}

// Unguarded stacks merge into one large mapping, which transparent huge
// pages would back in 2 MiB blocks: one touched page would make its
// neighbours' watched pages resident (and each stack cost its whole size).
// Turned off for the process once the first page is watched.
void no_huge_pages() {
    static bool done = false;
    if (done) return;
    done = true;
    // Best effort: a kernel without the option has no such pages to fear.
    (void)prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
}

std::size_t page_size() {
    static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    return page;
}

// Whether the page was ever faulted in (a fresh anonymous page is not).
bool touched(std::uintptr_t page) {
    unsigned char resident = 0;
    return mincore(reinterpret_cast<void*>(page), page_size(), &resident) == 0 &&
           (resident & 1u) != 0;
}

int system_mprotect(void* addr, std::size_t len, int prot) {
    return static_cast<int>(syscall(SYS_mprotect, addr, len, prot));
}

} // namespace

void StackGuards::set_budget(std::uint64_t guards) {
    state().budget = GuardBudget(guards);
}
std::uint64_t StackGuards::guarded() {
    return state().budget.guarded();
}
std::uint64_t StackGuards::watched() {
    return state().budget.watched();
}
std::uint64_t StackGuards::overflowed() {
    return state().overflowed;
}

std::uint64_t StackGuards::check_watched() {
    GuardState& s = state();
    for (auto it = s.watched.begin(); it != s.watched.end();) {
        if (touched(*it)) {
            ++s.overflowed;
            it = s.watched.erase(it); // counted once
        } else {
            ++it;
        }
    }
    return s.overflowed;
}

} // namespace syncsim

// SystemC's guard request and its release (stack_guards.hpp). Everything
// else, and a guard within the budget, goes to the system as asked.
extern "C" __attribute__((visibility("default"))) int mprotect(void* addr, std::size_t len,
                                                               int prot) noexcept {
    using syncsim::state;
    const auto page = reinterpret_cast<std::uintptr_t>(addr);
    const bool guard_sized =
        len > 0 && len < syncsim::page_size() && page % syncsim::page_size() == 0;
    if (guard_sized && prot == PROT_NONE && !state().budget.take()) {
        try {
            state().watched.insert(page);
            syncsim::no_huge_pages();
            return 0;
        } catch (const std::bad_alloc&) {
            // No memory to watch it: the guard after all.
        }
    }
    if (guard_sized && prot != PROT_NONE) {
        auto it = state().watched.find(page);
        if (it != state().watched.end()) {
            if (syncsim::touched(page)) ++state().overflowed;
            state().watched.erase(it);
            return 0;
        }
    }
    return syncsim::system_mprotect(addr, len, prot);
}
