// Reading YAML with errors that name the file, the line and the key, and
// suggest the nearest known key for a misspelt one. Every config and platform
// reader goes through this, so no key is ever read silently.
#pragma once

#include "config/config_error.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>
#include <yaml-cpp/yaml.h>

namespace syncsim {

// A value or name as a message quotes it: in single quotes, cut to a short
// prefix when long ("'aaaa...' (100000 characters)"), control characters
// shown as escapes, so no input makes a message long or unreadable.
std::string quote_short(const std::string& value);
// A count or index as written by hand ("12"): digits only, no sign, no
// leading zero, at most 9 digits; -1 for anything else.
std::int64_t plain_number(const std::string& digits);

// The length of `text` cut to at most `max` bytes, never inside a UTF-8
// character.
std::size_t utf8_cut(const std::string& text, std::size_t max);

// What a YAML node is, for "expected X, got Y": its text quoted, or "an
// empty value (null)", "a list", "a mapping".
std::string describe_node(const YAML::Node& node);

// A key's path as the user typed it: a --set of platform.X sets the
// config's overrides.X (driver/experiment/experiment_config.cpp, apply_set), and a
// message about it says platform.X.
std::string typed_path(const std::string& path, bool from_set);

// The nearest candidate within a small edit distance, or empty.
std::string nearest_name(const std::string& word, const std::vector<std::string>& candidates);

// "file:line" for a node read from a file; "--set PATH" for one set on the command line.
std::string location(const std::string& file, const YAML::Node& node, const std::string& path);

// Every YAML text syncsim reads goes through these: one document, no key
// given twice, text keys, no tags, anchors or aliases. Errors name `source`
// (a file) and the line.
constexpr std::uintmax_t kMaxYamlFileBytes = 16u << 20;
YAML::Node load_yaml_file(const std::string& file);
// The text of a YAML file, after checking it is a readable regular file of
// at most kMaxYamlFileBytes.
std::string read_yaml_file_text(const std::string& file);
YAML::Node parse_yaml_text(const std::string& text, const std::string& source);

class MapView {
  public:
    // `fallback` locates a key that is absent (the parent's position).
    MapView(YAML::Node node, std::string file, std::string path, std::string fallback = "");

    // Throws on any key not listed, suggesting the nearest listed one.
    void allow_only(const std::vector<std::string>& keys) const;
    std::vector<std::string> keys() const;
    // Every key with its value, in one pass (looking each key up again is
    // linear in the map's size: a map of many keys must be read this way).
    struct Entry {
        std::string key;
        YAML::Node value;
        std::string where; // file:line of the key, for messages
    };
    std::vector<Entry> entries() const;

    bool has(const std::string& key) const { return bool(m_node[key]); }
    YAML::Node node(const std::string& key) const { return m_node[key]; }
    MapView map(const std::string& key) const;
    // A list of mappings (empty when the key is absent); each is named KEY[i].
    std::vector<MapView> list(const std::string& key) const;
    std::string path_of(const std::string& key) const;
    std::string where(const std::string& key) const;
    std::string where() const;
    // Where a key's value came from, stable under edits that do not touch
    // it: "FILE#key.path" (no line number: a comment added above must not
    // change a recorded result), or "--set key.path" for a command line.
    std::string provenance(const std::string& key) const;
    const std::string& file() const { return m_file; }

    std::string text(const std::string& key) const;
    std::string choice(const std::string& key, const std::vector<std::string>& choices) const;
    std::int64_t integer(const std::string& key, std::int64_t min, std::int64_t max) const;
    double real(const std::string& key, double min, double max) const;
    bool boolean(const std::string& key) const;

    std::optional<std::string> opt_text(const std::string& key) const;
    std::optional<std::int64_t> opt_integer(const std::string& key, std::int64_t min,
                                            std::int64_t max) const;
    std::optional<bool> opt_boolean(const std::string& key) const;

    [[noreturn]] void fail(const std::string& key, const std::string& message) const;

  private:
    YAML::Node required(const std::string& key, const char* kind) const;

    YAML::Node m_node;
    std::string m_file, m_path, m_fallback;
};

// Scalar conversions shared by every reader; `what` names the key in errors.
std::int64_t scalar_integer(const YAML::Node& n, const std::string& where, std::int64_t min,
                            std::int64_t max);
double scalar_real(const YAML::Node& n, const std::string& where, double min, double max);
bool scalar_boolean(const YAML::Node& n, const std::string& where);

// Parses "500 us", "2ms", "1.5 s" into picoseconds.
std::uint64_t parse_duration_ps(const std::string& text, const std::string& where);

} // namespace syncsim
