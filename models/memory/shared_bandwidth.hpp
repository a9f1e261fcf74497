// A data path of fixed bandwidth that every request crossing it shares: the
// L2's data path across all its same-address ranges, or its way to HBM. The
// requests the model makes queue busy-until; co-running bulk traffic that is
// not modelled request by request (a kernel streaming GM: KernelContext::
// stream_gm) takes a share of it for a while. A request then moves at the
// capacity the streams leave, after the mean wait behind their bursts of an
// M/D/1 queue (Pollaczek-Khinchine: rho / (1 - rho) x one burst's time / 2).
// Deterministic: the mean wait, not a draw. Plain class: no process.
#pragma once

#include "models/memory/busy_until.hpp"

#include <algorithm>
#include <cstdint>
#include <systemc>
#include <vector>

namespace syncsim {

class SharedBandwidth {
  public:
    // The streams together never take more than this share: past it they
    // are the ones slowed (a request still moves).
    static constexpr double kMaxStreamShare = 0.95;

    // `cycle`: one clock cycle; `bytes_per_cycle`: the capacity (0: no limit).
    SharedBandwidth(const sc_core::sc_time& cycle, double bytes_per_cycle)
        : m_cycle(cycle), m_capacity(bytes_per_cycle) {}

    // A stream of `bytes_per_cycle` in bursts of `burst_bytes` until `until`.
    void add_stream(double bytes_per_cycle, double burst_bytes, const sc_core::sc_time& until) {
        if (m_capacity <= 0 || bytes_per_cycle <= 0) return;
        m_streams.push_back({bytes_per_cycle, std::max(1.0, burst_bytes), until});
        prune(sc_core::sc_time_stamp()); // counts the new share in the peak
    }
    // The share of the capacity the streams take at `at`.
    double stream_share(const sc_core::sc_time& at) {
        prune(at);
        double rate = 0;
        for (const Stream& s : m_streams) rate += s.rate;
        return m_capacity <= 0 ? 0 : std::min(kMaxStreamShare, rate / m_capacity);
    }
    // When `bytes` that reach the path at `at` have crossed it.
    sc_core::sc_time pass(const sc_core::sc_time& at, std::uint64_t bytes) {
        if (m_capacity <= 0 || bytes == 0) return at;
        const double rho = stream_share(at);
        const double wait = mean_wait(rho);
        const double transfer = double(bytes) / (m_capacity * (1 - rho));
        const sc_core::sc_time occupancy = m_cycle * transfer;
        return m_busy.reserve(at + m_cycle * wait, occupancy) + occupancy;
    }
    // What the streams add to `bytes` crossing at `at` beyond an empty
    // path's transfer, without taking the path (a poll's way).
    sc_core::sc_time stream_delay(const sc_core::sc_time& at, std::uint64_t bytes) {
        if (m_capacity <= 0) return sc_core::SC_ZERO_TIME;
        const double rho = stream_share(at);
        if (rho <= 0) return sc_core::SC_ZERO_TIME;
        const double transfer = double(bytes) / m_capacity;
        return m_cycle * (mean_wait(rho) + transfer / (1 - rho) - transfer);
    }
    double peak_share() const { return m_peak; }

  private:
    // In cycles: behind the streams' bursts (their rate-weighted mean size).
    double mean_wait(double rho) const {
        if (rho <= 0) return 0;
        double burst = 0, rate = 0;
        for (const Stream& s : m_streams) {
            burst += s.rate * s.burst;
            rate += s.rate;
        }
        return rate > 0 ? rho / (1 - rho) * (burst / rate / m_capacity) / 2 : 0;
    }
    struct Stream {
        double rate, burst;
        sc_core::sc_time until;
    };
    void prune(const sc_core::sc_time& at) {
        m_streams.erase(std::remove_if(m_streams.begin(), m_streams.end(),
                                       [&](const Stream& s) { return s.until <= at; }),
                        m_streams.end());
        double rate = 0;
        for (const Stream& s : m_streams) rate += s.rate;
        if (m_capacity > 0) m_peak = std::max(m_peak, std::min(kMaxStreamShare, rate / m_capacity));
    }

    sc_core::sc_time m_cycle;
    double m_capacity;
    std::vector<Stream> m_streams;
    BusyUntil m_busy;
    double m_peak = 0;
};

// An L2's two shared paths: its data path across every range, and its way
// to HBM (what misses, and uncached reads, cross).
class L2DataPaths {
  public:
    L2DataPaths(const sc_core::sc_time& cycle, double data_bytes_per_cycle,
                double hbm_bytes_per_cycle)
        : m_data(cycle, data_bytes_per_cycle), m_hbm(cycle, hbm_bytes_per_cycle) {}
    // Co-running bulk traffic: a share of both.
    void add_stream(double bytes_per_cycle, double burst_bytes, const sc_core::sc_time& until) {
        m_data.add_stream(bytes_per_cycle, burst_bytes, until);
        m_hbm.add_stream(bytes_per_cycle, burst_bytes, until);
    }
    // When a request of `bytes` whose first piece starts at `first` has
    // crossed them (`missed` of its bytes to HBM as well).
    sc_core::sc_time pass(const sc_core::sc_time& first, std::uint64_t bytes,
                          std::uint64_t missed) {
        sc_core::sc_time done = m_data.pass(first, bytes);
        if (missed) done = std::max(done, m_hbm.pass(first, missed));
        return done;
    }
    // What the streams add to a poll's way, which takes neither path.
    sc_core::sc_time poll_delay(bool to_hbm, const sc_core::sc_time& at, std::uint64_t bytes) {
        return (to_hbm ? m_hbm : m_data).stream_delay(at, bytes);
    }
    // The most of each path the streams took, into `stats` (returned).
    template <typename Stats>
    Stats& peaks_into(Stats& stats) const {
        stats.data_stream_peak = m_data.peak_share();
        stats.hbm_stream_peak = m_hbm.peak_share();
        return stats;
    }

  private:
    SharedBandwidth m_data, m_hbm;
};

} // namespace syncsim
