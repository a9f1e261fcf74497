# syncsim_add_kernel(NAME SOURCES kernel.cpp... [HOST main.cpp...]
#                    [ARCH dav-c220|dav-c220-vec|dav-c220-cube|dav-c310|...] [MIX]
#                    [DEFINES NAME=VALUE...] [INCLUDES dir...])
#
# A plugin (lib<NAME>.so) from sources in the vendor's dialect, built as the
# vendor's compiler builds them (docs/plugins.md, "Kernels in the vendor's
# dialect"):
# - each kernel source is compiled by clang-14 with `__gm__`, `__ubuf__`,
#   `__cbuf__` ... as address spaces, syncsim's builtins force-included
#   (syncsim/vendor_kernel.hpp) and syncsim's pass instrumenting every
#   access through a __gm__/__ubuf__ pointer;
# - a Mix ARCH (dav-c220, dav-c310, no -vec/-cube) or MIX compiles each
#   source twice, with __DAV_CUBE__ and with __DAV_VEC__, and a launch runs
#   the side of the core each block lands on; -vec/-cube define one;
# - __CCE_AICORE__ and __NPU_ARCH__ (2201 for dav-c220, 3101 for dav-c310)
#   are defined, as for a device compile, and DEFINES are passed to every
#   compile and recorded with the kernels, so a launch from the host uses
#   them (e.g. __MIX_CORE_AIV_RATIO__);
# - `__global__` kernels register themselves under their names; HOST
#   sources are compiled by clang in CUDA host mode, so
#   `k<<<blocks, l2ctrl, stream>>>(args)` launches as written (extern "C"
#   kernels); their main() is the plugin's host program (named NAME) and
#   acl/acl.h is available.
#
# Needs SYNCSIM_KERNEL_CLANG, SYNCSIM_GM_PASS_FILE, SYNCSIM_API_INCLUDE_DIR
# and SYNCSIM_SDK_RUNTIME_SOURCES (set in the tree, and by find_package).
if(POLICY CMP0116)
  cmake_policy(SET CMP0116 NEW) # the depfile's paths as the compiler wrote them
endif()
function(syncsim_add_kernel name)
  cmake_parse_arguments(K "MIX" "ARCH" "SOURCES;HOST;DEFINES;INCLUDES" ${ARGN})
  if(NOT K_SOURCES)
    message(FATAL_ERROR "syncsim_add_kernel(${name}): no SOURCES")
  endif()
  set(arch_macro "")
  if(K_ARCH)
    if(NOT K_ARCH MATCHES "^dav-c(220|310)(-vec|-cube)?$")
      message(FATAL_ERROR "syncsim_add_kernel(${name}): ARCH '${K_ARCH}' is not one of "
                          "dav-c220, dav-c220-vec, dav-c220-cube, dav-c310, dav-c310-vec, dav-c310-cube")
    endif()
    if(CMAKE_MATCH_1 STREQUAL "220")
      set(arch_macro -D__NPU_ARCH__=2201)
    else()
      set(arch_macro -D__NPU_ARCH__=3101)
    endif()
  endif()
  if(K_MIX OR K_ARCH MATCHES "^dav-c(220|310)$")
    set(sides cube vec)
  elseif(K_ARCH MATCHES "-cube$")
    set(sides cube_only)
  else()
    set(sides vec_only)
  endif()

  # The build info the pass registers with the kernels.
  set(defines_text "")
  set(define_flags "")
  foreach(d ${K_DEFINES})
    string(REPLACE "\\" "\\\\" escaped "${d}")
    string(REPLACE "\"" "\\\"" escaped "${escaped}")
    string(APPEND defines_text "define=${escaped}\\n")
    list(APPEND define_flags -D${d})
  endforeach()
  set(info "${CMAKE_CURRENT_BINARY_DIR}/${name}_kernel_build.h")
  file(GENERATE OUTPUT "${info}" CONTENT
       "#define SYNCSIM_KERNEL_TARGET \"${K_ARCH}\"\n#define SYNCSIM_KERNEL_DEFINES \"${defines_text}\"\n")
  set(include_flags "")
  foreach(dir ${K_INCLUDES})
    get_filename_component(dir "${dir}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND include_flags -I${dir})
  endforeach()

  # Where the objects go. Ninja makes an output's directory; Unix Makefiles
  # (CMake's default generator) does not, and clang cannot create it.
  file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/${name}.dir")
  set(objects "")
  set(index 0)
  foreach(source ${K_SOURCES})
    get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(stem "${source}" NAME_WE)
    # Two sources may share a name in different folders.
    math(EXPR index "${index} + 1")
    set(stem "${index}_${stem}")
    foreach(side ${sides})
      set(side_flags -D__DAV_VEC__)
      if(side MATCHES "^cube")
        set(side_flags -D__DAV_CUBE__)
      endif()
      if(side MATCHES "_only$")
        list(APPEND side_flags -DSYNCSIM_ONE_SIDE_BUILD=1)
      endif()
      set(object "${CMAKE_CURRENT_BINARY_DIR}/${name}.dir/${stem}.${side}.o")
      add_custom_command(
        OUTPUT "${object}"
        COMMAND "${SYNCSIM_KERNEL_CLANG}" -std=c++17 -O2 -gline-tables-only -fPIC
                -fvisibility=hidden -Wall -Wextra "-fpass-plugin=${SYNCSIM_GM_PASS_FILE}"
                -DSYNCSIM_INSTRUMENTED=1 -DSYNCSIM_INSTRUMENTED_PLUGIN=1 -D__CCE_AICORE__=1
                ${arch_macro} ${side_flags} ${define_flags} "-I${SYNCSIM_API_INCLUDE_DIR}"
                ${include_flags} -include "${info}" -include syncsim/vendor_kernel.hpp
                -MD -MF "${object}.d" -c "${source}" -o "${object}"
        DEPENDS "${source}" "${info}" ${SYNCSIM_GM_PASS_TARGET}
        DEPFILE "${object}.d"
        COMMENT "syncsim kernel ${stem}.cpp (${side}${K_ARCH}): clang + the GM-access pass"
        VERBATIM)
      list(APPEND objects "${object}")
    endforeach()
  endforeach()

  # Host sources: clang's CUDA host mode, so `k<<<blocks, l2ctrl,
  # stream>>>(args)` compiles as the vendor writes it (syncsim/vendor_host.hpp).
  # Their main() stays main() (with its implicit `return 0`); the linker
  # gives the runtime a second name for it.
  set(index 0)
  foreach(source ${K_HOST})
    get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(stem "${source}" NAME_WE)
    math(EXPR index "${index} + 1")
    set(object "${CMAKE_CURRENT_BINARY_DIR}/${name}.dir/host_${index}_${stem}.o")
    add_custom_command(
      OUTPUT "${object}"
      # A CUDA path that does not exist: clang lowers <<<>>> the same way
      # whether or not the machine has a CUDA installation (cudaConfigureCall).
      COMMAND "${SYNCSIM_KERNEL_CLANG}" -x cuda --cuda-host-only -nocudainc -nocudalib
              "--cuda-path=${CMAKE_CURRENT_BINARY_DIR}/${name}.dir/no-cuda"
              -Wno-unknown-cuda-version -std=c++17 -O2 -g -fPIC -fvisibility=hidden -Wall
              -Wextra ${define_flags} "-I${SYNCSIM_API_INCLUDE_DIR}" ${include_flags}
              -include syncsim/vendor_host.hpp -MD -MF "${object}.d" -c "${source}"
              -o "${object}"
      DEPENDS "${source}"
      DEPFILE "${object}.d"
      COMMENT "syncsim host ${stem}.cpp: clang (CUDA host mode, for <<<>>>)"
      VERBATIM)
    list(APPEND objects "${object}")
  endforeach()

  add_library(${name} MODULE ${objects} ${SYNCSIM_SDK_RUNTIME_SOURCES})
  target_include_directories(${name} PRIVATE "${SYNCSIM_API_INCLUDE_DIR}" ${K_INCLUDES})
  target_compile_definitions(${name} PRIVATE SYNCSIM_INSTRUMENTED_PLUGIN=1
                                             SYNCSIM_PLUGIN_NAME="${name}")
  if(K_HOST)
    target_link_options(${name} PRIVATE "LINKER:--defsym=__syncsim_host_main=main")
  endif()
  set_target_properties(${name} PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON
                        CXX_EXTENSIONS OFF CXX_VISIBILITY_PRESET hidden PREFIX "lib"
                        LINKER_LANGUAGE CXX)
endfunction()
