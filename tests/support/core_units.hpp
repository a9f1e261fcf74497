// One AiCore's units on their own, as AiCore holds them, for the model
// tests of those units (test_core_units.cpp, test_core_gm_path.cpp).
#pragma once

#include "models/core/core_activity.hpp"
#include "models/core/gm_access_path.hpp"
#include "models/core/local_time.hpp"

#include <cmath>

namespace syncsim::test {

inline long long ns(const sc_core::sc_time& t) {
    return std::llround(t.to_seconds() * 1e9);
}

inline CoreConfig core_config(int id) {
    CoreConfig c;
    c.soc_core_id = id;
    c.cache_line_bytes = 64;
    c.cache_bytes = 1024;
    c.timing.cache_hit = 2;
    c.timing.scalar_op = 1;
    c.timing.dcci_clean = 4;
    c.timing.dsb = 3;
    c.timing.pipe_issue = 1;
    c.timing.pipe_barrier = 1;
    c.timing.dma_setup = 10;
    c.ub_bytes = 4096;
    return c;
}

// One core's units, as AiCore holds them.
struct CoreUnits : sc_core::sc_module {
    CoreConfig config;
    LocalTime time;
    CoreActivity activity;
    GmAccessPath memory;
    CoreUnits(sc_core::sc_module_name name, int id, const Clock& clock)
        : sc_module(name), config(core_config(id)), time(clock), activity(time, id),
          memory(*this, config, time, activity) {}
};

} // namespace syncsim::test
