#include "models/vortex/vx_device.hpp"
#include "models/vortex/vx_device_parts.hpp"
#include "models/vortex/vx_warp_context.hpp"

#include "syncsim/fault.hpp"

#include <algorithm>
#include <bitset>
#include <sstream>

namespace syncsim::vortex {

VortexDevice::VortexDevice(sc_core::sc_module_name name, const DeviceParams& p,
                           std::shared_ptr<const ParamMap> params)
    : sc_module(name), m_p(p), m_geometry{static_cast<int>(p.warps), static_cast<int>(p.cores),
                                          static_cast<int>(p.barriers), p.gbar_enable,
                                          p.fidelity == "simx" ? Fidelity::SimX : Fidelity::Rtl},
      m_clock(Clock::from_mhz(p.clock_mhz)), m_params(std::move(params)),
      m_gbar(p, m_geometry, m_clock),
      m_detectors(p, m_clock, m_cores, [this] { return finished(); }) {
    const int sockets = static_cast<int>(p.sockets());
    for (int cl = 0; cl < p.clusters; ++cl) {
        for (int c = 0; c < p.cores; ++c) {
            auto core = std::make_unique<Core>();
            core->index = static_cast<int>(cl * p.cores + c);
            core->local = c;
            core->cluster = cl;
            core->cluster_input = static_cast<int>(c / p.socket_size);
            core->socket = cl * sockets + core->cluster_input;
            core->socket_input = static_cast<int>(c % p.socket_size);
            core->table = std::make_unique<BarrierTable>(m_geometry);
            core->split = std::make_unique<SplitBarriers>(m_geometry);
            for (int w = 0; w < p.warps; ++w) {
                auto warp = std::make_unique<Warp>();
                warp->core = core.get();
                warp->id = w;
                core->warps.push_back(std::move(warp));
            }
            Core* raw = core.get();
            sc_core::sc_spawn_options sched;
            sched.spawn_method();
            sched.set_sensitivity(&raw->schedule_event);
            sched.dont_initialize();
            sc_core::sc_spawn([this, raw] { schedule(*raw); }, nullptr, &sched);
            m_detectors.watch_core(*raw);
            m_cores.push_back(std::move(core));
        }
    }
    SC_HAS_PROCESS(VortexDevice);
    SC_METHOD(store_due);
    sensitive << m_store_due;
    dont_initialize();
}

VortexDevice::~VortexDevice() = default;

const std::vector<std::string>& warp_state_names() {
    static const std::vector<std::string> names = {"never spawned", "running", "barrier",
                                                   "gbar",          "fence",   "exited"};
    return names;
}

void VortexDevice::set_state(Warp& w, const char* state) {
    w.state = state;
    if (!m_tracer) return;
    const auto& names = warp_state_names();
    const auto it = std::find(names.begin(), names.end(), std::string(state));
    m_tracer->warp_state(w.core->index, w.id, static_cast<int>(it - names.begin()));
}

void VortexDevice::start(WarpProgram kernel) {
    for (auto& c : m_cores) spawn(*c, 0, kernel);
    progress();
}

void VortexDevice::spawn(Core& core, int warp, WarpProgram program) {
    Warp& w = *core.warps[static_cast<std::size_t>(warp)];
    w.spawned = true;
    ++m_live_warps;
    set_state(w, "running");
    core.active |= 1ull << warp;
    sc_core::sc_spawn_options opts;
    sc_core::sc_spawn(
        [this, &w, &core, program] {
            WarpContext ctx(*this, w);
            const std::string who =
                "core " + std::to_string(core.index) + " warp " + std::to_string(w.id) + ": ";
            try {
                program(ctx);
            } catch (const BarrierFault& f) {
                m_faults.push_back(who + f.what());
            } catch (const KernelFault& f) {
                m_faults.push_back(who + f.what());
            } catch (const sc_core::sc_unwind_exception&) {
                throw; // the process is being killed: let SystemC unwind it
            } catch (const std::exception& e) {
                // A user's warp program (a plugin) may throw anything: it faults.
                m_faults.push_back(who + "the warp program threw: " + e.what());
            } catch (...) {
                m_faults.push_back(who + "the warp program threw a non-standard exception");
            }
            exit_warp(w);
        },
        nullptr, &opts);
    m_detectors.check_watchdog(core);
}

void VortexDevice::exit_warp(Warp& w) {
    Core& core = *w.core;
    w.exited = true;
    --m_live_warps;
    set_state(w, "exited");
    core.active &= ~(1ull << w.id);
    m_detectors.check_watchdog(core);
    progress();
}

void VortexDevice::issue(Warp& w) {
    Core& c = *w.core;
    c.ready.insert(w.id);
    if (!c.armed) {
        c.armed = true;
        // One warp a cycle: if this cycle's slot is taken, the next cycle.
        if (c.last_grant == sc_core::sc_time_stamp())
            c.schedule_event.notify(cyc(1));
        else
            c.schedule_event.notify(sc_core::SC_ZERO_TIME);
    }
    w.granted = false;
    while (!w.granted) wait_on(w.grant_event);
    wait_for(cyc(m_p.sched_out_cycles));
}

void VortexDevice::schedule(Core& c) {
    // The lowest ready warp id wins (VX_priority_encoder).
    const int warp = *c.ready.begin();
    c.ready.erase(c.ready.begin());
    Warp& w = *c.warps[static_cast<std::size_t>(warp)];
    w.granted = true;
    w.grant_event.notify(sc_core::SC_ZERO_TIME);
    c.last_grant = sc_core::sc_time_stamp();
    ++m_issued;
    if (c.ready.empty())
        c.armed = false;
    else
        c.schedule_event.notify(cyc(1));
}

void VortexDevice::set_stalled(Core& c, int warp, bool stalled) {
    if (stalled)
        c.stalled |= 1ull << warp;
    else
        c.stalled &= ~(1ull << warp);
    m_detectors.check_watchdog(c);
    m_detectors.stalls_changed();
}

void VortexDevice::release(Warp& w, const sc_core::sc_time& ready) {
    w.released = true;
    w.release_event.notify(ready - sc_core::sc_time_stamp());
}

void VortexDevice::barrier(Warp& w, std::uint32_t id, std::uint32_t count) {
    Core& c = *w.core;
    issue(w);
    wait_for(cyc(m_p.bar_issue_cycles));
    const sc_core::sc_time t0 = sc_core::sc_time_stamp(); // execute_fire
    wait_for(cyc(m_p.wctl_cycles));
    const sc_core::sc_time c0 = sc_core::sc_time_stamp(); // warp_ctl_if.valid
    const BarOutcome o = c.table->arrive(w.id, id, count, c.active);
    c.wctl_barrier_id = o.id; // the interface holds it until the next BAR
    progress();
    const sc_core::sc_time ready = c0 + cyc(m_p.release_cycles);
    if (o.noop) {
        wait_until(ready);
        return;
    }
    if (o.released) {
        ReleaseRecord r{false, c.index, o.id, to_ps(t0), to_ps(ready), {}};
        for (int i = 0; i < m_p.warps; ++i)
            if (o.released >> i & 1) {
                r.warps.push_back(i);
                if (i != w.id) release(*c.warps[static_cast<std::size_t>(i)], ready);
            }
        m_releases.push_back(r);
        wait_until(ready);
        return;
    }
    const bool global = (id >> 31) && (m_p.gbar_enable || m_geometry.fidelity == Fidelity::SimX);
    std::ostringstream detail;
    detail << (global ? "global" : "local") << " barrier " << o.id << " (id 0x" << std::hex << id
           << std::dec << ", count " << o.count;
    if (o.count == 0 && m_geometry.fidelity == Fidelity::Rtl)
        detail << " = 2^" << m_geometry.count_width() << " arrivals";
    detail << ")";
    set_state(w, global ? "gbar" : "barrier");
    w.detail = detail.str();
    w.slot = o.id;
    w.released = false;
    set_stalled(c, w.id, true);
    if (o.global_request) {
        c.gbar_req_id = o.id;
        c.requested.insert(o.id);
        Core* core = &c;
        sc_core::sc_spawn_options opts;
        sc_core::sc_spawn([this, core, o] { global_request(*core, o.id, o.size_m1, o.count); },
                          nullptr, &opts);
    }
    while (!w.released) wait_on(w.release_event);
    set_stalled(c, w.id, false);
    set_state(w, "running");
    w.detail.clear();
    progress();
}

void VortexDevice::store_due() {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    while (!m_stores.empty() && m_stores.begin()->first <= now) {
        m_memory[m_stores.begin()->second.first] = m_stores.begin()->second.second;
        m_stores.erase(m_stores.begin());
    }
    if (!m_stores.empty()) m_store_due.notify(m_stores.begin()->first - now);
}

bool VortexDevice::finished() const {
    return m_live_warps == 0;
}

std::vector<WarpReport> VortexDevice::report() const {
    std::vector<WarpReport> out;
    for (const auto& c : m_cores)
        for (const auto& w : c->warps) {
            if (!w->spawned || w->exited) continue;
            std::string detail = w->detail;
            if (w->split_wait) {
                detail = split_wait_detail(*c, *w);
            } else if (w->slot >= 0 && (w->state == "barrier" || w->state == "gbar")) {
                // Live counts: how many of the core's active warps are there now.
                detail += ": " + std::to_string(std::bitset<64>(c->table->mask(w->slot)).count()) +
                          " of " + std::to_string(std::bitset<64>(c->active).count()) +
                          " active warp(s) of core " + std::to_string(c->index) + " there";
                if (w->state == "gbar")
                    detail += c->requested.count(w->slot) ? "; the core's request went out"
                                                          : "; the core has not sent its request";
            }
            out.push_back({c->index, w->id, w->state, detail});
        }
    return out;
}

} // namespace syncsim::vortex
