#include "config/yaml_view.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

namespace syncsim {

namespace {

// Edit distance where swapping two neighbouring characters counts as one edit.
std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1,
                                d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
}

} // namespace

std::int64_t plain_number(const std::string& digits) {
    if (digits.empty() || digits.size() > 9 || (digits.size() > 1 && digits[0] == '0') ||
        digits.find_first_not_of("0123456789") != std::string::npos)
        return -1;
    return std::stoll(digits);
}

std::size_t utf8_cut(const std::string& text, std::size_t max) {
    std::size_t cut = std::min(text.size(), max);
    // Back to the start of the character a continuation byte belongs to.
    while (cut < text.size() && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xc0) == 0x80)
        --cut;
    return cut;
}

std::string quote_short(const std::string& value) {
    constexpr std::size_t kShown = 60;
    const std::size_t cut = utf8_cut(value, kShown);
    std::string out = "'";
    for (std::size_t i = 0; i < cut; ++i) {
        const auto u = static_cast<unsigned char>(value[i]);
        if (u >= 0x20 && u != 0x7f) {
            out += value[i];
        } else if (u == '\n') {
            out += "\\n";
        } else {
            static const char* const hex = "0123456789abcdef";
            out += std::string("\\x") + hex[u >> 4] + hex[u & 15];
        }
    }
    if (cut == value.size()) return out + "'";
    return out + "...' (" + std::to_string(value.size()) + " characters)";
}

std::string describe_node(const YAML::Node& node) {
    if (!node || node.IsNull()) return "an empty value (null)";
    if (node.IsSequence()) return "a list";
    if (node.IsMap()) return "a mapping";
    return quote_short(node.Scalar());
}

namespace {
// Whether `word` is one of `name`'s parts ("aiv" of "aiv_only"), in any case.
bool is_part_of(const std::string& word, const std::string& name) {
    std::string lower_word, part;
    for (char c : word)
        lower_word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::size_t i = 0; i <= name.size(); ++i) {
        const char c = i < name.size() ? name[i] : '_';
        if (c == '_' || c == '.' || c == '-') {
            if (part == lower_word) return true;
            part.clear();
        } else {
            part += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    }
    return false;
}
} // namespace

std::string nearest_name(const std::string& word, const std::vector<std::string>& candidates) {
    // A word that is a part of exactly one candidate names it ("aiv" for
    // "aiv_only", not the nearer "mix").
    std::string only;
    int parts = 0;
    for (const auto& c : candidates)
        if (c != word && is_part_of(word, c) && ++parts == 1) only = c;
    if (parts == 1) return only;
    std::string best;
    std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
    const auto lower = [](std::string t) {
        for (char& ch : t) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        return t;
    };
    for (const auto& c : candidates) {
        const std::size_t d = edit_distance(lower(word), lower(c)); // AIV_ONLY: aiv_only
        if (d < best_distance) {
            best = c;
            best_distance = d;
        }
    }
    return best;
}

std::string typed_path(const std::string& path, bool from_set) {
    return from_set && path.rfind("overrides.", 0) == 0 ? "platform." + path.substr(10) : path;
}

std::string location(const std::string& file, const YAML::Node& node, const std::string& path) {
    const YAML::Mark mark = node.Mark();
    if (mark.line < 0) {
        const std::string typed = typed_path(path, true); // a --set made it
        return "--set " + (typed.size() > 60 ? quote_short(typed) : typed);
    }
    return file + ":" + std::to_string(mark.line + 1);
}

MapView::MapView(YAML::Node node, std::string file, std::string path, std::string fallback)
    : m_node(node.IsDefined() ? std::move(node) : YAML::Node()), m_file(std::move(file)),
      m_path(std::move(path)), m_fallback(std::move(fallback)) {
    if (!m_node.IsMap() && !m_node.IsNull())
        throw ConfigError(where() + ": '" + (m_path.empty() ? "the document" : m_path) +
                          "' must be a mapping of keys to values");
}

std::vector<std::string> MapView::keys() const {
    std::vector<std::string> out;
    if (!m_node || !m_node.IsMap()) return out;
    for (const auto& kv : m_node) out.push_back(kv.first.as<std::string>());
    return out;
}

std::vector<MapView::Entry> MapView::entries() const {
    std::vector<Entry> out;
    if (!m_node || !m_node.IsMap()) return out;
    for (const auto& kv : m_node) {
        const std::string key = kv.first.as<std::string>();
        out.push_back({key, kv.second, location(m_file, kv.first, path_of(key))});
    }
    return out;
}

void MapView::allow_only(const std::vector<std::string>& allowed) const {
    if (!m_node || !m_node.IsMap()) return;
    for (const auto& kv : m_node) {
        const std::string key = kv.first.as<std::string>();
        if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
        const std::string at = location(m_file, kv.first, path_of(key));
        const bool from_set = at.rfind("--set", 0) == 0;
        std::string message =
            at + ": unknown key " + quote_short(typed_path(path_of(key), from_set));
        const std::string hint = nearest_name(key, allowed);
        if (!hint.empty())
            message += "; did you mean '" + typed_path(path_of(hint), from_set) + "'?";
        message += " (known here: " + join(allowed) + ")";
        throw ConfigError(message);
    }
}

MapView MapView::map(const std::string& key) const {
    return MapView(m_node[key], m_file, path_of(key), where());
}

std::vector<MapView> MapView::list(const std::string& key) const {
    const YAML::Node n = m_node[key];
    std::vector<MapView> out;
    if (!n || n.IsNull()) return out;
    if (!n.IsSequence()) fail(key, "must be a list");
    for (std::size_t i = 0; i < n.size(); ++i) {
        const std::string path = path_of(key) + "[" + std::to_string(i) + "]";
        if (!n[i].IsMap())
            throw ConfigError(location(m_file, n[i], path) + ": '" + path +
                              "' must be a mapping of keys to values");
        out.emplace_back(n[i], m_file, path, where(key));
    }
    return out;
}

std::string MapView::where() const {
    if (m_node.IsNull() && !m_fallback.empty()) return m_fallback;
    return location(m_file, m_node, m_path);
}

std::string MapView::path_of(const std::string& key) const {
    return m_path.empty() ? key : m_path + "." + key;
}

std::string MapView::provenance(const std::string& key) const {
    const YAML::Node n = m_node[key];
    if (n && n.Mark().line < 0) return location(m_file, n, path_of(key));
    return m_file + "#" + path_of(key);
}

std::string MapView::where(const std::string& key) const {
    const YAML::Node n = m_node[key];
    return n ? location(m_file, n, path_of(key)) : where();
}

void MapView::fail(const std::string& key, const std::string& message) const {
    const std::string at = where(key);
    throw ConfigError(at + ": key '" + typed_path(path_of(key), at.rfind("--set", 0) == 0) +
                      "': " + message);
}

YAML::Node MapView::required(const std::string& key, const char* kind) const {
    const YAML::Node n = m_node[key];
    if (!n) {
        throw ConfigError(where() + ": missing key '" + path_of(key) + "' (" + kind + ")");
    }
    if (!n.IsScalar()) fail(key, std::string("expected ") + kind);
    return n;
}

std::string MapView::text(const std::string& key) const {
    return required(key, "a text value").Scalar();
}

std::string MapView::choice(const std::string& key, const std::vector<std::string>& choices) const {
    const std::string v = text(key);
    if (std::find(choices.begin(), choices.end(), v) != choices.end()) return v;
    std::string message = quote_short(v) + " is not one of: " + join(choices);
    const std::string hint = nearest_name(v, choices);
    if (!hint.empty()) message += "; did you mean '" + hint + "'?";
    fail(key, message);
}

namespace {
// "010": octal 8 to YAML 1.1 (and yaml-cpp), decimal 10 to YAML 1.2.
bool leading_zero(const std::string& s) {
    const std::size_t digits = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
    return s.size() > digits + 1 && s[digits] == '0' &&
           std::isdigit(static_cast<unsigned char>(s[digits + 1]));
}
} // namespace

std::int64_t scalar_integer(const YAML::Node& n, const std::string& where, std::int64_t min,
                            std::int64_t max) {
    std::int64_t v = 0;
    const std::string range = "[" + std::to_string(min) + ", " + std::to_string(max) + "]";
    if (!n.IsScalar() || !YAML::convert<std::int64_t>::decode(n, v))
        throw ConfigError(where + ": expected an integer in " + range + ", got " +
                          describe_node(n));
    if (leading_zero(n.Scalar()))
        throw ConfigError(where + ": " + quote_short(n.Scalar()) +
                          " has a leading zero, which YAML 1.1 reads as octal (" +
                          std::to_string(v) + ") and YAML 1.2 as decimal: write it without");
    if (v < min || v > max)
        throw ConfigError(where + ": " + std::to_string(v) + " is outside " + range);
    return v;
}

double scalar_real(const YAML::Node& n, const std::string& where, double min, double max) {
    double v = 0;
    if (!n.IsScalar() || !YAML::convert<double>::decode(n, v) || !std::isfinite(v))
        throw ConfigError(where + ": expected a number, got " + describe_node(n));
    if (v < min || v > max) {
        std::ostringstream os;
        os << where << ": " << v << " is outside [" << min << ", " << max << "]";
        throw ConfigError(os.str());
    }
    return v;
}

bool scalar_boolean(const YAML::Node& n, const std::string& where) {
    bool v = false;
    if (!n.IsScalar() || !YAML::convert<bool>::decode(n, v))
        throw ConfigError(where + ": expected true or false, got " + describe_node(n));
    return v;
}

std::int64_t MapView::integer(const std::string& key, std::int64_t min, std::int64_t max) const {
    return scalar_integer(required(key, "an integer"), where(key) + ": key '" + path_of(key) + "'",
                          min, max);
}

double MapView::real(const std::string& key, double min, double max) const {
    return scalar_real(required(key, "a number"), where(key) + ": key '" + path_of(key) + "'", min,
                       max);
}

bool MapView::boolean(const std::string& key) const {
    return scalar_boolean(required(key, "true or false"),
                          where(key) + ": key '" + path_of(key) + "'");
}

std::optional<std::string> MapView::opt_text(const std::string& key) const {
    if (!has(key)) return std::nullopt;
    return text(key);
}

std::optional<std::int64_t> MapView::opt_integer(const std::string& key, std::int64_t min,
                                                 std::int64_t max) const {
    if (!has(key)) return std::nullopt;
    return integer(key, min, max);
}

std::optional<bool> MapView::opt_boolean(const std::string& key) const {
    if (!has(key)) return std::nullopt;
    return boolean(key);
}

std::uint64_t parse_duration_ps(const std::string& text, const std::string& where) {
    // A decimal number (no sign, hex or exponent), optional spaces, a unit;
    // the value must be a whole number of picoseconds (nothing rounds away).
    static const std::vector<std::pair<std::string, int>> units = {
        {"ps", 0}, {"ns", 3}, {"us", 6}, {"ms", 9}, {"s", 12}};
    constexpr std::uint64_t kMaxPs = 8'640'000'000'000'000'000ull; // 100 days
    const auto not_a_duration = [&] {
        return ConfigError(where + ": " + quote_short(text) +
                           " is not a duration: a decimal number and a unit (ps, ns, us, ms or "
                           "s), e.g. '500 us'");
    };
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    std::size_t i = text.find_first_not_of(' ');
    if (i == std::string::npos) throw not_a_duration();
    std::string digits, fraction;
    while (i < text.size() && digit(text[i])) digits += text[i++];
    if (i < text.size() && text[i] == '.') {
        ++i;
        while (i < text.size() && digit(text[i])) fraction += text[i++];
        if (fraction.empty()) throw not_a_duration();
    }
    if (digits.empty()) throw not_a_duration();
    while (i < text.size() && text[i] == ' ') ++i;
    std::string unit = text.substr(i);
    unit.erase(unit.find_last_not_of(' ') + 1);
    int exponent = -1;
    for (const auto& [name, e] : units)
        if (unit == name) exponent = e;
    if (exponent < 0) throw not_a_duration();
    while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
    if (static_cast<int>(fraction.size()) > exponent)
        throw ConfigError(where + ": " + quote_short(text) +
                          " is not a whole number of picoseconds (the time resolution)");
    digits += fraction + std::string(static_cast<std::size_t>(exponent) - fraction.size(), '0');
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
    const std::string limit = std::to_string(kMaxPs);
    if (digits.size() > limit.size() || (digits.size() == limit.size() && digits > limit))
        throw ConfigError(where + ": duration " + quote_short(text) + " is longer than 100 days");
    if (digits.empty())
        throw ConfigError(where + ": duration " + quote_short(text) + " must be positive");
    return std::stoull(digits);
}

} // namespace syncsim
