// A plugin that loads and registers well but whose static destructor aborts,
// as a damaged library's can (freeing what it never allocated): it would run
// at the process's exit, after the run's outputs, where no trial load sees it.
#include <syncsim/cce.hpp>
#include <syncsim/plugin.hpp>

#include <cstdlib>

namespace {
void idle_kernel(syncsim::KernelContext&) {}

struct AbortsAtExit {
    ~AbortsAtExit() { std::abort(); }
} aborts_at_exit;
} // namespace

SYNCSIM_PLUGIN("bad_destructor") {
    sink.add(syncsim::KernelEntry{"idle_after_exit", "does nothing", idle_kernel, {}, {}});
}
