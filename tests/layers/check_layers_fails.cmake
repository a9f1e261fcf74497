# The layer check must fail on the fixture tree, naming each upward include
# by file and line, and only those.
execute_process(
  COMMAND ${CMAKE_COMMAND} -DROOT=${CMAKE_CURRENT_LIST_DIR}/fixture
          -P ${CMAKE_CURRENT_LIST_DIR}/../../scripts/check_layers.cmake
  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(text "${out}${err}")
if(result EQUAL 0)
  message(FATAL_ERROR "the layer check passed a tree with upward includes:\n${text}")
endif()
foreach(expected
    "models/core/upward.hpp:5: the models layer includes \"platforms/platform.hpp\""
    "workloads/reaches_model.cpp:2: the workloads layer includes \"models/core/ai_core.hpp\""
    "workloads/reaches_model.cpp:5: the workloads layer includes <systemc>"
    "models/core/writes_output.hpp:4: the models layer includes \"output/trace/vcd_writer.hpp\""
    "driver/run/reaches_kind.hpp:4: the driver outside driver/kinds/ includes \"models/core/ai_core.hpp\""
    "5 include\\(s\\) above run against the layer order")
  if(NOT text MATCHES "${expected}")
    message(FATAL_ERROR "the layer check did not report '${expected}':\n${text}")
  endif()
endforeach()
if(text MATCHES "its_model.hpp" OR text MATCHES "reaches_kind.hpp:5")
  message(FATAL_ERROR "the layer check refused an include it allows:\n${text}")
endif()
message(STATUS "the layer check refuses the fixture's 5 wrong includes")
