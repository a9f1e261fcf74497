#include "models/core/local_time.hpp"

namespace syncsim {

void LocalTime::sync() {
    const sc_core::sc_time lag = m_lag;
    m_lag = sc_core::SC_ZERO_TIME;
    wait_for(lag);
}

void LocalTime::wait_ahead(const sc_core::sc_event& event) {
    const sc_core::sc_time local = now();
    m_lag = sc_core::SC_ZERO_TIME;
    m_waiting_from = local;
    wait_on(event);
    m_waiting_from = sc_core::SC_ZERO_TIME;
    const sc_core::sc_time woke = sc_core::sc_time_stamp();
    m_lag = local > woke ? local - woke : sc_core::SC_ZERO_TIME;
}

} // namespace syncsim
