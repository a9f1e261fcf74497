# The model-tests check must fail on the fixture tree, naming the class no
# test names and not the one a test names.
execute_process(
  COMMAND python3 ${CMAKE_CURRENT_LIST_DIR}/../../scripts/check_model_tests.py
          ${CMAKE_CURRENT_LIST_DIR}/fixture
  RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(text "${out}${err}")
if(result EQUAL 0)
  message(FATAL_ERROR "the model-tests check passed a class no test names:\n${text}")
endif()
if(NOT text MATCHES "models/part/parts.hpp: class UnnamedPart is named by no test")
  message(FATAL_ERROR "the model-tests check did not name the untested class:\n${text}")
endif()
if(text MATCHES "class NamedPart is named by no test")
  message(FATAL_ERROR "the model-tests check blamed a class a test names:\n${text}")
endif()
message(STATUS "the model-tests check names the class no test names")
