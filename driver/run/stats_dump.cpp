#include "driver/run/stats_dump.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

namespace syncsim {

using nlohmann::json;

namespace {

const json& no_schema() {
    static const json none = json::object();
    return none;
}

// A key as a path part: letters, digits, '_' and '-' kept, any run of other
// characters one '_' (a check's name has spaces; a path part must not).
std::string path_part(const std::string& key) {
    std::string out;
    for (const char c : key) {
        const bool kept = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
        if (kept)
            out += c;
        else if (!out.empty() && out.back() != '_')
            out += '_';
    }
    while (!out.empty() && out.back() == '_') out.pop_back();
    return out.empty() ? "_" : out;
}

// Free text on one line (a plugin's measurement names its own unit and
// meaning): control characters as spaces; a unit one word.
std::string one_line(std::string text) {
    for (char& c : text)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = ' ';
    return text;
}
std::string one_word(std::string text) {
    text = one_line(std::move(text));
    std::replace(text.begin(), text.end(), ' ', '_');
    return text;
}

std::string text_of(const json& node, const char* key) {
    const auto it = node.find(key);
    return it != node.end() && it->is_string() ? it->get<std::string>() : "";
}

bool has_type(const json& node, const json& v) {
    const auto type = node.find("type");
    if (type == node.end()) return false;
    const std::vector<std::string> types =
        type->is_array()
            ? type->get<std::vector<std::string>>()
            : std::vector<std::string>{type->is_string() ? type->get<std::string>() : ""};
    const std::string name = v.is_number_integer() || v.is_number_unsigned() ? "integer"
                             : v.is_number()                                 ? "number"
                                                                             : v.type_name();
    return std::any_of(types.begin(), types.end(), [&name](const std::string& t) {
        return t == name || (t == "number" && name == "integer");
    });
}

// Walks a result beside its schema, one line per figure.
class SchemaWalk {
  public:
    SchemaWalk(const json& schema, std::vector<StatsLine>& out) : m_root(schema), m_out(out) {}

    // `named_by`: the field a list element is named by in the path, left out.
    void walk(const json& v, const json& node, const std::string& path, const json* parent,
              const std::string& named_by = "") const {
        const json& here = pick(node, v);
        if (attribute(node, here, "x-stats") == "skip") return;
        if (v.is_object()) {
            for (auto it = v.begin(); it != v.end(); ++it)
                if (it.key() != named_by)
                    walk(it.value(), child(here, it.key()), join(path, path_part(it.key())), &v);
        } else if (v.is_array()) {
            list(v, node, here, path);
        } else {
            figure(v, node, here, path, parent);
        }
    }

  private:
    static std::string join(const std::string& path, const std::string& part) {
        return path.empty() ? part : path + "." + part;
    }

    // An annotation of the node as the result refers to it, else of its
    // definition.
    static std::string attribute(const json& node, const json& here, const char* key) {
        const std::string own = text_of(node, key);
        return own.empty() ? text_of(here, key) : own;
    }

    // A node's definition ($ref into $defs followed).
    const json& resolve(const json& node) const {
        const std::string ref = text_of(node, "$ref");
        const std::string prefix = "#/$defs/";
        if (ref.empty()) return node;
        const auto defs = m_root.find("$defs");
        if (ref.rfind(prefix, 0) != 0 || defs == m_root.end()) return no_schema();
        const auto def = defs->find(ref.substr(prefix.size()));
        return def == defs->end() ? no_schema() : resolve(*def);
    }

    // The definition that describes `v`: for oneOf, the first alternative
    // of v's type whose properties hold every key v has.
    const json& pick(const json& node, const json& v) const {
        const json& here = resolve(node);
        const auto one_of = here.find("oneOf");
        if (one_of == here.end() || !one_of->is_array()) return here;
        for (const json& alternative : *one_of) {
            const json& a = resolve(alternative);
            if (!has_type(a, v)) continue;
            if (!v.is_object()) return a;
            bool holds = true;
            for (auto it = v.begin(); it != v.end(); ++it)
                holds = holds && &child(a, it.key()) != &no_schema();
            if (holds) return a;
        }
        return no_schema();
    }

    static const json& child(const json& node, const std::string& key) {
        const auto props = node.find("properties");
        if (props != node.end() && props->contains(key)) return (*props)[key];
        const auto extra = node.find("additionalProperties");
        if (extra != node.end() && extra->is_object()) return *extra;
        return no_schema();
    }

    std::string meaning(const json& node, const json& here) const {
        const std::string m = attribute(node, here, "description");
        return m.empty() ? kUndescribed : m;
    }

    // A list: each element under its key, or its length.
    void list(const json& v, const json& node, const json& here, const std::string& path) const {
        const std::string key = attribute(node, here, "x-stats-key");
        if (key.empty()) {
            m_out.push_back(
                {path + "::count", std::to_string(v.size()), "entries", meaning(node, here)});
            return;
        }
        const auto items = here.find("items");
        const json& item = items != here.end() ? *items : no_schema();
        std::map<std::string, int> seen;
        for (std::size_t i = 0; i < v.size(); ++i) {
            const json* named = v[i].is_object() && key != "#" ? &v[i] : nullptr;
            std::string name = std::to_string(i);
            if (named && named->contains(key))
                name = (*named)[key].is_string() ? path_part((*named)[key].get<std::string>())
                                                 : path_part((*named)[key].dump());
            if (const int n = seen[name]++) name += "#" + std::to_string(n + 1);
            walk(v[i], item, join(path, name), &v, named ? key : "");
        }
    }

    // A number, flag or text; its unit and meaning may be its record's
    // fields (x-unit-from, x-meaning-from: a measurement names its own).
    void figure(const json& v, const json& node, const json& here, const std::string& path,
                const json* parent) const {
        std::string unit = attribute(node, here, "unit");
        std::string what = meaning(node, here);
        if (parent && parent->is_object()) {
            const std::string unit_from = attribute(node, here, "x-unit-from");
            const std::string meaning_from = attribute(node, here, "x-meaning-from");
            if (!unit_from.empty()) unit = text_of(*parent, unit_from.c_str());
            if (!meaning_from.empty() && !text_of(*parent, meaning_from.c_str()).empty())
                what = text_of(*parent, meaning_from.c_str());
        }
        m_out.push_back({path, v.dump(-1, ' ', false, json::error_handler_t::replace),
                         unit.empty() ? "-" : one_word(unit), one_line(what)});
    }

    const json& m_root;
    std::vector<StatsLine>& m_out;
};

std::string padded(const std::string& s, std::size_t width) {
    return s.size() >= width ? s + " " : s + std::string(width - s.size() + 1, ' ');
}

} // namespace

std::vector<StatsLine> stats_lines(const json& result, const json& schema) {
    std::vector<StatsLine> lines;
    SchemaWalk(schema, lines).walk(result, schema, "", nullptr);
    return lines;
}

std::string stats_text(const json& result, const json& schema) {
    const std::vector<StatsLine> lines = stats_lines(result, schema);
    std::size_t path_w = 0, value_w = 0, unit_w = 0;
    for (const StatsLine& l : lines) {
        path_w = std::max(path_w, std::min<std::size_t>(l.path.size(), 56));
        value_w = std::max(value_w, std::min<std::size_t>(l.value.size(), 20));
        unit_w = std::max(unit_w, std::min<std::size_t>(l.unit.size(), 12));
    }
    const auto text = [&result](const char* part, const char* key) {
        const json* at = &result;
        if (part) at = result.contains(part) ? &result[part] : nullptr;
        return at && at->contains(key) && (*at)[key].is_string() ? (*at)[key].get<std::string>()
                                                                 : std::string("?");
    };
    std::string sets;
    if (result.contains("config") && result["config"].contains("sets"))
        for (const json& set : result["config"]["sets"])
            if (set.is_string()) sets += " --set " + one_line(set.get<std::string>());
    std::ostringstream s;
    s << "# syncsim " << text(nullptr, "syncsim") << " statistics: " << text("config", "file")
      << " on " << text("platform", "name") << (sets.empty() ? "" : ",") << sets << "\n"
      << "# result schema " << result.value("schema_version", 0)
      << " (docs/result.schema.json); a line per figure: PATH VALUE UNIT # MEANING, VALUE as "
         "the JSON result writes it; PATH::count is a list's length (its entries are in --json)\n";
    for (const StatsLine& l : lines)
        s << padded(l.path, path_w) << padded(l.value, value_w) << padded(l.unit, unit_w) << "# "
          << l.meaning << "\n";
    return s.str();
}

} // namespace syncsim
