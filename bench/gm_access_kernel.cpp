// The kernel of `syncsim_bench gm-access`: one source built twice, with
// g++ and gm_ptr<T>, and with clang and syncsim's pass (`__gm__ T*`), so the
// two paths run the same scalar GM accesses. Each block sums and rewrites
// its own 4 KiB of GM, 16 times over.
#include "syncsim/cce_builtins.hpp"

#include <cstdint>

extern "C" __global__ __aicore__ void gm_access_bench() {
    // Each block's own 4 KiB of the device's GM (it starts at 4 GiB).
    using Ints = syncsim::kernel_ptr::gm<std::int32_t>;
    const Ints data = (Ints)(syncsim::GmAddr{0x100000000ull} + 4096ull * get_block_idx());
    std::int32_t sum = 0;
    for (int pass = 0; pass < 16; ++pass)
        for (int i = 0; i < 1024; ++i) {
            sum += data[i];
            data[i] = sum;
        }
}

#if !defined(SYNCSIM_INSTRUMENTED)
#include "syncsim/cce.hpp"
#include "syncsim/plugin.hpp"
SYNCSIM_PLUGIN("bench_gm_access_gm_ptr") {
    sink.add(syncsim::KernelEntry{"gm_access_bench",
                                  "32768 scalar GM accesses per block",
                                  &syncsim::vendor_kernel<gm_access_bench>,
                                  {},
                                  {}});
}
#endif
