#include "workloads/default_host.hpp"

namespace syncsim {

const std::vector<std::string>& default_host_checks() {
    static const std::vector<std::string> names = {"launch accepted",
                                                   "stream synchronises without error"};
    return names;
}

HostProgram default_host_program(const KernelEntry& kernel, const KernelLaunch& launch,
                                 const ParamMap& params) {
    return [&kernel, launch, params](HostApi& host) {
        KernelLaunch l = launch;
        l.kernel = kernel.name;
        l.args.clear();
        for (const KernelBuffer& b : kernel.buffers) {
            const std::uint64_t bytes = b.bytes(launch.block_dim, params);
            const GmAddr addr = host.malloc(bytes, b.name);
            host.memset(addr, 0, bytes);
            l.args.push_back(addr);
        }
        const int rc = host.launch(host.default_stream(), l);
        host.check(default_host_checks()[0], rc == 0, "returned " + std::to_string(rc));
        const int sync = host.synchronize_stream(host.default_stream());
        host.check(default_host_checks()[1], sync == 0,
                   "aclrtSynchronizeStream returned " + std::to_string(sync));
    };
}

} // namespace syncsim
