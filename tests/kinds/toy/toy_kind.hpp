// A test kind: the platform kind a new developer would add first, kept in
// one folder (this one) and added to the registry by one line
// (add_platform_kind(toy_kind())): its platform file, its model, its config
// reader and its run target. Its cores each work a while, then meet at one
// counting barrier that releases when `participants` cores have arrived;
// a barrier for more participants than there are cores never releases, and
// the run deadlocks with every core waiting on it.
#pragma once

#include "driver/kinds/platform_kind.hpp"

namespace syncsim::toy {

PlatformKind toy_kind();

} // namespace syncsim::toy
