// What a core is doing, for tracing and for explaining a run that did not end.
#pragma once

#include "syncsim/core_types.hpp"
#include "syncsim/kernel_api.hpp"

#include <cstdint>
#include <string>

namespace syncsim {

// idle: never given a block; running: making progress; waiting: on another
// core or agent (a flag, a notify); polling: in a poll loop on a GM word;
// blocked: stalled on this core's own pipes or write buffer; done: block finished.
enum class CoreState : std::uint8_t { Idle, Running, Waiting, Polling, Blocked, Done, Faulted };
constexpr int kCoreStateCount = 7;
// The states of a core holding a block, where its time goes.
constexpr CoreState kBusyStates[] = {CoreState::Running, CoreState::Waiting, CoreState::Polling,
                                     CoreState::Blocked};
const char* to_string(CoreState s);
// An address as the diagnosis prints it: 0x followed by lower-case hex.
std::string hex_address(std::uint64_t addr);

struct WaitReason {
    enum class Kind { None, PipeDrain, WriteDrain, IntraCoreFlag, Poll, External };
    Kind kind = Kind::None;
    Pipe pipe = Pipe::S;
    Pipe src = Pipe::S, dst = Pipe::S;
    int id = 0;
    std::int64_t count = 0; // pending count of the flag waited on
    GmAddr addr = 0;
    std::int64_t value = 0, target = 0;
    Cmp until = Cmp::GreaterEqual;
    std::uint64_t polls = 0;
    std::int64_t slots = 0;       // a slot poll: how many slots (value: how many are ready)
    std::uint64_t slot_bytes = 0; // and how far apart
    bool slot_sum = false;        // value and target: the slots' sum
    std::int64_t slot_quorum = 0; // a count scan: how many slots must be ready (0: all)
    std::string text;             // External: rendered by the agent that owns the object

    std::string describe() const;
};

} // namespace syncsim
