#include "driver/run/result_schema.hpp"

namespace syncsim {

const nlohmann::json& result_schema() {
    static const nlohmann::json schema = nlohmann::json::parse(result_schema_text());
    return schema;
}

} // namespace syncsim
