// The main thread's stack, told again to AddressSanitizer once the SystemC
// kernel has handed control back.
//
// Debian's SystemC 2.3.4 announces a coroutine switch to the sanitizers in
// yield() but not in abort(), the switch a thread process takes when it ends
// or is killed (sc_cor_qt.cpp at tag 2.3.4: sc_cor_pkg_qt::abort calls
// QUICKTHREADS_ABORT with no __sanitizer_start_switch_fiber). After such a
// switch into the main stack, ASan still takes the dead process's stack for
// the current one; SystemC unmaps that stack when it collects the process,
// and LeakSanitizer, scanning "the main thread's stack" at exit, reads
// unmapped pages and dies with signal 11. Whether the range is still mapped
// then depends on the address layout, so the failure came and went.
#pragma once

// SYNCSIM_ASAN: built with AddressSanitizer. GCC says so with
// __SANITIZE_ADDRESS__, clang (the sanitizer and fuzz tree) only through
// __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define SYNCSIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SYNCSIM_ASAN 1
#endif
#endif

namespace syncsim {

// Tells the sanitizers, if the program runs under them, that the current
// stack is the main thread's own. Call on the main stack (sc_main, after
// sc_start returns); a no-op without sanitizers.
void announce_main_stack_to_sanitizers();

} // namespace syncsim
