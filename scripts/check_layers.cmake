# Fails when an include runs against the layer order of DESIGN.md.
#   cmake [-DROOT=dir] -P scripts/check_layers.cmake
# Each layer is a folder; it may include its own headers and those of the
# layers listed for it, and no system header that belongs to a layer it must
# not see (software and the API never see SystemC). Every violation is listed
# on its own line as file:line, then the script fails.
cmake_minimum_required(VERSION 3.16)
if(NOT ROOT)
  get_filename_component(ROOT "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
endif()

# layer folder | the include prefixes it may use | system headers it must not use
set(layers api models config platforms output workloads driver)
set(allowed_api       "syncsim/")
set(allowed_models    "syncsim/;models/")
set(allowed_config    "config/")
set(allowed_platforms "syncsim/;models/;config/;platforms/")
set(allowed_output    "syncsim/;models/;output/")
set(allowed_workloads "syncsim/;workloads/")
set(allowed_driver    "syncsim/;models/;config/;platforms/;output/;workloads/;driver/")
# Inside the driver, only driver/kinds/ (each platform kind's setup and run
# target) includes a kind's models or platform: the other rooms hold a kind
# object and include from models/ and platforms/ only what every kind shares.
set(kind_free_driver_may
    "models/report/;models/systemc/;models/races/race_mode.hpp;models/runtime/host_check.hpp;models/core/running_kernel.hpp")
# Calibration fits the parameters of Ascend chips (calibration/*.yaml).
set(kind_free_driver_exempt "driver/kinds/;driver/study/calibration/")
set(forbidden_api       "systemc;tlm;yaml-cpp/yaml.h;nlohmann/json.hpp")
set(forbidden_workloads "systemc;tlm;yaml-cpp/yaml.h;nlohmann/json.hpp")
set(forbidden_config    "systemc;tlm")

# Sets `out` to TRUE when `text` starts with one of `prefixes`.
function(starts_with_any out text prefixes)
  set(found FALSE)
  foreach(prefix ${prefixes})
    string(FIND "${text}" "${prefix}" at)
    if(at EQUAL 0)
      set(found TRUE)
    endif()
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()

set(count 0)
set(checked 0)
foreach(layer ${layers})
  file(GLOB_RECURSE files "${ROOT}/${layer}/*.hpp" "${ROOT}/${layer}/*.cpp")
  list(SORT files)
  foreach(file ${files})
    math(EXPR checked "${checked} + 1")
    file(RELATIVE_PATH rel "${ROOT}" "${file}")
    file(STRINGS "${file}" lines)
    set(line_no 0)
    foreach(line IN LISTS lines)
      math(EXPR line_no "${line_no} + 1")
      if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"")
        set(target "${CMAKE_MATCH_1}")
        starts_with_any(ok "${target}" "${allowed_${layer}}")
        if(ok AND layer STREQUAL "driver" AND target MATCHES "^(models|platforms)/")
          starts_with_any(exempt "${rel}" "${kind_free_driver_exempt}")
          starts_with_any(shared "${target}" "${kind_free_driver_may}")
          if(NOT exempt AND NOT shared)
            message("${rel}:${line_no}: the driver outside driver/kinds/ includes \"${target}\", a kind's own (a kind's code goes in driver/kinds/<kind>/)")
            math(EXPR count "${count} + 1")
          endif()
        endif()
        if(NOT ok)
          string(REPLACE ";" ", " may "${allowed_${layer}}")
          message("${rel}:${line_no}: the ${layer} layer includes \"${target}\" (it may include: ${may})")
          math(EXPR count "${count} + 1")
        endif()
      elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*<([^>]+)>")
        set(target "${CMAKE_MATCH_1}")
        if(target IN_LIST forbidden_${layer})
          message("${rel}:${line_no}: the ${layer} layer includes <${target}>, which belongs to a layer it must not see")
          math(EXPR count "${count} + 1")
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()

if(checked EQUAL 0)
  message(FATAL_ERROR "check_layers: no source files under ${ROOT}: wrong ROOT?")
endif()
if(count GREATER 0)
  message(FATAL_ERROR "${count} include(s) above run against the layer order (DESIGN.md, Layers)")
endif()
message(STATUS "check_layers: ${checked} files, every include runs down the layers")
