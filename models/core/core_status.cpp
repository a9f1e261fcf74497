#include "models/core/core_status.hpp"

#include <sstream>

namespace syncsim {

const char* to_string(CoreState s) {
    static const char* const names[] = {"idle",    "running", "waiting", "polling",
                                        "blocked", "done",    "faulted"};
    return names[static_cast<int>(s)];
}

std::string hex_address(std::uint64_t addr) {
    std::ostringstream os;
    os << "0x" << std::hex << addr;
    return os.str();
}

std::string WaitReason::describe() const {
    std::ostringstream os;
    switch (kind) {
    case Kind::None:
        os << "nothing";
        break;
    case Kind::PipeDrain:
        os << "pipe_barrier(" << to_string(pipe) << "): pipe not drained";
        break;
    case Kind::WriteDrain:
        os << "dsb: posted scalar writes not yet landed";
        break;
    case Kind::IntraCoreFlag:
        os << "wait_flag(" << to_string(src) << ", " << to_string(dst) << ", " << id << ") on "
           << to_string(pipe) << ": flag count " << count << ", "
           << (text.empty() ? "no set_flag pending" : text);
        break;
    case Kind::Poll:
        if (slots > 0 && slot_sum)
            os << "poll of the sum of " << slots << " slots at GM 0x" << std::hex << addr
               << std::dec << " (" << slot_bytes << " bytes apart) until the sum "
               << to_string(until) << " " << target << ": last sum " << value << " after " << polls
               << " polls";
        else if (slots > 0)
            os << "poll of " << slots << " slots at GM 0x" << std::hex << addr << std::dec << " ("
               << slot_bytes << " bytes apart) until "
               << (slot_quorum ? std::to_string(slot_quorum) + " of them stand" : "every slot")
               << " " << to_string(until) << " " << target << ": last " << value << " of " << slots
               << " ready after " << polls << " polls";
        else
            os << "poll of GM 0x" << std::hex << addr << std::dec << " until value "
               << to_string(until) << " " << target << ": last value " << value << " after "
               << polls << " polls";
        if (!text.empty()) os << " (" << text << ")";
        break;
    case Kind::External:
        os << text;
        break;
    }
    return os.str();
}

} // namespace syncsim
