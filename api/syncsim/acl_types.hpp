// The ACL runtime's types and codes as host programs use them
// (cann-cntnotify-and-platforms.md A.1, A.2, A.4): opaque handles, the
// CntNotify enums and structs with their documented layout, aclError values.
#pragma once

#include <cstddef>
#include <cstdint>

namespace syncsim {

using aclError = int;
using aclrtStream = void*; // nullptr = the default stream
using aclrtCntNotify = void*;
using aclrtNotify = void*;
using aclrtEvent = void*;

namespace acl {
constexpr aclError kSuccess = 0;
constexpr aclError kInvalidParam = 100000;        // ACL_ERROR_INVALID_PARAM (ACL layer)
constexpr aclError kRtParamInvalid = 107000;      // ACL_ERROR_RT_PARAM_INVALID
constexpr aclError kRtStreamContext = 107003;     // ACL_ERROR_RT_STREAM_CONTEXT
constexpr aclError kRtInvalidHandle = 107017;     // ACL_ERROR_RT_INVALID_HANDLE
constexpr aclError kRtTaskTimeout = 107020;       // ACL_ERROR_RT_TASK_TIMEOUT
constexpr aclError kFeatureNotSupported = 207000; // ACL_ERROR_RT_FEATURE_NOT_SUPPORT
constexpr aclError kNoNotifyResource = 207009;    // ACL_ERROR_RT_NO_NOTIFY_RESOURCE
constexpr aclError kDeviceFault = 507015; // AI Core fault, as seen in dev probes (pto-syncall.md 5)
// What a host sees when the op-execute watchdog kills a task, and when its
// own synchronize budget runs out first (device-observations.md 3).
constexpr aclError kRtAicoreTimeout = 507014;     // ACL_ERROR_RT_AICORE_TIMEOUT
constexpr aclError kRtVectorCoreTimeout = 507034; // ACL_ERROR_RT_VECTOR_CORE_TIMEOUT
constexpr aclError kRtStreamSyncTimeout = 507046; // ACL_ERROR_RT_STREAM_SYNC_TIMEOUT
constexpr aclError kAicpuException = 507018;      // ACL_ERROR_RT_AICPU_EXCEPTION
} // namespace acl

enum aclrtCntNotifyRecordMode : std::uint32_t {
    SET_VALUE_MODE = 0,
    ADD_MODE = 1,
    BIT_OR_MODE = 2,
    BIT_AND_MODE = 4, // 3 is deliberately absent
};

enum aclrtCntNotifyWaitMode : std::uint32_t {
    LESS_MODE = 0,
    EQUAL_MODE = 1,
    BIGGER_MODE = 2,
    BIGGER_OR_EQUAL_MODE = 3,
    EQUAL_WITH_BITMASK_MODE = 4,
};

struct aclrtCntNotifyRecordInfo {
    aclrtCntNotifyRecordMode mode;
    std::uint32_t value;
};

struct aclrtCntNotifyWaitInfo {
    aclrtCntNotifyWaitMode mode;
    std::uint32_t value;
    std::uint32_t timeout; // seconds, 0 = wait for ever
    std::uint8_t isClear;  // 1: the count is cleared after the wait releases
    std::uint8_t rsv[3];
};

// The layout the vendor's ABI tests check (struct_check.cpp).
static_assert(sizeof(aclrtCntNotifyRecordMode) == 4 && sizeof(aclrtCntNotifyWaitMode) == 4);
static_assert(sizeof(aclrtCntNotifyRecordInfo) == 8);
static_assert(sizeof(aclrtCntNotifyWaitInfo) == 16);
static_assert(offsetof(aclrtCntNotifyWaitInfo, value) == 4);
static_assert(offsetof(aclrtCntNotifyWaitInfo, timeout) == 8);
static_assert(offsetof(aclrtCntNotifyWaitInfo, isClear) == 12);
static_assert(offsetof(aclrtCntNotifyWaitInfo, rsv) == 13);

} // namespace syncsim
