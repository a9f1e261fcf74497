// Guard pages for SystemC's thread stacks, within the memory map's budget.
//
// Debian's SystemC 2.3.4 maps each thread's stack on its own and makes its
// lowest page a guard (sc_cor_qt.cpp at tag 2.3.4: stack_alloc's mmap, then
// stack_protect's mprotect(redzone, pagesize - 1, PROT_NONE); the destructor
// of sc_thread_process asks for the page back before it unmaps the stack).
// A guarded stack is two of vm.max_map_count's mappings (65,530 by default,
// and users on shared machines cannot raise it), so about 30,000 threads fit;
// stacks without a guard merge with their neighbours into one mapping.
//
// So guards are set while the budget lasts; past it a stack gets a check
// instead: its lowest page, where the guard would be, must stay untouched
// (never faulted in: mincore), looked at when the thread ends and when the
// run ends. It costs no memory, and finds an overflow after the fact where
// a guard stops it at once. The policy is GuardBudget (kernel-free); this
// file's mprotect, found before libc's by the dynamic linker for libsystemc's
// call, applies it to SystemC's guard requests (PROT_NONE on less than a
// page) and passes every other call on.
#pragma once

#include <cstdint>
#include <limits>

namespace syncsim {

// How many guards may be set; the rest are watched pages.
class GuardBudget {
  public:
    explicit GuardBudget(std::uint64_t guards) : m_left(guards) {}
    // A guard for the next stack (true) or a watched page (false).
    bool take() {
        if (m_left == 0) {
            ++m_watched;
            return false;
        }
        --m_left;
        ++m_guarded;
        return true;
    }
    std::uint64_t guarded() const { return m_guarded; }
    std::uint64_t watched() const { return m_watched; }

  private:
    std::uint64_t m_left;
    std::uint64_t m_guarded = 0, m_watched = 0;
};

struct StackGuards {
    static constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();
    // From now on (a run's start): at most `guards` more guard pages.
    static void set_budget(std::uint64_t guards);
    static std::uint64_t guarded();
    static std::uint64_t watched();
    // Watched pages found touched (a stack that ran into its guard's place),
    // at a thread's end or by check_watched().
    static std::uint64_t overflowed();
    // Looks at every live thread's watched page; returns overflowed().
    static std::uint64_t check_watched();
};

} // namespace syncsim
