// The commit syncsim was built from (`syncsim --version`), written at build
// time by cmake/build_commit.cmake.
#pragma once

namespace syncsim {

const char* build_commit();

} // namespace syncsim
