#include "kernel_registry.hpp"

#include "syncsim/current_kernel.hpp"

#include <array>
#include <cerrno>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace syncsim::sdk {
namespace {

void run_registered(const RegisteredKernel& kernel, KernelContext& k) {
    const bool on_cube = k.core_type() == CoreType::AIC;
    syncsim_kernel_thunk thunk = kernel.any ? kernel.any : on_cube ? kernel.aic : kernel.aiv;
    if (!thunk)
        throw KernelFault("kernel '" + kernel.name + "' has no " +
                          (on_cube ? "cube (__DAV_CUBE__)" : "vector (__DAV_VEC__)") +
                          " build, and this block runs on an " + (on_cube ? "AIC" : "AIV") +
                          " core (build it with syncsim_add_kernel(... MIX), or build " +
                          kernel.name +
                          (on_cube ? "_mix_aic with a -cube" : "_mix_aiv with a -vec") + " ARCH)");
    std::vector<std::uint64_t> args(kernel.nargs);
    for (std::uint32_t i = 0; i < kernel.nargs; ++i) args[i] = k.arg(i);
    thunk(args.data());
}

template <std::size_t I>
void run_entry(KernelContext& k) {
    run_registered(registered_kernels().at(I), k);
}

template <std::size_t... I>
constexpr std::array<KernelFn, kMaxKernelsPerPlugin> entry_table(std::index_sequence<I...>) {
    return {&run_entry<I>...};
}
constexpr auto kEntries = entry_table(std::make_index_sequence<kMaxKernelsPerPlugin>{});

} // namespace

KernelFn entry_for(std::size_t index) {
    return kEntries.at(index);
}

std::vector<KernelMetaSection>& registered_metas() {
    static std::vector<KernelMetaSection> metas;
    return metas;
}

namespace {

// A Mix side symbol of the vendor's compiler, <kernel>_mix_aic or
// <kernel>_mix_aiv: the kernel and the side ("" and "" for another name).
struct MixSide {
    std::string kernel, side;
};
MixSide mix_side_of(const std::string& name) {
    for (const char* side : {"aic", "aiv"})
        if (ends_with(name, std::string("_mix_") + side))
            return {name.substr(0, name.size() - 8), side};
    return {};
}

void apply_meta(RegisteredKernel& kernel, const KernelBuild& decoded, const std::string& section) {
    if (!kernel.meta_from.empty() &&
        (kernel.build.meta != decoded.meta || kernel.build.meta_aic != decoded.meta_aic ||
         kernel.build.meta_aiv != decoded.meta_aiv)) {
        registration_problems().push_back("kernel '" + kernel.name + "' has two different metas: " +
                                          kernel.meta_from + " and .ascend.meta." + section);
        return;
    }
    kernel.build.meta = decoded.meta;
    kernel.build.meta_aic = decoded.meta_aic;
    kernel.build.meta_aiv = decoded.meta_aiv;
    kernel.meta_from = ".ascend.meta." + section;
}

// The kernels a meta section names: the symbol exactly (what the vendor's
// macros take), and for the vendor compiler's Mix side symbols
// <kernel>_mix_aic / _mix_aiv, the kernel.
std::vector<RegisteredKernel*> kernels_named_by(const std::string& section_name) {
    std::vector<RegisteredKernel*> named;
    for (RegisteredKernel& kernel : registered_kernels())
        if (kernel.name == section_name) named.push_back(&kernel);
    const std::string base = mix_side_of(section_name).kernel;
    if (!base.empty())
        for (RegisteredKernel& kernel : registered_kernels())
            if (kernel.name == base) named.push_back(&kernel);
    return named;
}

} // namespace

void apply_kernel_metas() {
    for (const KernelMetaSection& meta : registered_metas()) {
        const std::string where = "kernel meta .ascend.meta." + meta.kernel;
        KernelBuild decoded;
        try {
            decoded = parse_build_info(meta.lines.c_str());
        } catch (const std::exception& e) {
            registration_problems().push_back(where + ": " + e.what());
            continue;
        }
        if (meta.lines.rfind("error=", 0) == 0) {
            registration_problems().push_back(where + ": " +
                                              meta.lines.substr(6, meta.lines.size() - 7));
            continue;
        }
        const std::vector<RegisteredKernel*> named = kernels_named_by(meta.kernel);
        if (named.empty())
            registration_problems().push_back(where + " names no __global__ kernel of this plugin");
        for (RegisteredKernel* kernel : named) apply_meta(*kernel, decoded, meta.kernel);
    }
    registered_metas().clear();
}

std::vector<std::string>& registration_problems() {
    static std::vector<std::string> problems;
    return problems;
}

namespace {

KernelMeta meta_named(const std::string& name) {
    for (KernelMeta m :
         {KernelMeta::None, KernelMeta::MixAivMain, KernelMeta::AicOnly, KernelMeta::MixAicMain})
        if (name == to_string(m)) return m;
    throw std::invalid_argument("unknown kernel meta '" + name + "'");
}

} // namespace

KernelBuild parse_build_info(const char* info) {
    KernelBuild build;
    if (!info) return build;
    std::istringstream lines(info);
    std::string line;
    while (std::getline(lines, line)) {
        const auto eq = line.find('=');
        if (eq == std::string::npos) continue;
        const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
        if (key == "side")
            build.side = value;
        else if (key == "target")
            build.target = value;
        else if (key == "meta")
            build.meta = meta_named(value);
        else if (key == "meta_aic")
            build.meta_aic = std::stoi(value);
        else if (key == "meta_aiv")
            build.meta_aiv = std::stoi(value);
        else if (key == "define") {
            // A launch's defines are integers (-DNAME is 1); a define with
            // another value (-DDTYPE=half) shaped the code but is not one.
            const auto veq = value.find('=');
            if (veq == std::string::npos) {
                build.defines[value] = 1;
                continue;
            }
            const std::string text = value.substr(veq + 1);
            char* end = nullptr;
            errno = 0;
            const long long number = std::strtoll(text.c_str(), &end, 0);
            if (!text.empty() && *end == '\0' && errno == 0)
                build.defines[value.substr(0, veq)] = number;
        }
    }
    return build;
}

bool ends_with(const std::string& text, const std::string& tail) {
    return text.size() > tail.size() &&
           text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
}

std::vector<RegisteredKernel>& registered_kernels() {
    static std::vector<RegisteredKernel> kernels;
    return kernels;
}

std::map<const void*, std::string>& kernel_addresses() {
    static std::map<const void*, std::string> addresses;
    return addresses;
}

const RegisteredKernel* find_registered_kernel_at(const void* address) {
    const auto found = kernel_addresses().find(address);
    return found == kernel_addresses().end() ? nullptr : find_registered_kernel(found->second);
}

const RegisteredKernel* find_registered_kernel(const std::string& name) {
    for (const RegisteredKernel& kernel : registered_kernels())
        if (kernel.name == name) return &kernel;
    return nullptr;
}

} // namespace syncsim::sdk

using syncsim::sdk::KernelBuild;
using syncsim::sdk::RegisteredKernel;

// Runs from module constructors, before the plugin is registered: a
// problem is kept and reported by the plugin's registration (an exception
// here would end the process while it loads the library).
namespace {

// Puts a build's thunk in the kernel `name` (made if new), in its side's slot.
void add_build(const std::string& name, syncsim_kernel_thunk thunk, std::uint32_t nargs,
               const KernelBuild& build) {
    auto& kernels = syncsim::sdk::registered_kernels();
    RegisteredKernel* kernel = nullptr;
    for (RegisteredKernel& k : kernels)
        if (k.name == name) kernel = &k;
    if (!kernel) {
        if (kernels.size() == syncsim::sdk::kMaxKernelsPerPlugin) {
            syncsim::sdk::registration_problems().push_back(
                "more than " + std::to_string(syncsim::sdk::kMaxKernelsPerPlugin) +
                " kernels in one plugin");
            return;
        }
        kernels.push_back(RegisteredKernel{name, nargs, nullptr, nullptr, nullptr, build,
                                           syncsim::sdk::entry_for(kernels.size())});
        kernel = &kernels.back();
    }
    syncsim_kernel_thunk* slot = build.side == "aic"   ? &kernel->aic
                                 : build.side == "aiv" ? &kernel->aiv
                                                       : &kernel->any;
    if (*slot || kernel->nargs != nargs)
        syncsim::sdk::registration_problems().push_back(
            "kernel '" + name + "' is defined twice" +
            (build.side.empty() ? std::string() : " for side " + build.side) +
            (kernel->nargs != nargs ? " with different parameter counts" : ""));
    *slot = thunk;
}

} // namespace

// Runs from module constructors, before the plugin is registered: a
// problem is kept and reported by the plugin's registration (an exception
// here would end the process while it loads the library).
extern "C" void __syncsim_register_kernel(const char* name, syncsim_kernel_thunk thunk,
                                          std::uint32_t nargs, const char* build_info) {
    KernelBuild build;
    try {
        build = syncsim::sdk::parse_build_info(build_info);
    } catch (const std::exception& e) {
        syncsim::sdk::registration_problems().push_back("kernel '" + std::string(name) +
                                                        "': build info: " + e.what());
        return;
    }
    add_build(name, thunk, nargs, build);
    // The vendor's per-side builds of one Mix kernel: <kernel>_mix_aic built
    // for the cube alone, <kernel>_mix_aiv for the vector alone. Together
    // they are also the Mix kernel <kernel> (its tiling-key launch runs it).
    const syncsim::sdk::MixSide mix = syncsim::sdk::mix_side_of(name);
    const bool built_alone =
        build.side.empty() &&
        syncsim::sdk::ends_with(build.target, mix.side == "aic" ? "-cube" : "-vec");
    if (!mix.kernel.empty() && built_alone) {
        KernelBuild side = build;
        side.side = mix.side;
        side.target = build.target.substr(0, build.target.rfind('-'));
        add_build(mix.kernel, thunk, nargs, side);
    }
}

extern "C" void __syncsim_register_kernel_address(const char* name, const void* address) {
    syncsim::sdk::kernel_addresses()[address] = name;
}

extern "C" void __syncsim_register_kernel_meta(const char* kernel, const char* lines) {
    syncsim::sdk::registered_metas().push_back({kernel, lines});
}
