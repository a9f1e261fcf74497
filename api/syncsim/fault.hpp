// A fault is a bug in the simulated software (bad address, misuse of an
// intrinsic): the core that hit it stops and the result reports it. It is not
// a simulator crash.
#pragma once

#include <stdexcept>
#include <string>

namespace syncsim {

class KernelFault : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

} // namespace syncsim
