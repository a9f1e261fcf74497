// The Ascend part of a run's result: per-core reports as JSON, the table of
// barrier rounds across cores, every section the result holds, and the
// summary rendered from that result.
#pragma once

#include "models/core/core_report.hpp"
#include "platforms/platform.hpp"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

class AscendDevice;
class HostRuntime;

// One barrier round across cores: when the first core arrived, the last
// arrived, the first and the last were released.
struct RoundRow {
    std::uint64_t launch;
    std::uint32_t round;
    std::uint64_t first_arrival = ~0ull, last_arrival = 0, first_release = ~0ull, last_release = 0;
    int count = 0, released = 0;
    int early = 0; // released before the round's last arrival
    struct CoreTimes {
        std::string core;
        std::uint64_t arrived, released;
        bool has_release;
    };
    std::vector<CoreTimes> cores;
};

std::vector<RoundRow> round_table(const std::vector<CoreReport>& reports);
nlohmann::json core_json(const CoreReport& r);
nlohmann::json ascend_sections(const Platform& platform, AscendDevice& device,
                               const HostRuntime& host, const std::vector<CoreReport>& reports,
                               const std::vector<RoundRow>& rounds);

void summarize_ascend_setup(std::ostream& s, const nlohmann::json& result);
void summarize_ascend(std::ostream& s, const nlohmann::json& result);

} // namespace syncsim
