// The FFTS message word as the hardware decodes it; getFFTSMsg builds it:
// bits[3:0] base count, bits[5:4] mode, bits[11:8] flag id (pto-syncall.md 1.2).
#pragma once

#include <cstdint>

namespace syncsim {

struct FftsMessage {
    int base_count;
    int mode; // 0 all cores of a type, 1 vector sub-cores of a cluster, 2 cube <-> its vectors
    int flag_id;
};

constexpr FftsMessage decode_ffts_message(std::uint64_t msg) {
    return FftsMessage{static_cast<int>(msg & 0xF), static_cast<int>((msg >> 4) & 0x3),
                       static_cast<int>((msg >> 8) & 0xF)};
}

} // namespace syncsim
