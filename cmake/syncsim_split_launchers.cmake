# cmake -DSOURCE=kernel.cpp -DOUTPUT=copy.cpp -P syncsim_split_launchers.cmake
#
# What the vendor's compiler does with a kernel source that also holds host
# launchers (`k<<<blocks, l2ctrl, stream>>>(args)` in a host function): the
# kernels go to the device, the launchers to the host. syncsim compiles
# kernel sources as plain C++, where `<<<` cannot parse, so the copy it
# compiles spells each launch SYNCSIM_CHEVRON_LAUNCH((k), blocks, l2ctrl,
# stream)(args) (syncsim/vendor_kernel.hpp), which launches as a host
# source's chevrons do. Nothing else changes: the copy starts with a #line
# naming the source, and every line keeps its number, so diagnostics, debug
# lines and faults name the user's file and line.
#
# The kernel is a name (maybe qualified, maybe a macro's call that makes
# one, as `CONCAT(run, CASE)`, maybe with one level of template arguments);
# the configuration holds no `;` and at most one level of
# angle brackets (static_cast<uint32_t>(n)); either may span lines. A
# launch written otherwise stops the build naming its line, rather than
# reaching clang as `expected expression`. (A `<<<` inside a string literal
# is rewritten too.)
file(READ "${SOURCE}" text)
set(kernel "([A-Za-z_][A-Za-z0-9_:#]*(\\([^();{}]*\\))?(<[^<>;{}]*>)?)")
set(config "(([^<>;]|<[^<>;]*>)*)")
string(REGEX REPLACE "${kernel}([ \t\r\n]*)<<<${config}>>>"
                     "SYNCSIM_CHEVRON_LAUNCH((\\1),\\5)\\4" text "${text}")
string(REGEX MATCH "[A-Za-z0-9_>)][ \t\r\n]*<<<" left "${text}")
if(left)
  string(FIND "${text}" "${left}" at)
  string(SUBSTRING "${text}" 0 ${at} before)
  string(REGEX MATCHALL "\n" lines "${before}")
  list(LENGTH lines line)
  math(EXPR line "${line} + 1")
  message(FATAL_ERROR "${SOURCE}:${line}: a <<<...>>> launch syncsim cannot spell as a call: "
                      "write its configuration without ';' and nested angle brackets "
                      "(see cmake/syncsim_split_launchers.cmake)")
endif()
file(WRITE "${OUTPUT}.tmp" "#line 1 \"${SOURCE}\"\n${text}")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
