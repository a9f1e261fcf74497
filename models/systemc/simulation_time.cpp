#include "models/systemc/simulation_time.hpp"

#include "syncsim/fault.hpp"

namespace syncsim {

void ThreadBudget::take(const std::string& what) {
    if (used() >= limit())
        throw KernelFault(what +
                          ": cannot start another SystemC thread: this machine holds about " +
                          std::to_string(limit()) +
                          " (its memory or ulimit -v) and the run uses them all; use fewer cores");
    ++used();
}

} // namespace syncsim
