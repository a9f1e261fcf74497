// A plugin whose kernel, and whose host program, throw a C++ exception while
// they run: the core faults, or the run ends as a host error, with the text.
#include <syncsim/cce.hpp>
#include <syncsim/plugin.hpp>

#include <stdexcept>

namespace {
void throws_at_run(syncsim::KernelContext&) {
    if (get_block_idx() == 1) throw std::out_of_range("index 7 past the end of my table");
}
void host_throws(syncsim::HostApi&) {
    throw std::runtime_error("my host program gave up");
}
} // namespace

SYNCSIM_PLUGIN("kernel_throws") {
    sink.add(syncsim::KernelEntry{"throws_at_run", "block 1 throws", throws_at_run, {}, {}});
    sink.add(syncsim::HostEntry{"host_throws", "throws at once", host_throws, {}});
}
