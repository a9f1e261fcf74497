#include "models/systemc/sanitizer_stack.hpp"

#include <cstddef>
#include <pthread.h>

#if defined(SYNCSIM_ASAN)
#include <dlfcn.h>
#endif

// Weak, as SystemC itself declares them: null unless a sanitizer runtime is
// linked in, so a normal build calls nothing. (Under ASan the start is
// defined below.)
extern "C" {
#if !defined(SYNCSIM_ASAN)
void __sanitizer_start_switch_fiber(void** fake_stack_save, const void* bottom, std::size_t size)
    __attribute__((weak));
#endif
void __sanitizer_finish_switch_fiber(void* fake_stack_save, const void** bottom_old,
                                     std::size_t* size_old) __attribute__((weak));
}

namespace {

struct StackRange {
    void* bottom = nullptr;
    std::size_t size = 0;
};

StackRange main_stack() {
    // Read once, on the main thread, before any coroutine runs.
    static const StackRange range = [] {
        StackRange r;
        pthread_attr_t attr;
        if (pthread_getattr_np(pthread_self(), &attr) != 0) return r;
        if (pthread_attr_getstack(&attr, &r.bottom, &r.size) != 0) r = {};
        pthread_attr_destroy(&attr);
        return r;
    }();
    return range;
}
const StackRange kMainStackAtStart = main_stack();

} // namespace

#if defined(SYNCSIM_ASAN)
// SystemC's yield() into the main coroutine announces a stack of size 0 at
// address 0 (its main coroutine records no stack). ASan then cannot unwind
// on the main stack: every allocation made there (SC_METHODs, everything
// after sc_start) gets a one-frame trace, and LeakSanitizer deems such
// chunks reachable ("may be allocated in a coroutine") and never reports
// them. This definition, found before the sanitizer's own by the dynamic
// linker, puts the main stack's real bounds in and passes the call on.
extern "C" __attribute__((visibility("default"))) void
__sanitizer_start_switch_fiber(void** fake_stack_save, const void* bottom, std::size_t size) {
    using Start = void (*)(void**, const void*, std::size_t);
    static const Start sanitizers_own =
        reinterpret_cast<Start>(dlsym(RTLD_NEXT, "__sanitizer_start_switch_fiber"));
    if (!sanitizers_own) return;
    if (!bottom && size == 0) {
        bottom = kMainStackAtStart.bottom;
        size = kMainStackAtStart.size;
    }
    sanitizers_own(fake_stack_save, bottom, size);
}
#endif

namespace syncsim {

void announce_main_stack_to_sanitizers() {
#if !defined(SYNCSIM_ASAN)
    if (!__sanitizer_start_switch_fiber) return;
#endif
    if (!__sanitizer_finish_switch_fiber) return;
    const StackRange r = main_stack();
    if (!r.bottom) return;
    // A switch from this stack to itself: ASan records its bounds as current.
    __sanitizer_start_switch_fiber(nullptr, r.bottom, r.size);
    __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
}

} // namespace syncsim
