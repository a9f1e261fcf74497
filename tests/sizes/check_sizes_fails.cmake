# The size check must fail on the fixture tree, naming the 81-line function
# (and not the one marked as a table), the 81-line host program in workloads/
# and the 437-line class spread over three files of fewer than 400 lines each.
execute_process(
  COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/../../scripts/check_sizes.py
          ${CMAKE_CURRENT_LIST_DIR}/fixture
  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(text "${out}${err}")
if(result EQUAL 0)
  message(FATAL_ERROR "the size check passed a tree with an 81-line function:\n${text}")
endif()
if(NOT text MATCHES "models/long_function.cpp:4: a function of 81 lines \\(at most 80\\)")
  message(FATAL_ERROR "the size check did not name the long function:\n${text}")
endif()
if(NOT text MATCHES "workloads/long_host.cpp:5: a function of 81 lines \\(at most 80\\)")
  message(FATAL_ERROR "the size check did not look outside models/ and driver/:\n${text}")
endif()
if(NOT text MATCHES "models/big_class.hpp:4: class BigClass has 437 lines \\(at most 400\\)")
  message(FATAL_ERROR "the size check did not name the long class:\n${text}")
endif()
if(text MATCHES "table_function|:87:" OR NOT text MATCHES "3 file\\(s\\), function\\(s\\) or class\\(es\\) too long")
  message(FATAL_ERROR "the size check reported more than the long function:\n${text}")
endif()
message(STATUS "the size check refuses the fixture's 81-line function and 437-line class")
