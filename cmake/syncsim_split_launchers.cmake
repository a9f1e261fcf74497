# cmake -DSOURCE=kernel.cpp -DOUTPUT=copy.cpp -P syncsim_split_launchers.cmake
#
# What the vendor's compiler does with a kernel source that also holds host
# launchers (`k<<<blocks, l2ctrl, stream>>>(args)` in a host function): the
# kernels go to the device, the launchers to the host. syncsim compiles
# kernel sources as plain C++, where `<<<` cannot parse, so the copy it
# compiles spells each launch SYNCSIM_CHEVRON_LAUNCH(k, blocks, l2ctrl,
# stream)(args) (syncsim/vendor_kernel.hpp), which launches as a host
# source's chevrons do. Nothing else changes: the copy starts with a #line
# naming the source, and every line keeps its number, so diagnostics, debug
# lines and faults name the user's file and line.
file(READ "${SOURCE}" text)
# The kernel: an identifier, maybe qualified; the configuration: anything
# but angle brackets (a launch's configuration never holds one).
string(REGEX REPLACE "([A-Za-z_][A-Za-z0-9_:]*)([ \t]*)<<<([^<>]*)>>>"
                     "SYNCSIM_CHEVRON_LAUNCH(\\1,\\3)\\2" text "${text}")
file(WRITE "${OUTPUT}.tmp" "#line 1 \"${SOURCE}\"\n${text}")
file(RENAME "${OUTPUT}.tmp" "${OUTPUT}")
