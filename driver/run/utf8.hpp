// Text from users (file names, descriptions, --set values) reaches the JSON
// result; JSON must be UTF-8, so bytes that are not are escaped as "\xNN"
// (visible, reversible) instead of failing the write after the run.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace syncsim {

// `text` with every byte that is not part of a well-formed UTF-8 sequence
// written as the four characters \xNN.
std::string escape_invalid_utf8(const std::string& text);

// Applies escape_invalid_utf8 to every string and object key in `j`.
void make_valid_utf8(nlohmann::json& j);

} // namespace syncsim
