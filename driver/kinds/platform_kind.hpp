// The kinds of platform (ascend, vortex, and any a test adds) as one
// registry of objects the driver holds and never asks the name of: a kind
// loads its platform files, reads a config's overrides and workload onto
// the platform (a KindSetup), and says what the driver may ask of it.
// Everything else a kind does is behind KindSetup (driver/kinds/kind_setup.hpp);
// a kind's own code lives in driver/kinds/<kind>/.
#pragma once

#include "config/param_tree.hpp"

#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

class KindSetup;
struct ExperimentConfig;

// A platform file of some kind, loaded: what `list platforms` and `describe
// platform` show of it.
class LoadedPlatform {
  public:
    virtual ~LoadedPlatform() = default;
    virtual const std::string& name() const = 0;
    virtual const std::string& description() const = 0;
    // The files it was read from, base files first, its own last.
    virtual const std::vector<std::string>& files() const = 0;
    virtual std::vector<ParamRow> rows() const = 0;
    // The kind's own tables `describe platform` adds after the parameters.
    virtual void describe_more(std::ostream&) const {}
};

// A loaded platform whose type `P` has name, description, files and a
// param_rows(P) overload: what every kind's platform struct has.
template <typename P>
class PlatformOf : public LoadedPlatform {
  public:
    explicit PlatformOf(P p) : value(std::move(p)) {}
    const std::string& name() const override { return value.name; }
    const std::string& description() const override { return value.description; }
    const std::vector<std::string>& files() const override { return value.files; }
    std::vector<ParamRow> rows() const override { return param_rows(value); }

    P value;
};

struct PlatformKind {
    std::string name; // a platform file's `kind:`
    std::unique_ptr<LoadedPlatform> (*load)(const std::string& dir, const std::string& platform);
    // A setup on a platform this kind loaded, its workload still to be read
    // (KindSetup::read).
    std::shared_ptr<KindSetup> (*setup_on)(std::unique_ptr<LoadedPlatform> platform);
    // What the driver may ask of a kind, in place of asking which kind it is.
    // --waits: its model keeps a wait-for graph of cores, flags and barriers.
    bool draws_waits = false;
    // `portability` reruns a config of this kind on every platform of the kind.
    bool ports_across_platforms = false;
    // `calibrate` fits device observations of this kind's chips.
    bool calibrates = false;
    // The keys under `workload:` that say what runs: a workload of this
    // kind has one, so a config whose workload has only another kind's was
    // written for that kind's platforms (a mismatch named as such).
    std::vector<std::string> workload_keys = {};
};

// Every kind, in the order `list platforms` names them; the built-in ones
// are the rows of driver/kinds/platform_kinds.cpp.
const std::vector<const PlatformKind*>& platform_kinds();
// Adds a kind to the registry (a test's own kind); its name must be new.
void add_platform_kind(const PlatformKind& kind);
// The kind of the platform file `platform` in `dir` (its `kind:`, default ascend).
const PlatformKind& platform_kind_of(const std::string& dir, const std::string& platform);
// Loads a platform of whatever kind its file says.
std::unique_ptr<LoadedPlatform> load_any_platform(const std::string& dir,
                                                  const std::string& platform);
// Every parameter with its value, unit, provenance, meaning and range, then
// the kind's own tables.
void describe_platform(std::ostream& out, const std::string& dir, const std::string& platform);

} // namespace syncsim
