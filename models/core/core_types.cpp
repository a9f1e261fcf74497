#include "models/core/core_types.hpp"

namespace syncsim {

const char* to_string(Pipe p) {
    static const char* const names[] = {"PIPE_S",    "PIPE_V",    "PIPE_M",   "PIPE_MTE1",
                                        "PIPE_MTE2", "PIPE_MTE3", "PIPE_FIX", "PIPE_ALL"};
    return names[static_cast<int>(p)];
}

const char* to_string(BuildFlavour f) {
    static const char* const names[] = {"npu", "auto", "cpu_sim"};
    return names[static_cast<int>(f)];
}

} // namespace syncsim
