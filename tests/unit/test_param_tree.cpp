// The parameter tree without any model or platform: a made-up device whose
// parts declare their own leaves, bound to YAML by path.
#include "config/param_tree.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;
using Catch::Contains;

namespace {

enum class Policy { Fast, Safe };

struct CacheParams {
    std::uint32_t line_bytes = 0;
    double hit_cycles = 0;
    Policy policy = Policy::Fast;
    template <typename Declare>
    void declare(Declare& d) {
        d(line_bytes, "line_bytes", "bytes", "a line", 4, 4096);
        d(hit_cycles, "hit_cycles", "cycles", "a hit", 0, 100);
        d.choice(policy, "policy", "how it writes",
                 {{"fast", Policy::Fast}, {"safe", Policy::Safe}});
    }
};

struct Toy {
    std::string name, description, file;
    ParamOrigins origins;
    std::int64_t parts = 0, total = 0;
    bool fancy = false;
    CacheParams cache;
    void declare(ParamTree& d) {
        d(fancy, "fancy", "", "a flag");
        d.derived(total, "total", "parts", "parts x 2", "part.count x 2",
                  [this] { total = parts * 2; });
        d.group("part", [&] {
            d(parts, "count", "parts", "how many", 1, 8);
            d.node("cache", cache);
        });
    }
};

MapView view(const std::string& text) {
    return MapView(parse_yaml_text(text, "toy.yaml"), "toy.yaml", "");
}

} // namespace

TEST_CASE("param tree: leaves by path, nodes, and the names below a node", "[param_tree]") {
    Toy toy;
    ParamTree tree;
    toy.declare(tree);
    std::vector<std::string> paths;
    for (const auto& leaf : tree.leaves()) paths.push_back(leaf.path);
    CHECK(paths == std::vector<std::string>{"fancy", "total", "part.count", "part.cache.line_bytes",
                                            "part.cache.hit_cycles", "part.cache.policy"});
    CHECK(tree.is_node("part"));
    CHECK(tree.is_node("part.cache"));
    CHECK_FALSE(tree.is_node("part.count"));
    CHECK_FALSE(tree.is_node("par"));
    CHECK(tree.children("part") == std::vector<std::string>{"count", "cache"});
    CHECK(tree.find("part.cache.policy")->range == "fast | safe");
    CHECK(tree.find("part.count")->range == "1..8");
}

TEST_CASE("param tree: entries carry provenance, then overrides and derived values",
          "[param_tree]") {
    Toy toy;
    ParamTree tree;
    toy.declare(tree);
    std::set<std::string> given;
    read_param_entries(
        tree,
        view("fancy: {value: true, source: estimate, range: [false, true], "
             "range_why: either}\n"
             "part:\n"
             "  count: {value: 3, source: sourced, ref: r.md 1}\n"
             "  cache: {line_bytes: {value: 64, source: sourced, ref: r, note: n},\n"
             "          hit_cycles: {value: 2.5, source: estimate, range: [1, 4], "
             "range_why: a guess},\n"
             "          policy: {value: safe, source: calibrated, fit: toy, ref: obs, "
             "range: [fast, safe], range_why: fitted}}\n"),
        "", toy.origins, given);
    tree.derive_all(toy.origins);
    CHECK(toy.fancy);
    CHECK(toy.parts == 3);
    CHECK(toy.total == 6);
    CHECK(toy.cache.line_bytes == 64);
    CHECK(toy.cache.policy == Policy::Safe);
    CHECK(toy.origins.at("part.count").set_at == "toy.yaml#part.count");
    CHECK(toy.origins.at("part.count").where == "toy.yaml:3");
    CHECK(toy.origins.at("part.count").ref == "r.md 1");
    CHECK(toy.origins.at("total").source == "derived");
    CHECK(toy.origins.at("part.cache.hit_cycles").low == "1");
    CHECK(toy.origins.at("part.cache.hit_cycles").high == "4");
    CHECK(toy.origins.at("part.cache.hit_cycles").range_why == "a guess");
    CHECK(toy.origins.at("part.cache.policy").fit == "toy");
    CHECK(given.size() == 5);

    override_param_tree(toy, view("part: {count: 4, cache: {policy: fast}}\n"));
    CHECK(toy.total == 8); // derived again
    CHECK(toy.cache.policy == Policy::Fast);
    CHECK(toy.origins.at("part.cache.policy").overridden);
    CHECK_FALSE(toy.origins.at("part.cache.hit_cycles").overridden);
    const auto rows = param_rows(toy);
    REQUIRE(rows.size() == 6);
    CHECK(rows[5].path == "part.cache.policy");
    CHECK(rows[5].value == "fast");
    CHECK(rows[1].value == "8");
    CHECK(rows[1].derived_from == "part.count x 2");
}

TEST_CASE("param tree: unknown keys, derived keys and bad values are errors with the path",
          "[param_tree]") {
    Toy toy;
    auto error_of = [&](const std::string& overrides, const MovedKeyHint& moved = nullptr) {
        try {
            override_param_tree(toy, view(overrides), moved);
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(error_of("part: {cache: {line_byte: 8}}\n"),
               Contains("toy.yaml:1") && Contains("did you mean 'part.cache.line_bytes'?"));
    CHECK_THAT(error_of("part: {cache: {line_bytes: 2}}\n"), Contains("outside [4, 4096]"));
    CHECK_THAT(error_of("part: {cache: {policy: lazy}}\n"),
               Contains("'lazy' is not one of fast | safe"));
    CHECK_THAT(error_of("total: 3\n"), Contains("derived (part.count x 2), never given"));
    CHECK_THAT(error_of("part: {cache: 3}\n"), Contains("must be a mapping"));
    CHECK_THAT(
        error_of("line_bytes: 64\n", moved_keys_hint({{"line_bytes", "part.cache.line_bytes"}})),
        Contains("its path in the tree is 'part.cache.line_bytes'"));
}

TEST_CASE("param tree: an estimate needs a range its value lies in, and a reason", "[param_tree]") {
    auto error_of = [](const std::string& entry) {
        Toy toy;
        ParamTree tree;
        toy.declare(tree);
        std::set<std::string> given;
        try {
            read_param_entries(tree, view("part:\n  cache:\n    hit_cycles: " + entry + "\n"), "",
                               toy.origins, given);
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    // File, line and key of the entry that lacks it.
    CHECK_THAT(error_of("{value: 2, source: estimate}"),
               Contains("toy.yaml:3: key 'part.cache.hit_cycles.range'") &&
                   Contains("an estimate needs 'range: [low, high]'"));
    CHECK_THAT(error_of("{value: 2, source: estimate, range: [1, 4]}"),
               Contains("key 'part.cache.hit_cycles.range_why'"));
    CHECK_THAT(error_of("{value: 2, source: estimate, range: [3, 4], range_why: w}"),
               Contains("the value 2 lies outside [3, 4]"));
    CHECK_THAT(error_of("{value: 2, source: estimate, range: [4, 1], range_why: w}"),
               Contains("low must be below high"));
    CHECK_THAT(error_of("{value: 2, source: estimate, range: [2, 2], range_why: w}"),
               Contains("low must be below high"));
    CHECK_THAT(error_of("{value: 2, source: estimate, range: 4, range_why: w}"),
               Contains("expected [low, high]"));
    // A bad value is named as a bad value, not as a bad range.
    CHECK_THAT(error_of("{value: 2x0, source: estimate, range: [1, 4], range_why: w}"),
               Contains("toy.yaml:3") && !Contains("range"));
    CHECK_THAT(error_of("{value: 2, source: estimate, range: [1, 400], range_why: w}"),
               Contains("range of platform parameter 'part.cache.hit_cycles'") &&
                   Contains("outside [0, 100]"));
    CHECK_THAT(error_of("{value: 2, source: sourced, ref: r, range: [1, 4], range_why: w}"),
               Contains("a sourced value has no range"));
    CHECK(error_of("{value: 2, source: calibrated, fit: c, ref: r, range: [1, 4], range_why: w}") ==
          "no error");
    // A calibrated value names its fit, and a fit's value carries its range.
    CHECK_THAT(error_of("{value: 2, source: calibrated, ref: r, range: [1, 4], range_why: w}"),
               Contains("names the fit that chose it"));
    CHECK_THAT(error_of("{value: 2, source: estimate, fit: c}"), Contains("needs 'range"));
    CHECK_THAT(error_of("{value: 2, source: sourced, ref: r, fit: c}"),
               Contains("only a calibrated value or an estimate comes from a fit"));
    CHECK(error_of("{value: 2, source: estimate, range: [1, 4], range_why: w}") == "no error");
}

TEST_CASE("param tree: a choice's range is its two alternatives, the value one of them",
          "[param_tree]") {
    Toy toy;
    ParamTree tree;
    toy.declare(tree);
    std::set<std::string> given;
    CHECK_THROWS_WITH(
        read_param_entries(tree,
                           view("part: {cache: {policy: {value: safe, source: estimate, "
                                "range: [fast, fast], range_why: w}}}\n"),
                           "", toy.origins, given),
        Contains("a choice's range is two different values"));
    CHECK_THROWS_WITH(read_param_entries(tree,
                                         view("part: {cache: {policy: {value: safe, source: "
                                              "estimate, range: [fast, lazy], range_why: w}}}\n"),
                                         "", toy.origins, given),
                      Contains("'lazy' is not one of fast | safe"));
    read_param_entries(tree,
                       view("part: {cache: {policy: {value: safe, source: estimate, "
                            "range: [fast, safe], range_why: w}}}\n"),
                       "", toy.origins, given);
    CHECK(toy.cache.policy == Policy::Safe); // the value, not the range's last end
}

namespace {

// A device of parts whose cache may differ per part, and links between parts.
struct Chip {
    std::string name, description, file;
    ParamOrigins origins;
    std::int64_t parts = 0;
    double link_cycles = 0;
    CacheParams cache;
    void declare(ParamTree& d) {
        d.group("part", [&] {
            d(parts, "count", "parts", "how many", 1, 8);
            d.per_instance("part", ParamTree::InstanceKey::Index, [&] { d.node("cache", cache); });
        });
        d.group("link", [&] {
            d.per_instance("link", ParamTree::InstanceKey::Pair,
                           [&] { d(link_cycles, "cycles", "cycles", "a hop", 0, 100); });
        });
    }
};

} // namespace

TEST_CASE("param tree: an instance's own value overrides the shared one for it alone",
          "[param_tree]") {
    Chip chip;
    ParamTree tree;
    chip.declare(tree);
    CHECK(tree.is_instanced("part"));
    CHECK_FALSE(tree.is_instanced("part.cache"));
    std::set<std::string> given;
    read_param_entries(tree,
                       view("part:\n"
                            "  count: {value: 3, source: sourced, ref: r}\n"
                            "  cache: {line_bytes: {value: 64, source: sourced, ref: r},\n"
                            "          hit_cycles: {value: 2, source: sourced, ref: r},\n"
                            "          policy: {value: safe, source: sourced, ref: r}}\n"
                            "  1:\n"
                            "    cache: {hit_cycles: {value: 7, source: estimate, range: [5, 9], "
                            "range_why: w}}\n"
                            "link:\n"
                            "  cycles: {value: 10, source: sourced, ref: r}\n"
                            "  0-2: {cycles: {value: 30, source: sourced, ref: r}}\n"),
                       "", chip.origins, given);
    CHECK(chip.cache.hit_cycles == 2); // the shared value is untouched
    CHECK(given.count("part.1.cache.hit_cycles") == 0);
    const ParamOrigin& own = chip.origins.at("part.1.cache.hit_cycles");
    CHECK(own.instance_of == "part.cache.hit_cycles");
    CHECK(own.set_at == "toy.yaml#part.1.cache.hit_cycles");
    CHECK(own.low == "5");
    CHECK(for_instance(chip, "part", "1").cache.hit_cycles == 7);
    CHECK(for_instance(chip, "part", "0").cache.hit_cycles == 2);
    CHECK(for_instance(chip, "link", "0-2").link_cycles == 30);
    CHECK(for_instance(chip, "link", "0-1").link_cycles == 10);

    // A later shared value reaches every part without its own.
    override_param_tree(chip, view("part: {cache: {hit_cycles: 3}}\n"));
    CHECK(for_instance(chip, "part", "0").cache.hit_cycles == 3);
    CHECK(for_instance(chip, "part", "1").cache.hit_cycles == 7);
    // An override of an instance keeps the file's provenance and is the user's.
    override_param_tree(chip, view("part: {1: {cache: {hit_cycles: 8}}}\n"));
    CHECK(for_instance(chip, "part", "1").cache.hit_cycles == 8);
    CHECK(chip.origins.at("part.1.cache.hit_cycles").overridden);
    CHECK(chip.origins.at("part.1.cache.hit_cycles").source == "estimate");

    // The rows list each instance's value after its shared leaf.
    const auto rows = param_rows(chip);
    std::vector<std::string> paths;
    for (const auto& row : rows) paths.push_back(row.path);
    const std::vector<std::string> want = {"part.count",
                                           "part.cache.line_bytes",
                                           "part.cache.hit_cycles",
                                           "part.1.cache.hit_cycles",
                                           "part.cache.policy",
                                           "link.cycles",
                                           "link.0-2.cycles"};
    CHECK(paths == want);
    CHECK(rows[3].value == "8");

    // A copy's override of an instance never reaches the original (a loaded
    // platform is cached and copied per config).
    Chip copy = chip;
    override_param_tree(copy, view("part: {1: {cache: {hit_cycles: 9}}}\n"));
    CHECK(for_instance(copy, "part", "1").cache.hit_cycles == 9);
    CHECK(for_instance(chip, "part", "1").cache.hit_cycles == 8);
}

TEST_CASE("param tree: an instance key names an instance of an instanced node, nothing else",
          "[param_tree]") {
    using Key = ParamTree::InstanceKey;
    CHECK(instance_name(Key::Index, "01") == "1");
    CHECK(instance_name(Key::Index, "x") == "");
    CHECK(instance_name(Key::Index, "-1") == "");
    CHECK(instance_name(Key::Pair, "3-1") == "1-3");
    CHECK(instance_name(Key::Pair, "1-1") == "");
    CHECK(instance_name(Key::Pair, "1") == "");
    Chip chip;
    ParamTree tree;
    chip.declare(tree);
    auto error_of = [&](const std::string& text) {
        try {
            read_param_overrides(tree, view(text), "", chip.origins);
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(error_of("part: {1: {count: 2}}\n"),
               Contains("'part.count' is one value for every instance of 'part'"));
    CHECK_THAT(error_of("part: {one: {cache: {hit_cycles: 2}}}\n"),
               Contains("unknown platform parameter") && Contains("part.N.PATH"));
    CHECK_THAT(error_of("part: {1: {cache: {hit_cycles: 500}}}\n"),
               Contains("part.1.cache.hit_cycles"));
    CHECK_THAT(error_of("link: {1-1: {cycles: 2}}\n"), Contains("unknown platform parameter"));
    CHECK_THAT(error_of("part: {cache: {1: {hit_cycles: 2}}}\n"),
               Contains("unknown platform parameter"));
    // Review findings: a number at the root is no instance; one spelling per
    // instance; a link's hint says how a link is named.
    CHECK_THAT(error_of("1: {part: {count: 2}}\n"), Contains("unknown platform parameter"));
    CHECK_THAT(error_of("part: {01: {cache: {hit_cycles: 2}}}\n"), Contains("write it '1'"));
    CHECK_THAT(error_of("link: {1-0: {cycles: 2}}\n"), Contains("write it '0-1'"));
    CHECK_THAT(error_of("link: {0-0: {cycles: 2}}\n"),
               Contains("link.A-B.PATH (A and B two different dies)"));
}
