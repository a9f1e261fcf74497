// A plugin file is checked as an ELF shared library before dlopen maps it: a
// truncated or foreign file would otherwise fault inside the loader (SIGBUS
// on a mapped page past the end of the file), where no message can be given.
#pragma once

#include <string>

namespace syncsim {

// Why `path` cannot be a shared library for this machine, or "" when its
// headers are whole: ELF, this machine's class, byte order and architecture,
// a shared object, and every segment and the section table inside the file.
std::string shared_library_problem(const std::string& path);

} // namespace syncsim
