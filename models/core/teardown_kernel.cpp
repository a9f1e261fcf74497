#include "models/core/teardown_kernel.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace syncsim {

std::uint64_t TeardownKernel::call() {
    m_register = 0;
    if (++m_calls == kCallBound) {
        // Nothing can be thrown from here (a destructor is running): the
        // process ends with the reason.
        std::fprintf(stderr,
                     "error: a kernel's destructors called %llu intrinsics while its core was "
                     "torn down (a wait loop in a destructor?); syncsim stops\n",
                     static_cast<unsigned long long>(kCallBound));
        std::exit(2);
    }
    return 0;
}

std::uint64_t TeardownKernel::arg(std::size_t i) const {
    try {
        return m_real.arg(i);
    } catch (...) {
        return 0;
    }
}

const ParamValue& TeardownKernel::param(const std::string& n) const {
    static const ParamValue none = std::int64_t{0};
    try {
        return m_real.param(n);
    } catch (...) {
        return none;
    }
}

void TeardownKernel::zero(void* out, unsigned bytes) {
    call();
    std::memset(out, 0, bytes);
}

} // namespace syncsim
