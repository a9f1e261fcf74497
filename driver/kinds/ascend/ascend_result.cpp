// The Ascend result's sections: the platform's parameters, then whatever
// the device's and the host's statistics groups report (the models declare
// them; this file knows none of them).
#include "driver/kinds/ascend/ascend_result.hpp"

#include "driver/run/result_parts.hpp"
#include "driver/run/stats_json.hpp"

#include <systemc>

namespace syncsim {

using nlohmann::json;

json ascend_sections(const Platform& platform, const StatsRegistry& stats) {
    json out = json::object();
    out["platform"] = platform_json(platform);
    write_stats(stats, out);
    out["events"]["delta_cycles"] = sc_core::sc_delta_count();
    return out;
}

} // namespace syncsim
