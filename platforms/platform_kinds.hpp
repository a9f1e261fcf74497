// The kinds of platform (ascend, vortex) as one registry: how a platform
// file of each kind loads, what it is called, which files it came from, its
// parameter rows, and how `list platforms` and `describe platform` show it.
// The kind is the platform file's `kind:`; nothing else compares kind names,
// and code above this layer dispatches on the loaded type (std::visit), not
// on a second table.
#pragma once

#include "config/param_tree.hpp"
#include "platforms/platform.hpp"
#include "platforms/vortex_platform.hpp"

#include <ostream>
#include <string>
#include <variant>
#include <vector>

namespace syncsim {

// A loaded platform of any kind.
using AnyPlatform = std::variant<Platform, VortexPlatform>;

// One function per kind for std::visit: `std::visit(ByKind{[](Platform&) {..},
// [](VortexPlatform&) {..}}, p)`; a kind left out does not compile.
template <typename... F>
struct ByKind : F... {
    using F::operator()...;
};
template <typename... F>
ByKind(F...) -> ByKind<F...>;

struct PlatformKind {
    const char* name;
    AnyPlatform (*load)(const std::string& dir, const std::string& platform);
    // The launch rules and other kind-specific tables `describe platform` adds.
    void (*describe_more)(std::ostream& out, const AnyPlatform& p);
    // What the driver may ask of a kind, in place of asking which kind it is.
    // --waits: its model keeps a wait-for graph of cores, flags and barriers.
    bool draws_waits;
    // `portability` reruns a config of this kind on every platform of the kind.
    bool ports_across_platforms;
};

// Every kind, in the order `list platforms` names them.
const std::vector<PlatformKind>& platform_kinds();
// The kind of the platform file `platform` in `dir` (its `kind:`, default ascend).
const PlatformKind& platform_kind_of(const std::string& dir, const std::string& platform);
// The kind of a loaded platform.
const PlatformKind& kind_of(const AnyPlatform& p);
// Loads a platform of whatever kind its file says.
AnyPlatform load_any_platform(const std::string& dir, const std::string& platform);

const std::string& platform_name(const AnyPlatform& p);
const std::string& platform_description(const AnyPlatform& p);
// The files it was read from, its own first, then its bases.
const std::vector<std::string>& platform_files(const AnyPlatform& p);
std::vector<ParamRow> platform_rows(const AnyPlatform& p);
// Every parameter with its value, unit, provenance, meaning and range, then
// the kind's own tables.
void describe_platform(std::ostream& out, const std::string& dir, const std::string& platform);

} // namespace syncsim
