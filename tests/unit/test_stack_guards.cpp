// Guard pages within the memory map's budget (models/systemc/stack_guards.hpp).
#include "models/systemc/stack_guards.hpp"

#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

using namespace syncsim;

namespace {

// A stack as SystemC 2.3.4 maps one: anonymous, read-write, page-aligned.
struct FakeStack {
    std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    char* base = static_cast<char*>(
        mmap(nullptr, 4 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    ~FakeStack() { munmap(base, 4 * page); }
    // sc_cor_qt::stack_protect's calls.
    int protect() { return mprotect(base, page - 1, PROT_NONE); }
    int release() { return mprotect(base, page - 1, PROT_READ | PROT_WRITE); }
};

// The protection /proc/self/maps shows for the mapping that holds `p`.
std::string protection_at(const void* p) {
    std::ifstream maps("/proc/self/maps");
    const auto addr = reinterpret_cast<std::uintptr_t>(p);
    std::string line;
    while (std::getline(maps, line)) {
        const std::uintptr_t from = std::stoull(line.substr(0, line.find('-')), nullptr, 16);
        const std::uintptr_t to = std::stoull(line.substr(line.find('-') + 1), nullptr, 16);
        if (addr >= from && addr < to) return line.substr(line.find(' ') + 1, 4);
    }
    return "";
}

struct BudgetRestored {
    ~BudgetRestored() { StackGuards::set_budget(StackGuards::kUnlimited); }
};

} // namespace

TEST_CASE("stack guards: a budget gives guards, then watched pages", "[stack_guards]") {
    GuardBudget budget(2);
    CHECK(budget.take());
    CHECK(budget.take());
    CHECK_FALSE(budget.take());
    CHECK_FALSE(budget.take());
    CHECK(budget.guarded() == 2);
    CHECK(budget.watched() == 2);
}

TEST_CASE("stack guards: within the budget the guard is set and released", "[stack_guards]") {
    BudgetRestored restore;
    StackGuards::set_budget(1);
    FakeStack stack;
    REQUIRE(stack.protect() == 0);
    CHECK(protection_at(stack.base) == "---p");
    CHECK(StackGuards::guarded() == 1);
    REQUIRE(stack.release() == 0);
    CHECK(protection_at(stack.base) == "rw-p");
}

TEST_CASE("stack guards: past the budget the page is watched, not protected", "[stack_guards]") {
    BudgetRestored restore;
    StackGuards::set_budget(0);
    const std::uint64_t overflowed = StackGuards::overflowed();
    {
        FakeStack stack;
        REQUIRE(stack.protect() == 0);
        CHECK(protection_at(stack.base) == "rw-p"); // merges with its neighbours
        CHECK(StackGuards::watched() == 1);
        CHECK(StackGuards::check_watched() == overflowed); // never touched
        REQUIRE(stack.release() == 0);
        CHECK(StackGuards::overflowed() == overflowed);
    }
    {
        FakeStack stack;
        REQUIRE(stack.protect() == 0);
        stack.base[stack.page - 8] = 1; // a stack that ran into its last page
        CHECK(StackGuards::check_watched() == overflowed + 1);
        REQUIRE(stack.release() == 0); // counted once
        CHECK(StackGuards::overflowed() == overflowed + 1);
    }
    {
        FakeStack stack;
        REQUIRE(stack.protect() == 0);
        stack.base[0] = 1;
        REQUIRE(stack.release() == 0); // found when the thread ends
        CHECK(StackGuards::overflowed() == overflowed + 2);
    }
}

TEST_CASE("stack guards: other protections go to the system as asked", "[stack_guards]") {
    BudgetRestored restore;
    StackGuards::set_budget(0);
    FakeStack stack;
    REQUIRE(mprotect(stack.base, 2 * stack.page, PROT_READ) == 0);
    CHECK(protection_at(stack.base) == "r--p");
    CHECK(StackGuards::watched() == 0);
    CHECK(mprotect(stack.base + 1, stack.page - 1, PROT_NONE) == -1); // unaligned: EINVAL
}
