// LeakSanitizer after SystemC coroutines (issue 23): built and run only in
// the sanitizer build. Each case makes one deliberate leak of 777 bytes; the
// test passes when LeakSanitizer reports exactly that leak, and fails when
// it dies scanning a stack or misses the leak.
//
//   ended_thread       a thread process returns (SystemC switches out of it
//                      with no sanitizer annotation) and is collected, its
//                      stack unmapped; one page inside the old range is
//                      mapped again, so scanning the dead range faults.
//                      Before announce_main_stack_to_sanitizers() existed,
//                      LeakSanitizer died here ("Tracer caught signal 11").
//   main_between_runs  a thread yields back to the main stack, which SystemC
//                      announces as 0 bytes at address 0: an allocation made
//                      on the main stack then had no usable stack trace and
//                      LeakSanitizer counted it reachable (the leak was missed).
#include "models/systemc/sanitizer_stack.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/mman.h>
#include <systemc>
#include <unistd.h>

namespace {

std::uintptr_t g_thread_local_page = 0;

__attribute__((noinline)) void leak_777_bytes() {
    char* volatile lost = static_cast<char*>(std::malloc(777));
    lost[0] = 1;
}

bool mapped(std::uintptr_t page) {
    return msync(reinterpret_cast<void*>(page), 1, MS_ASYNC) == 0 || errno != ENOMEM;
}

struct EndingThread : sc_core::sc_module {
    SC_CTOR(EndingThread) { SC_THREAD(run); }
    void run() {
        volatile int on_this_stack = 0;
        const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
        g_thread_local_page = reinterpret_cast<std::uintptr_t>(&on_this_stack) & ~(page - 1);
        wait(1, sc_core::SC_NS);
    } // returns: SystemC aborts out of this coroutine
};

struct YieldingThread : sc_core::sc_module {
    SC_CTOR(YieldingThread) { SC_THREAD(run); }
    void run() {
        for (;;) wait(5, sc_core::SC_NS);
    }
};

int ended_thread() {
    EndingThread top("top");
    sc_core::sc_start(3, sc_core::SC_NS); // ends at 1 ns, collected after
    const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
    const std::uintptr_t below = g_thread_local_page - page;
    if (!g_thread_local_page || mapped(g_thread_local_page) || mapped(below)) {
        std::fprintf(stderr, "set-up failed: the ended thread's stack is still mapped\n");
        return 2;
    }
    // A mapped page just below an unmapped one, both in the dead range.
    if (mmap(reinterpret_cast<void*>(below), page, PROT_READ,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0) == MAP_FAILED) {
        std::fprintf(stderr, "set-up failed: mmap: %s\n", std::strerror(errno));
        return 2;
    }
    syncsim::announce_main_stack_to_sanitizers();
    leak_777_bytes();
    return 0;
}

int main_between_runs() {
    YieldingThread top("top");
    sc_core::sc_start(2, sc_core::SC_NS); // the thread yielded back to main
    leak_777_bytes();
    sc_core::sc_start(8, sc_core::SC_NS);
    return 0;
}

} // namespace

int sc_main(int argc, char* argv[]) {
    const std::string which = argc > 1 ? argv[1] : "";
    if (which == "ended_thread") return ended_thread();
    if (which == "main_between_runs") return main_between_runs();
    std::fprintf(stderr, "usage: %s ended_thread|main_between_runs\n", argv[0]);
    return 2;
}
