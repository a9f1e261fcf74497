// The result's schema (docs/result.schema.json): what every field of
// `syncsim run --json` means, its type and its unit. Built into the binary,
// so that --stats names each figure's unit and meaning from the one place
// that documents them, and a test validates every golden result against it.
#pragma once

#include <nlohmann/json.hpp>

namespace syncsim {

// The result's `schema_version`: raised when a field changes meaning or is
// removed (the schema's `schema_version.const` says the same; a test checks).
constexpr int kResultSchemaVersion = 1;

// The schema file's text, as built in (generated from docs/result.schema.json).
const char* result_schema_text();
// The schema, parsed once.
const nlohmann::json& result_schema();

} // namespace syncsim
