// CntNotify arithmetic as the ACL documents it (cann-cntnotify-and-platforms.md
// A.2): record modes, wait predicates and the id bank. Plain functions and a
// plain class, unit-tested without a kernel.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace syncsim {

enum class CntRecordMode : std::uint32_t { Set = 0, Add = 1, BitOr = 2, BitAnd = 4 };
enum class CntWaitMode : std::uint32_t {
    Less = 0,
    Equal = 1,
    Bigger = 2,
    BiggerOrEqual = 3,
    EqualWithBitmask = 4
};
// Record mode 4: the ACL doc says cnt & value; the hardware register is named
// "clear bit" (cnt & ~value). A platform parameter picks one.
enum class Mode4Semantics { And, ClearBits };

bool valid_record_mode(std::uint32_t mode);
bool valid_wait_mode(std::uint32_t mode);
std::uint32_t apply_record(std::uint32_t count, CntRecordMode mode, std::uint32_t value,
                           Mode4Semantics mode4);
bool wait_released(std::uint32_t count, CntWaitMode mode, std::uint32_t value);
const char* to_string(CntRecordMode m);
const char* to_string(CntWaitMode m);

// A finite table of ids, handed out lowest first.
class IdBank {
  public:
    explicit IdBank(std::uint32_t size) : m_size(size) {}
    std::optional<std::uint32_t> allocate();
    void release(std::uint32_t id) { m_used.erase(id); }
    std::uint32_t in_use() const { return static_cast<std::uint32_t>(m_used.size()); }
    std::uint32_t size() const { return m_size; }

  private:
    std::uint32_t m_size;
    std::set<std::uint32_t> m_used;
};

} // namespace syncsim
