# cmake -DSPLIT=syncsim_split_launchers.cmake -DDIR=tests/sdk -DWORK=dir -P check_split_launchers.cmake
# The launch rewrite: launchers_in.cpp becomes launchers_expected.cpp (after
# its #line), line for line; launchers_refused.cpp stops the build naming
# the launch's line.
execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE=${DIR}/launchers_in.cpp
                        -DOUTPUT=${WORK}/launchers_out.cpp -P ${SPLIT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the rewrite of launchers_in.cpp failed")
endif()
file(READ ${WORK}/launchers_out.cpp got)
file(READ ${DIR}/launchers_expected.cpp want)
if(NOT got STREQUAL "#line 1 \"${DIR}/launchers_in.cpp\"\n${want}")
  message(FATAL_ERROR "the rewrite of launchers_in.cpp differs from launchers_expected.cpp:\n${got}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE=${DIR}/launchers_refused.cpp
                        -DOUTPUT=${WORK}/launchers_refused_out.cpp -P ${SPLIT}
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "launchers_refused.cpp:4: a <<<")
  message(FATAL_ERROR "launchers_refused.cpp was not refused at its line 4: ${err}")
endif()
message(STATUS "the launch rewrite keeps every line and refuses what it cannot spell")
