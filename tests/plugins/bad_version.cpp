// A plugin built against another version of the plugin ABI.
#include <syncsim/plugin.hpp>

#undef SYNCSIM_PLUGIN_API_VERSION
#define SYNCSIM_PLUGIN_API_VERSION 999

SYNCSIM_PLUGIN("from_the_future") {
    (void)sink;
}
