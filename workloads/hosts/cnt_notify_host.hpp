// What the CntNotify host programs share: a stream's unit of work (the
// cnt_notify_count kernel, registered in cnt_notify.cpp), reading a word,
// checking a return code, and a wait's info.
#pragma once

#include "syncsim/host_api.hpp"

#include <cstdint>
#include <string>

namespace syncsim::cnt_host {

inline void launch_count(HostApi& host, StreamId stream, GmAddr counter, std::uint64_t cycles) {
    KernelLaunch l;
    l.kernel = "cnt_notify_count";
    l.target = host.device().arch + "-vec";
    l.block_dim = 1;
    l.args = {counter, cycles};
    host.launch(stream, l);
}

inline std::int32_t word(HostApi& host, GmAddr addr) {
    return host.read_array<std::int32_t>(addr, 1)[0];
}

inline void expect_code(HostApi& host, const std::string& what, aclError got, aclError want) {
    host.check(what, got == want,
               "returned " + std::to_string(got) + ", expected " + std::to_string(want));
}

inline aclrtCntNotifyWaitInfo wait_info(aclrtCntNotifyWaitMode mode, std::uint32_t value,
                                        std::uint32_t timeout, bool clear) {
    aclrtCntNotifyWaitInfo w{};
    w.mode = mode;
    w.value = value;
    w.timeout = timeout;
    w.isClear = clear ? 1 : 0;
    return w;
}

} // namespace syncsim::cnt_host
