#include "driver/run/stats_json.hpp"

#include <algorithm>

namespace syncsim {

using nlohmann::json;

json to_json(const ReportValue& value) {
    using Kind = ReportValue::Kind;
    switch (value.kind()) {
    case Kind::Absent:
    case Kind::Null:
        return json();
    case Kind::Flag:
        return value.flag();
    case Kind::Count:
        return value.count();
    case Kind::Signed:
        return value.signed_value();
    case Kind::Real:
        return value.real();
    case Kind::Text:
        return value.text();
    case Kind::List: {
        json list = json::array();
        for (const ReportValue& item : value.list()) list.push_back(to_json(item));
        return list;
    }
    case Kind::Map: {
        json map = json::object();
        for (const auto& [key, item] : value.map())
            if (!item.absent()) map[key] = to_json(item);
        return map;
    }
    }
    return json();
}

void write_stats(const StatsRegistry& stats, json& out) {
    for (const StatsGroup* group : stats.groups())
        for (const Statistic& s : group->stats()) {
            const ReportValue value = s.value();
            if (value.absent()) continue;
            json* at = &out;
            std::string::size_type start = 0;
            for (std::string::size_type dot; (dot = s.path.find('.', start)) != std::string::npos;
                 start = dot + 1)
                at = &(*at)[s.path.substr(start, dot - start)];
            (*at)[s.path.substr(start)] = to_json(value);
        }
}

void write_summary(const StatsRegistry& stats, SummaryOut& out, SummaryPart first,
                   SummaryPart last) {
    std::vector<const SummarySection*> parts;
    for (const StatsGroup* group : stats.groups())
        for (const SummarySection& section : group->summaries())
            if (section.part >= first && section.part <= last) parts.push_back(&section);
    // By place; within one place, in the order the groups were registered.
    std::stable_sort(parts.begin(), parts.end(),
                     [](const auto* a, const auto* b) { return a->part < b->part; });
    for (const SummarySection* section : parts) section->write(out);
}

} // namespace syncsim
