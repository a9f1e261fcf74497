// The vendor libraries a kernel build names a version of, and the versions
// syncsim models. A library's behaviour changes between commits (pto-isa's
// soft SYNCALL was per-core slots at 83d01313 and a shared counter from
// f24f7b73 on), so a launch says which one its kernel was compiled against:
// KernelLaunch::libraries, e.g. {"pto-isa", "83d01313"}; a library it does
// not name is at its default version.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace syncsim {

struct LibraryVersions {
    std::string library;
    std::vector<std::string> versions; // the commits modelled, newest first
    std::string fallback;              // when a build names none
};

inline const std::vector<LibraryVersions>& modelled_libraries() {
    static const std::vector<LibraryVersions> libraries = {
        // 83d01313: the soft SYNCALL of pto-isa #197's device (per-core slots
        // polled by DMA); f24f7b73 (2026-07-27): one GM counter, polled.
        {"pto-isa", {"f24f7b73", "83d01313"}, "f24f7b73"},
        // 0da921b9: Ascend C's SyncAll (syncsim/ascendc/sync_all.hpp).
        {"asc-devkit", {"0da921b9"}, "0da921b9"},
    };
    return libraries;
}

// Empty if `version` of `library` is modelled; otherwise what is wrong,
// naming what is.
inline std::string check_library_version(const std::string& library, const std::string& version) {
    for (const LibraryVersions& l : modelled_libraries()) {
        if (l.library != library) continue;
        for (const std::string& v : l.versions)
            if (v == version) return "";
        std::string known;
        for (const std::string& v : l.versions) known += (known.empty() ? "" : ", ") + v;
        return library + " version '" + version + "' is not one syncsim models (" + known + ")";
    }
    std::string known;
    for (const LibraryVersions& l : modelled_libraries())
        known += (known.empty() ? "" : ", ") + l.library;
    return "'" + library + "' is not a library syncsim models versions of (" + known + ")";
}

// The version a build with these libraries uses.
inline std::string library_version(const std::map<std::string, std::string>& libraries,
                                   const std::string& library) {
    if (const auto it = libraries.find(library); it != libraries.end()) return it->second;
    for (const LibraryVersions& l : modelled_libraries())
        if (l.library == library) return l.fallback;
    return "";
}

} // namespace syncsim
