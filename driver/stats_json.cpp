#include "driver/stats_json.hpp"

namespace syncsim {

using nlohmann::json;

json to_json(const ReportValue& value) {
    using Kind = ReportValue::Kind;
    switch (value.kind()) {
    case Kind::Absent:
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

} // namespace syncsim
