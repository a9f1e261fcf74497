// One FFTS flag: a counting semaphore of `bits` width. A set adds, a wait
// takes one once the count is non-zero. Past the maximum the hardware
// either wraps (A2/A3, documented) or saturates: a platform choice.
#pragma once

#include <cstdint>

namespace syncsim {

enum class OverflowPolicy { Wrap, Saturate };

class FlagCounter {
  public:
    FlagCounter(int bits = 4, OverflowPolicy policy = OverflowPolicy::Wrap)
        : m_max((1 << bits) - 1), m_policy(policy) {}

    // Returns true when the add overflowed (a hardware error event).
    bool add(int n) {
        const int sum = m_value + n;
        if (sum <= m_max) {
            m_value = sum;
            return false;
        }
        m_value = m_policy == OverflowPolicy::Wrap ? sum % (m_max + 1) : m_max;
        return true;
    }
    bool try_take() {
        if (m_value == 0) return false;
        --m_value;
        return true;
    }
    int value() const { return m_value; }
    int max() const { return m_max; }
    void clear() { m_value = 0; }

  private:
    int m_value = 0;
    int m_max;
    OverflowPolicy m_policy;
};

} // namespace syncsim
