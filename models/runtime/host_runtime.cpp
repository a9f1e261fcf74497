#include "models/runtime/host_runtime.hpp"

#include "models/systemc/simulation_time.hpp"

#include <cmath>

namespace syncsim {

HostRuntime::HostRuntime(sc_core::sc_module_name name, HostProgram program, KernelLookup kernels,
                         std::shared_ptr<const ParamMap> params, const HostPorts& ports)
    : sc_module(name), m_program(std::move(program)), m_kernels(std::move(kernels)),
      m_params(std::move(params)), m_device(ports.device), m_scheduler(*ports.scheduler),
      m_clock(*ports.clock), m_launch_overhead_cycles(ports.scheduling.launch_overhead_cycles),
      m_memory(*ports.gm, ports.gm_base, ports.gm_bytes),
      m_streams(static_cast<std::size_t>(ports.scheduling.stream_task_limit), m_log),
      m_acl_notify(m_streams, *ports.notifies, *ports.clock, m_log),
      m_launch_rules(ports.launch_rules), m_c2c_ctrl_addr(ports.c2c_ctrl_addr),
      m_aicpu(ports.aicpu) {
    if (ports.provenance) m_memory.set_provenance(ports.provenance, ports.requester_name);
    m_memory.set_stale_reads(ports.stale_reads);
    if (ports.races) {
        m_memory.set_races(ports.races, ports.race_host_agent);
        m_streams.set_races(ports.races, ports.race_host_agent);
    }
    SC_HAS_PROCESS(HostRuntime);
    SC_THREAD(run);
}

void HostRuntime::run() {
    m_streams.create();
    try {
        m_program(*this);
        // Leaving the program synchronises the device, as process exit does.
        for (std::size_t i = 0; i < m_streams.all().size(); ++i)
            m_streams.synchronize(static_cast<StreamId>(i));
    } catch (const HostError& e) {
        m_error = e.what();
    } catch (const std::bad_variant_access&) {
        m_error = "host program read a parameter with the wrong type";
    } catch (const sc_core::sc_unwind_exception&) {
        throw; // the process is being killed: let SystemC unwind it
    } catch (const std::exception& e) {
        // A user's host program (a plugin) may throw anything: the run ends as a host error.
        m_error = std::string("the host program threw: ") + e.what();
    }
    m_streams.clear_waiting();
    m_finished = true;
    m_finished_at = sc_core::sc_time_stamp();
    sc_core::sc_pause(); // not sc_stop: the driver then ends the remaining processes
                         // (end_processes)
}

const ParamValue& HostRuntime::param(const std::string& name) const {
    auto it = m_params->find(name);
    if (it == m_params->end()) throw HostError("host program parameter '" + name + "' not given");
    return it->second;
}

void HostRuntime::measure(const std::string& name, double value, const std::string& unit,
                          const std::string& what) {
    const bool named =
        !name.empty() &&
        name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos;
    if (!named) throw HostError("measure('" + name + "'): a measurement's name is [a-z0-9_]+");
    for (const HostMeasurement& m : m_measurements)
        if (m.name == name) throw HostError("measure('" + name + "'): measured twice");
    if (!std::isfinite(value))
        throw HostError("measure('" + name + "'): the value is not a number");
    m_measurements.push_back({name, value, unit, what});
}

int HostRuntime::rtGetC2cCtrlAddr(std::uint64_t* addr, std::uint32_t* len) {
    if (!addr || !len) return acl::kRtParamInvalid;
    if (m_c2c_ctrl_addr == 0) return acl::kFeatureNotSupported;
    *addr = m_c2c_ctrl_addr;
    *len = 0x1000;
    return acl::kSuccess;
}

int HostRuntime::launch(StreamId stream_id, const KernelLaunch& request) {
    Stream& s = m_streams.get(stream_id);
    const KernelFn fn = m_kernels(request.kernel);
    if (!fn) throw HostError("launch of unknown kernel '" + request.kernel + "'");
    if (request.schedule_mode != 0 && request.schedule_mode != 1)
        throw HostError("launch of '" + request.kernel + "': schedule mode " +
                        std::to_string(request.schedule_mode) +
                        " is neither 0 (normal) nor 1 (batch)");
    for (const auto& [library, version] : request.libraries)
        if (const std::string why = check_library_version(library, version); !why.empty())
            throw HostError("launch of '" + request.kernel + "': " + why);
    LaunchWork work;
    work.batch = request.schedule_mode == 1;
    work.timeout_us = request.timeout_us;
    work.stream = stream_id;
    work.kernel.kernel_name = request.kernel;
    work.kernel.fn = fn;
    try {
        work.plan = plan_launch(m_launch_rules, m_device.arch, request);
    } catch (const LaunchError& e) {
        throw HostError("launch of '" + request.kernel + "': " + e.what());
    }
    // Batch mode waits until every block fits. The runtime checks a block
    // dim past the core count and only warns, then submits the launch
    // (hicann/runtime@681ef7610df1 davinci_kernel_task.cc:242-271,
    // aic_aiv_sqe_common.hpp:25-40): its blocks never all fit, so it waits
    // for ever, until the op-execute watchdog.
    const std::int64_t aic_need = work.plan.block_num * work.plan.aic_per_block,
                       aiv_need = work.plan.block_num * work.plan.aiv_per_block;
    if (work.batch && (aic_need > m_device.aic_cores || aiv_need > m_device.aiv_cores)) {
        const bool aic_short = aic_need > m_device.aic_cores;
        log("launch of '" + request.kernel + "' (batch schedule mode): blockDim exceeds coreNum, " +
            (aic_short ? "coreType=AIC" : "coreType=AIV") +
            ", blockDim=" + std::to_string(work.plan.block_num) +
            ", coreNum=" + std::to_string(aic_short ? m_device.aic_cores : m_device.aiv_cores) +
            " (a runtime warning; the launch is submitted and its blocks never all fit)");
    }
    BuildInfo& build = work.kernel.build;
    build.target = request.target;
    build.arch = work.plan.arch;
    build.side = work.plan.side;
    build.flavour = request.flavour;
    build.defines = request.defines;
    build.libraries = request.libraries;
    build.features = m_device.features;
    work.kernel.args = request.args;
    work.kernel.params = m_params;
    const std::string what = "launch " + request.kernel + "<<<" +
                             std::to_string(request.block_dim) + ">>> " + request.target + " (" +
                             work.plan.kernel_type + ")";
    const sc_core::sc_time overhead = m_clock.cycles(m_launch_overhead_cycles);
    // Stream order for the race detector: the blocks start knowing what the
    // stream knew, and the stream learns what they did once it is done.
    if (m_streams.races()) work.kernel.order = std::make_shared<LaunchOrder>();
    m_streams.submit(s, {what, [this, &s, work, overhead, what] {
                             wait_for(overhead);
                             const auto order = work.kernel.order;
                             const auto stream = RaceDetector::stream_key(s.id());
                             if (RaceDetector* races = m_streams.races(); races && order)
                                 order->start = races->object(stream);
                             LaunchResult r = m_scheduler.run_launch(work);
                             if (RaceDetector* races = m_streams.races(); races && order)
                                 races->join_into(stream, order->end);
                             for (const auto& f : r.faults) m_faults.push_back(what + ": " + f);
                             if (r.timeout_code) {
                                 log("stream " + std::to_string(s.id()) + ": " + what + ": " +
                                     r.timeout_message);
                                 s.report_error(r.timeout_code, r.timeout_message);
                             } else if (!r.faults.empty()) {
                                 s.report_error(acl::kDeviceFault, r.faults.front());
                             }
                         }});
    return acl::kSuccess;
}

int HostRuntime::launch_aicpu(StreamId stream_id, const AicpuLaunch& launch) {
    Stream& s = m_streams.get(stream_id);
    if (!m_aicpu)
        throw HostError("launch_aicpu('" + launch.name + "'): this platform has no AICPU");
    if (!launch.thread) throw HostError("launch_aicpu('" + launch.name + "'): no thread function");
    const std::int64_t most = m_aicpu->params().threads;
    if (launch.threads < 1 || launch.threads > most)
        throw HostError("launch_aicpu('" + launch.name + "'): " + std::to_string(launch.threads) +
                        " threads; the AICPU runs 1 to " + std::to_string(most) +
                        " (platform aicpu.threads)");
    const std::string what =
        "AICPU kernel " + launch.name + " (" + std::to_string(launch.threads) + " threads)";
    m_streams.submit(s,
                     {what, [this, &s, launch, what] {
                          AicpuCluster* aicpu = m_aicpu;
                          s.begin_wait([aicpu] { return aicpu->describe(); });
                          const auto stream = RaceDetector::stream_key(s.id());
                          RaceDetector* races = m_streams.races();
                          const int agent = aicpu->race_agent();
                          if (races && agent >= 0) races->acquire_from(agent, stream);
                          const AicpuResult r =
                              m_aicpu->run(launch, [this](const std::string& line) { log(line); });
                          if (races && agent >= 0 && races->active())
                              races->join_into(stream, races->release(agent));
                          s.end_wait();
                          if (r.code != 0) {
                              // An AICPU kernel that returns an error surfaces as
                              // ACL_ERROR_RT_AICPU_EXCEPTION (device-observations.md 3).
                              const std::string message =
                                  what + " returned " + std::to_string(r.code) + ": " + r.message;
                              log("stream " + std::to_string(s.id()) + ": " + message);
                              s.report_error(acl::kAicpuException, message);
                          }
                      }});
    return acl::kSuccess;
}

aclError HostRuntime::aclrtSetOpExecuteTimeOutV2(std::uint64_t timeout_us,
                                                 std::uint64_t* actual_us) {
    if (!actual_us) return acl::kInvalidParam;
    *actual_us = m_scheduler.op_timeout().set(timeout_us);
    if (*actual_us != timeout_us)
        log("aclrtSetOpExecuteTimeOutV2(" + std::to_string(timeout_us) + " us): effective " +
            std::to_string(*actual_us) + " us");
    return acl::kSuccess;
}

aclError HostRuntime::aclrtGetOpTimeOutInterval(std::uint64_t* interval_us) {
    if (!interval_us) return acl::kInvalidParam;
    *interval_us = m_scheduler.op_timeout().interval_us();
    return acl::kSuccess;
}

} // namespace syncsim
