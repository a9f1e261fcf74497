# The SDK: `cmake --install build --prefix P` installs the syncsim binary,
# the platform files (P/share/syncsim/platforms, where the binary looks
# first), the plot scripts (P/share/syncsim/plot_sweep.py and
# plot_tornado.py), the API headers (P/include/syncsim), a CMake package
# (find_package(syncsim)) and a pkg-config file (syncsim.pc).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SYNCSIM_PLATFORMS_INSTALL_DIR ${CMAKE_INSTALL_DATADIR}/syncsim/platforms)
set(SYNCSIM_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/syncsim)
file(STRINGS ${CMAKE_SOURCE_DIR}/api/syncsim/plugin.hpp version_line
     REGEX "^#define SYNCSIM_PLUGIN_API_VERSION ")
string(REGEX REPLACE ".* ([0-9]+)$" "\\1" SYNCSIM_PLUGIN_API_VERSION "${version_line}")

install(TARGETS syncsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# The plot scripts (sweep, sensitivity), where an installed binary looks.
install(PROGRAMS ${CMAKE_SOURCE_DIR}/scripts/plot_sweep.py ${CMAKE_SOURCE_DIR}/scripts/plot_tornado.py
  DESTINATION ${CMAKE_INSTALL_DATADIR}/syncsim)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/platforms/ DESTINATION ${SYNCSIM_PLATFORMS_INSTALL_DIR}
        FILES_MATCHING PATTERN "*.yaml")
install(DIRECTORY ${CMAKE_SOURCE_DIR}/api/syncsim ${CMAKE_SOURCE_DIR}/api/acl
                  ${CMAKE_SOURCE_DIR}/api/runtime
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
# The vendor-dialect path (syncsim_add_kernel): the pass, the runtime every
# such plugin compiles in, and the CMake function.
set(SYNCSIM_SDK_INSTALL_DIR ${CMAKE_INSTALL_DATADIR}/syncsim/sdk)
install(FILES ${CMAKE_SOURCE_DIR}/cmake/syncsim_add_kernel.cmake
              ${CMAKE_SOURCE_DIR}/cmake/syncsim_split_launchers.cmake
        DESTINATION ${SYNCSIM_CMAKE_INSTALL_DIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/sdk/runtime DESTINATION ${SYNCSIM_SDK_INSTALL_DIR})
if(SYNCSIM_HAVE_KERNEL_CLANG)
  install(TARGETS syncsim_gm_pass LIBRARY DESTINATION ${SYNCSIM_SDK_INSTALL_DIR})
endif()
install(TARGETS syncsim_api EXPORT syncsimTargets)
install(EXPORT syncsimTargets NAMESPACE syncsim:: DESTINATION ${SYNCSIM_CMAKE_INSTALL_DIR})

configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/syncsimConfig.cmake.in
  ${CMAKE_BINARY_DIR}/syncsimConfig.cmake INSTALL_DESTINATION ${SYNCSIM_CMAKE_INSTALL_DIR}
  PATH_VARS CMAKE_INSTALL_BINDIR SYNCSIM_PLATFORMS_INSTALL_DIR SYNCSIM_SDK_INSTALL_DIR
  CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/syncsimConfigVersion.cmake
  COMPATIBILITY ExactVersion)
install(FILES ${CMAKE_BINARY_DIR}/syncsimConfig.cmake ${CMAKE_BINARY_DIR}/syncsimConfigVersion.cmake
        DESTINATION ${SYNCSIM_CMAKE_INSTALL_DIR})

# pkg-config substitutes at install time, when the prefix is known.
configure_file(${CMAKE_SOURCE_DIR}/cmake/syncsim.pc.in ${CMAKE_BINARY_DIR}/syncsim.pc.in.configured @ONLY)
install(CODE "
  file(READ \"${CMAKE_BINARY_DIR}/syncsim.pc.in.configured\" pc)
  string(REPLACE \"${CMAKE_INSTALL_PREFIX}\" \"\${CMAKE_INSTALL_PREFIX}\" pc \"\${pc}\")
  file(WRITE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig/syncsim.pc\" \"\${pc}\")
  message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}/pkgconfig/syncsim.pc\")
")
