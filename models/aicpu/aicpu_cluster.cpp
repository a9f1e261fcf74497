#include "models/aicpu/aicpu_cluster.hpp"

#include "models/systemc/simulation_time.hpp"
#include "syncsim/acl_types.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace syncsim {

namespace {

sc_core::sc_time ns(double v) {
    return sc_core::sc_time(v, sc_core::SC_NS);
}

} // namespace

// One thread of the running launch: its MMIO and its scans.
class AicpuCluster::Thread : public AicpuContext {
  public:
    Thread(AicpuCluster& cluster, int idx, int num) : m_cluster(cluster), m_idx(idx), m_num(num) {}

    int thread_idx() const override { return m_idx; }
    int thread_num() const override { return m_num; }
    int cores() const override { return static_cast<int>(m_cluster.m_cores.size()); }
    CoreType core_type(int core) const override {
        return m_cluster.m_cores.at(static_cast<std::size_t>(core)).type;
    }
    int cluster(int core) const override {
        return m_cluster.m_cores.at(static_cast<std::size_t>(core)).cluster;
    }

    std::uint64_t read_reg(int core, RegId reg) override {
        drain_stores();
        wait_for(ns(m_cluster.m_params.mmio_read_ns));
        if (RaceDetector* r = m_cluster.m_races)
            r->acquire_from(m_cluster.m_race_agent,
                            RaceDetector::register_key(core, static_cast<int>(reg)));
        return regs(core)[reg].read(sc_core::sc_time_stamp());
    }
    void write_reg(int core, RegId reg, std::uint64_t value) override {
        const AicpuParams& p = m_cluster.m_params;
        wait_for(ns(p.mmio_write_ns));
        if (RaceDetector* r = m_cluster.m_races)
            r->release_to(m_cluster.m_race_agent,
                          RaceDetector::register_key(core, static_cast<int>(reg)));
        regs(core)[reg].post(value, ns(p.dispatch_visible_ns));
        m_stores_land_at =
            std::max(m_stores_land_at, sc_core::sc_time_stamp() + ns(p.dispatch_visible_ns));
    }
    void read_gm(GmAddr addr, void* out, std::uint64_t bytes) override {
        load_gm(addr, out, bytes);
        if (RaceDetector* r = m_cluster.m_races)
            if (r->active())
                r->read(m_cluster.m_race_agent, addr, bytes, "AICPU load", nullptr,
                        to_ps(sc_core::sc_time_stamp()));
    }
    bool poll_gm(GmAddr addr, void* out, std::uint64_t bytes, const void* seen,
                 double deadline_ns) override;
    std::uint64_t read_sys_cnt() override {
        wait_for(ns(m_cluster.m_params.sys_counter_read_ns));
        return sys_count(m_cluster.m_params.sys_counter_mhz);
    }
    void write_gm(GmAddr addr, const void* data, std::uint64_t bytes) override {
        m_cluster.m_gm.write(addr, static_cast<const std::uint8_t*>(data), bytes);
        // -1: written from outside the AICores, as the host's writes are.
        if (m_cluster.m_provenance)
            m_cluster.m_provenance->record(
                {-1, "AICPU payload store", to_ps(sc_core::sc_time_stamp()), addr, bytes});
        if (RaceDetector* r = m_cluster.m_races)
            if (r->active())
                r->write(m_cluster.m_race_agent, addr, bytes, "AICPU payload store", nullptr,
                         to_ps(sc_core::sc_time_stamp()));
        wait_for(ns(m_cluster.m_params.gm_store_ns * static_cast<double>((bytes + 7) / 8)));
    }
    CondScan scan_cond(const std::vector<int>& cores, const std::vector<std::uint64_t>& seen,
                       double deadline_ns) override;
    void wake_threads() override {
        for (auto& t : m_cluster.m_threads)
            if (t.get() != this) t->woken(sc_core::sc_time_stamp());
    }
    double now_ns() const override { return to_ns(sc_core::sc_time_stamp()); }
    void work(double v) override { wait_for(ns(v)); }
    std::uint64_t new_task_id() override { return m_cluster.m_new_task_id(); }
    void fail(int code, const std::string& why) override {
        if (!m_cluster.m_failure) m_cluster.m_failure = AicpuResult{code, why};
    }
    void log(const std::string& line) override { m_cluster.m_log(line); }

    void woken(const sc_core::sc_time& at) {
        if (!m_woken_at) m_woken_at = at;
        m_wake.notify(sc_core::SC_ZERO_TIME);
    }

  private:
    // The AIC_CTRL window is Device-nGnRE: an LDR is not reordered ahead of
    // the thread's posted STRs, so it waits for them to complete first
    // (simpler 6ebaf771 docs/hardware/mmio-performance.md:45,59: "LDR drains
    // the in-flight STR queue").
    void drain_stores() {
        if (m_stores_land_at > sc_core::sc_time_stamp()) wait_until(m_stores_land_at);
    }
    // One cacheable load: a hit while no write has landed on the line since
    // the AICPU read it, else a miss that reads GM at its end.
    void load_gm(GmAddr addr, void* out, std::uint64_t bytes);

    CoreRegisters& regs(int core) {
        if (core < 0 || core >= cores())
            throw std::out_of_range("AICPU thread " + std::to_string(m_idx) + ": core " +
                                    std::to_string(core) + " does not exist");
        return *m_cluster.m_cores[static_cast<std::size_t>(core)].registers;
    }

    AicpuCluster& m_cluster;
    int m_idx, m_num;
    std::optional<sc_core::sc_time> m_woken_at;
    sc_core::sc_event m_wake;
    sc_core::sc_time m_stores_land_at = sc_core::SC_ZERO_TIME;
};

void AicpuCluster::Thread::load_gm(GmAddr addr, void* out, std::uint64_t bytes) {
    const AicpuParams& p = m_cluster.m_params;
    LineWatch* watch = m_cluster.m_line_watch;
    if (bytes == 0) return;
    const std::uint64_t first = watch ? watch->line_of(addr) : 0;
    const std::uint64_t last = watch ? watch->line_of(addr + bytes - 1) : 0;
    bool hit = watch != nullptr;
    for (std::uint64_t line = first; hit && line <= last; ++line) {
        const auto it = m_cluster.m_cached.find(line);
        hit = it != m_cluster.m_cached.end() &&
              !watch->written_after(watch->first_byte(line), it->second);
    }
    wait_for(ns(hit ? p.gm_hit_ns : p.gm_miss_ns));
    m_cluster.m_gm.read(addr, static_cast<std::uint8_t*>(out), bytes);
    if (!hit && watch)
        for (std::uint64_t line = first; line <= last; ++line) {
            watch->watch(watch->first_byte(line));
            m_cluster.m_cached[line] = sc_core::sc_time_stamp();
        }
}

bool AicpuCluster::Thread::poll_gm(GmAddr addr, void* out, std::uint64_t bytes, const void* seen,
                                   double deadline_ns) {
    const sc_core::sc_time deadline = ns(deadline_ns);
    LineWatch* watch = m_cluster.m_line_watch;
    for (;;) {
        load_gm(addr, out, bytes);
        if (std::memcmp(out, seen, bytes) != 0) {
            if (RaceDetector* r = m_cluster.m_races)
                if (r->active())
                    r->polled(m_cluster.m_race_agent, addr, bytes, "AICPU poll", nullptr,
                              to_ps(sc_core::sc_time_stamp()));
            return true;
        }
        const sc_core::sc_time now = sc_core::sc_time_stamp();
        if (now >= deadline) return false;
        // Until a write lands on the line, every load hits and reads `seen`.
        if (watch)
            sc_core::wait(deadline - now, watch->changed(addr));
        else
            wait_until(deadline);
        Activity::count_one();
    }
}

CondScan AicpuCluster::Thread::scan_cond(const std::vector<int>& cores,
                                         const std::vector<std::uint64_t>& seen,
                                         double deadline_ns) {
    const AicpuParams& p = m_cluster.m_params;
    const sc_core::sc_time start = sc_core::sc_time_stamp();
    const sc_core::sc_time read = ns(p.mmio_read_ns);
    const sc_core::sc_time pass =
        cores.empty() ? ns(p.loop_ns) : read * static_cast<double>(cores.size());
    // The end of the pass that holds time `t` (the pass in progress at t).
    const auto end_of_pass_at = [&](const sc_core::sc_time& t) {
        const double passes = std::floor((t - start) / pass);
        return start + pass * (passes + 1);
    };
    sc_core::sc_event_or_list events;
    events |= m_wake;
    for (int c : cores) events |= regs(c).cond.posted();
    // The first pass that ends at or after the deadline.
    const sc_core::sc_time deadline = ns(deadline_ns);
    const double deadline_passes = deadline > start ? std::ceil((deadline - start) / pass) : 0.0;
    const sc_core::sc_time deadline_end = start + pass * std::max(1.0, deadline_passes);
    CondScan result;
    // When each core's change is read: fixed once known, since the register
    // forgets when a value landed once a later write has.
    std::vector<std::optional<sc_core::sc_time>> read_at(cores.size());
    for (;;) {
        const sc_core::sc_time now = sc_core::sc_time_stamp();
        // Pass p's read of core j returns at start + (p x k + j + 1) reads:
        // the pass that reads a change is the first whose read of j returns
        // at or after it landed.
        sc_core::sc_time end = deadline_end;
        CondScan::End why = CondScan::End::Deadline;
        for (std::size_t j = 0; j < cores.size(); ++j) {
            if (!read_at[j]) {
                const auto t = regs(cores[j]).cond.first_differing(seen[j], now);
                if (!t) continue;
                // A read returns the value at its end, as read_reg does.
                const sc_core::sc_time offset = read * static_cast<double>(j + 1);
                const sc_core::sc_time since = *t - start; // t >= now >= start
                const double index = since > offset ? std::ceil((since - offset) / pass) : 0.0;
                read_at[j] = start + pass * (index + 1);
            }
            const sc_core::sc_time at = *read_at[j];
            if (at < end || (at == end && why == CondScan::End::Deadline)) {
                end = at;
                why = CondScan::End::Changed;
            }
        }
        if (m_woken_at) {
            const sc_core::sc_time at = end_of_pass_at(std::max(*m_woken_at, start));
            if (at < end) {
                end = at;
                why = CondScan::End::Woken;
            }
        }
        if (end <= now) {
            result.end = why;
            break;
        }
        sc_core::wait(end - now, events);
        Activity::count_one();
    }
    // Every scan's end is followed by the thread's dispatch phase, which
    // sees whatever the wake was for: the wake is spent, however it ended.
    if (m_woken_at && *m_woken_at <= sc_core::sc_time_stamp()) m_woken_at.reset();
    for (std::size_t j = 0; j < cores.size(); ++j) {
        result.values.push_back(regs(cores[j]).cond.read(sc_core::sc_time_stamp()));
        if (RaceDetector* r = m_cluster.m_races)
            r->acquire_from(m_cluster.m_race_agent,
                            RaceDetector::register_key(cores[j], static_cast<int>(RegId::COND)));
    }
    return result;
}

AicpuCluster::AicpuCluster(sc_core::sc_module_name name, const AicpuParams& params,
                           std::vector<CoreWindow> cores, SparseStore& gm,
                           WriteProvenance* provenance, std::function<std::uint64_t()> new_task_id)
    : sc_core::sc_module(name), m_params(params), m_cores(std::move(cores)), m_gm(gm),
      m_provenance(provenance), m_new_task_id(std::move(new_task_id)) {
    // A core's COND store lands where the AICPU reads it after this.
    for (const CoreWindow& c : m_cores)
        c.registers->core_write_latency = ns(params.cond_visible_ns);
}

AicpuCluster::~AicpuCluster() = default;

AicpuResult AicpuCluster::run(const AicpuLaunch& launch,
                              std::function<void(const std::string&)> log) {
    if (launch.threads < 1 || launch.threads > m_params.threads)
        return {acl::kAicpuException,
                "AICPU kernel '" + launch.name + "' asks for " + std::to_string(launch.threads) +
                    " threads; the AICPU runs 1 to " + std::to_string(m_params.threads)};
    ++m_launches_run;
    // One AICPU kernel at a time: another waits for it to end.
    while (m_launch) wait_on(m_all_done);
    m_launch = &launch;
    m_log = std::move(log);
    m_failure.reset();
    m_threads.clear();
    for (int i = 0; i < launch.threads; ++i)
        m_threads.push_back(std::make_unique<Thread>(*this, i, launch.threads));
    m_running = launch.threads;
    for (auto& t : m_threads) {
        Thread* thread = t.get();
        sc_core::sc_spawn(
            [this, thread] {
                m_launch->thread(*thread);
                if (--m_running == 0) m_all_done.notify(sc_core::SC_ZERO_TIME);
            },
            (std::string(basename()) + "_t" + std::to_string(thread->thread_idx())).c_str());
    }
    while (m_running > 0) wait_on(m_all_done);
    m_launch = nullptr;
    m_all_done.notify(sc_core::SC_ZERO_TIME); // a launch waiting for the AICPU
    return m_failure.value_or(AicpuResult{});
}

std::string AicpuCluster::describe() const {
    if (!m_launch) return "";
    return m_launch->describe ? m_launch->describe() : "AICPU kernel " + m_launch->name;
}

} // namespace syncsim
