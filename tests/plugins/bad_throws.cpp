// A plugin that throws while registering.
#include <syncsim/plugin.hpp>

#include <stdexcept>

SYNCSIM_PLUGIN("thrower") {
    (void)sink;
    throw std::runtime_error("the plugin's own table is broken");
}
