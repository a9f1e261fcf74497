# syncsim_add_kernel(NAME SOURCES kernel.cpp... [HOST main.cpp...]
#                    [ARCH dav-c220|dav-c220-vec|dav-c220-cube|dav-c310|...] [MIX]
#                    [DEFINES NAME=VALUE...] [INCLUDES dir...] [APPEND])
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
# - APPEND adds SOURCES (and HOST) built with this call's ARCH and DEFINES
#   to the plugin NAME an earlier call made: one plugin of vector-only,
#   cube-only and Mix sources, as the vendor links several kernel
#   libraries into one test program;
# - the vendor's headers compile as they are: syncsim's overlay of two of
#   them (syncsim/vendor_overlay) comes before INCLUDES, the prelude gives
#   half, bfloat16_t and every builtin the instruction headers name
#   (unmodelled ones fault when called); A5 templates are parsed when
#   instantiated (-fdelayed-template-parsing: its headers name builtins
#   syncsim does not declare in code no kernel instantiates); half
#   (__fp16) may be a parameter and a result, as the vendor's builtin half
#   may;
# - a kernel source may hold host launchers, `k<<<blocks, l2ctrl,
#   stream>>>(args)` in a host function: they launch as a host source's do
#   (cmake/syncsim_split_launchers.cmake);
# - `__global__` kernels register themselves under their names; HOST
#   sources are compiled by clang in CUDA host mode, so
#   `k<<<blocks, l2ctrl, stream>>>(args)` launches as written (extern "C"
#   kernels); their main() is the plugin's host program (named NAME) and
#   acl/acl.h is available.
#
# Needs SYNCSIM_KERNEL_CLANG, SYNCSIM_GM_PASS_FILE, SYNCSIM_API_INCLUDE_DIR
# and SYNCSIM_SDK_RUNTIME_SOURCES (set in the tree, and by find_package).
set(_syncsim_add_kernel_dir "${CMAKE_CURRENT_LIST_DIR}")
if(POLICY CMP0116)
  cmake_policy(SET CMP0116 NEW) # the depfile's paths as the compiler wrote them
endif()
function(syncsim_add_kernel name)
  cmake_parse_arguments(K "MIX;APPEND" "ARCH" "SOURCES;HOST;DEFINES;INCLUDES" ${ARGN})
  # Each call's objects and build info are its own (a plugin may hold
  # several calls' sources).
  if(K_APPEND)
    if(TARGET ${name})
      get_target_property(call ${name} SYNCSIM_KERNEL_CALLS)
      get_target_property(made_in ${name} SOURCE_DIR)
    endif()
    if(NOT TARGET ${name} OR NOT call)
      message(FATAL_ERROR "syncsim_add_kernel(${name} APPEND): no earlier syncsim_add_kernel(${name} ...) made it")
    endif()
    if(NOT made_in STREQUAL CMAKE_CURRENT_SOURCE_DIR)
      message(FATAL_ERROR "syncsim_add_kernel(${name} APPEND): ${name} was made in ${made_in}; "
                          "append to it from that directory (its objects are built there)")
    endif()
    math(EXPR call "${call} + 1")
  else()
    set(call 1)
  endif()
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/${name}.dir")
  if(call GREATER 1)
    set(dir "${CMAKE_CURRENT_BINARY_DIR}/${name}.dir/${call}")
  endif()
  if(NOT K_SOURCES)
    message(FATAL_ERROR "syncsim_add_kernel(${name}): no SOURCES")
  endif()
  set(arch_macro "")
  # Templates are parsed where they are written, as the vendor's compiler
  # parses them (two-phase lookup: pto-isa's a2a3/TBinOp.hpp calls an
  # overload declared after the caller, which a delayed parse would also
  # see and find ambiguous). A5 (dav-c310) kernels are parsed when
  # instantiated: its instruction headers name builtins syncsim does not
  # declare in code no test instantiates.
  set(template_parsing "")
  if(K_ARCH)
    if(NOT K_ARCH MATCHES "^dav-c(220|310)(-vec|-cube)?$")
      message(FATAL_ERROR "syncsim_add_kernel(${name}): ARCH '${K_ARCH}' is not one of "
                          "dav-c220, dav-c220-vec, dav-c220-cube, dav-c310, dav-c310-vec, dav-c310-cube")
    endif()
    if(CMAKE_MATCH_1 STREQUAL "220")
      set(arch_macro -D__NPU_ARCH__=2201)
    else()
      set(arch_macro -D__NPU_ARCH__=3101)
      set(template_parsing -fdelayed-template-parsing)
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
  set(info "${dir}/kernel_build.h")
  file(GENERATE OUTPUT "${info}" CONTENT
       "#define SYNCSIM_KERNEL_TARGET \"${K_ARCH}\"\n#define SYNCSIM_KERNEL_DEFINES \"${defines_text}\"\n")
  set(include_flags "")
  foreach(include_dir ${K_INCLUDES})
    get_filename_component(include_dir "${include_dir}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND include_flags -I${include_dir})
  endforeach()

  # Where the objects go. Ninja makes an output's directory; Unix Makefiles
  # (CMake's default generator) does not, and clang cannot create it.
  file(MAKE_DIRECTORY "${dir}")
  set(objects "")
  set(index 0)
  foreach(source ${K_SOURCES})
    get_filename_component(source "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(stem "${source}" NAME_WE)
    # Two sources may share a name in different folders.
    math(EXPR index "${index} + 1")
    set(stem "${index}_${stem}")
    get_filename_component(source_dir "${source}" DIRECTORY)
    set(copy "${dir}/${stem}.cpp")
    foreach(side ${sides})
      set(side_flags -D__DAV_VEC__)
      if(side MATCHES "^cube")
        set(side_flags -D__DAV_CUBE__)
      endif()
      if(side MATCHES "_only$")
        list(APPEND side_flags -DSYNCSIM_ONE_SIDE_BUILD=1)
      endif()
      set(object "${dir}/${stem}.${side}.o")
      # The copy with host launchers spelt for a C++ compile; quoted
      # includes still find the source's neighbours (-iquote).
      add_custom_command(
        OUTPUT "${object}"
        COMMAND "${CMAKE_COMMAND}" "-DSOURCE=${source}" "-DOUTPUT=${copy}.${side}"
                -P "${_syncsim_add_kernel_dir}/syncsim_split_launchers.cmake"
        COMMAND "${SYNCSIM_KERNEL_CLANG}" -std=c++17 -O2 -gline-tables-only -fPIC
                -fvisibility=hidden ${template_parsing} -Xclang
                -fallow-half-arguments-and-returns -Wall -Wextra
                "-fpass-plugin=${SYNCSIM_GM_PASS_FILE}" -DSYNCSIM_INSTRUMENTED=1
                -DSYNCSIM_INSTRUMENTED_PLUGIN=1 -D__CCE_AICORE__=1 ${arch_macro} ${side_flags}
                ${define_flags} "-I${SYNCSIM_API_INCLUDE_DIR}/syncsim/vendor_overlay"
                "-I${SYNCSIM_API_INCLUDE_DIR}" ${include_flags} "-iquote${source_dir}"
                -include "${info}" -include syncsim/vendor_kernel.hpp -MD -MF "${object}.d"
                -x c++ -c "${copy}.${side}" -o "${object}"
        DEPENDS "${source}" "${info}" ${SYNCSIM_GM_PASS_TARGET}
                "${_syncsim_add_kernel_dir}/syncsim_split_launchers.cmake"
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
    set(object "${dir}/host_${index}_${stem}.o")
    add_custom_command(
      OUTPUT "${object}"
      # A CUDA path that does not exist: clang lowers <<<>>> the same way
      # whether or not the machine has a CUDA installation (cudaConfigureCall).
      COMMAND "${SYNCSIM_KERNEL_CLANG}" -x cuda --cuda-host-only -nocudainc -nocudalib
              "--cuda-path=${dir}/no-cuda"
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

  if(K_APPEND)
    target_sources(${name} PRIVATE ${objects})
    set_target_properties(${name} PROPERTIES SYNCSIM_KERNEL_CALLS ${call})
    if(K_INCLUDES)
      target_include_directories(${name} PRIVATE ${K_INCLUDES})
    endif()
    if(K_HOST)
      target_link_options(${name} PRIVATE "LINKER:--defsym=__syncsim_host_main=main")
    endif()
    return()
  endif()
  add_library(${name} MODULE ${objects} ${SYNCSIM_SDK_RUNTIME_SOURCES})
  target_include_directories(${name} PRIVATE "${SYNCSIM_API_INCLUDE_DIR}" ${K_INCLUDES})
  target_compile_definitions(${name} PRIVATE SYNCSIM_INSTRUMENTED_PLUGIN=1
                                             SYNCSIM_PLUGIN_NAME="${name}")
  if(K_HOST)
    target_link_options(${name} PRIVATE "LINKER:--defsym=__syncsim_host_main=main")
  endif()
  set_target_properties(${name} PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON
                        CXX_EXTENSIONS OFF CXX_VISIBILITY_PRESET hidden PREFIX "lib"
                        LINKER_LANGUAGE CXX SYNCSIM_KERNEL_CALLS 1)
endfunction()
