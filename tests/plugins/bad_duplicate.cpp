// A plugin whose kernel takes the name of a built-in one.
#include <syncsim/plugin.hpp>

namespace {
void clash(syncsim::KernelContext& k) {
    k.scalar_work(1);
}
} // namespace

SYNCSIM_PLUGIN("clash") {
    sink.add(syncsim::KernelEntry{"gm_roundtrip", "a second gm_roundtrip", clash, {}, {}});
}
