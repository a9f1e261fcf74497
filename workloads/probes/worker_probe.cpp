// A resident worker's way from one task to the next, as hw-native-sys/
// simpler's swimlane timed it on a2a3 (get_sys_cnt at the marks its AICore
// executor takes). One AIV runs `tasks` tasks back to back, the next one
// already dispatched (a "steady switch"), each as the executor runs it:
//   receive   get_sys_cnt; dcci(ENTIRE) on the payload; the ready path's
//             load; set_cond(ACK); get_sys_cnt = start   (setup)
//   the task  `body_cycles` of work
//   end       get_sys_cnt; the swimlane record: dcci(head) (a clean line),
//             a load of the head, five stores into a 32-byte record,
//             dcci(CACHELINE_OUT) on it, dsb; one read of DATA_MAIN_BASE;
//             get_sys_cnt = the next receive                (tail)
// `window` picks the executor's layout:
//   switch     simpler bd1025f51 (docs/investigations/2026-07-aicore-swimlane-
//              switch-overhead-and-ack-gate.md:22-66; aicore_executor.cpp:
//              149-199, l2_swimlane_collector_aicore.h:114-158): the ready load
//              is `not_ready` (payload line 7), the tail's task_token is on the
//              same line;
//   ready      simpler 752559cf3 (2026-07-aicore-fills-all-args-ready-path.md:
//              38-48, aicore_executor.cpp:153-226): the ready load is
//              `src_payload` (line 0);
//   fill_args  the same with the experiment of that document (its code was
//              not merged: read from the document and the gated path it
//              moved, :181-195): the AICore also loads the source's counts
//              (its line 0) and two scalars (its line 73) and stores 6 to 9
//              args into the payload's lines 1-2, which stay dirty until the
//              next task's dcci(ENTIRE) writes them back;
//   dsb_ab     simpler PR #2339 (docs/investigations/2026-09-fin-ordering-
//              dsb-per-task-cost.md): the same chain twice, with and without a
//              dsb(DSB_DDR) after each task's output copy; reports the
//              difference per task.
#include "workloads/probes/probe_support.hpp"
#include "workloads/registry.hpp"

#include <array>

namespace syncsim {

namespace {

constexpr GmAddr kLine = 64;
constexpr GmAddr kPayloadBytes = 512; // pto2_dispatch_payload.h:83-128
// The worker's GM (arg 0): two payloads (task id & 1), the swimlane head,
// the record buffer, the source payload, the output tile, then the samples.
// Each task has a source payload of its own (the runtime writes one per
// task, so the AICore's first reads of it miss the L2 as well).
constexpr GmAddr kPayloads = 0, kHead = 2 * kPayloadBytes, kRecords = kHead + kLine, kOutput = 8192,
                 kSamples = kOutput + 1024, kSourceBytes = 75 * kLine;
GmAddr source_of(GmAddr gm, std::int64_t tasks, std::int64_t task) {
    return gm + kSamples + static_cast<GmAddr>(tasks) * 16 + 64 +
           static_cast<GmAddr>(task) * kSourceBytes;
}

enum class Window : std::uint64_t { Switch, Ready, FillArgs, DsbAb };
// Each task's args in the experiment (the four tasks of paged_attention_unroll
// in turn: QK, SF, PV, UP; tensor + scalar args).
constexpr std::array<int, 4> kArgs = {6, 7, 6, 9};
constexpr std::array<int, 4> kScalars = {2, 3, 2, 2};

void task_setup(KernelContext& k, GmAddr gm, Window w, std::int64_t tasks, std::int64_t task) {
    const GmAddr payload = gm + kPayloads + static_cast<GmAddr>(task & 1) * kPayloadBytes;
    k.dcci(payload, ENTIRE_DATA_CACHE);
    if (w == Window::Switch) {
        k.ld<std::int32_t>(payload + 460); // not_ready, line 7
    } else {
        k.ld<std::uint64_t>(payload + 56); // src_payload, line 0
        if (w == Window::FillArgs) {
            const GmAddr src = source_of(gm, tasks, task);
            k.ld<std::int32_t>(payload + 48); // the gated flag, line 0
            k.ld<std::int32_t>(src + 0);      // tensor_count
            k.ld<std::int32_t>(src + 4);      // scalar_count
            const auto which = static_cast<std::size_t>(task % 4);
            for (int a = 0; a < kArgs[which] - kScalars[which]; ++a) // tensors: no load
                k.st<std::uint64_t>(payload + 64 + static_cast<GmAddr>(a) * 8,
                                    src + 576 + static_cast<GmAddr>(a) * 128);
            for (int a = 0; a < kScalars[which]; ++a) {
                const auto v = k.ld<std::uint64_t>(src + 4672 + static_cast<GmAddr>(a) * 8);
                k.st<std::uint64_t>(
                    payload + 64 + static_cast<GmAddr>(kArgs[which] - kScalars[which] + a) * 8, v);
            }
        }
    }
    k.write_reg(RegId::COND, static_cast<std::uint64_t>(task) | 0x40000000); // ACK
}

void task_tail(KernelContext& k, GmAddr gm, Window w, std::int64_t task) {
    const GmAddr payload = gm + kPayloads + static_cast<GmAddr>(task & 1) * kPayloadBytes;
    k.ld<std::int64_t>(payload + (w == Window::Switch ? 448 : 448)); // task_token
    k.dcci(gm + kHead, SINGLE_CACHE_LINE);
    k.ld<std::int64_t>(gm + kHead); // current_buf_seq
    const GmAddr record = gm + kRecords + static_cast<GmAddr>(task) * 32;
    k.st<std::uint64_t>(record + 0, static_cast<std::uint64_t>(task));
    k.st<std::uint64_t>(record + 8, 0);
    k.st<std::uint64_t>(record + 16, 0);
    k.st<std::uint32_t>(record + 24, 0);
    k.st<std::uint32_t>(record + 28, 0);
    k.dcci(record, SINGLE_CACHE_LINE, DcciMode::CleanInvalidate);
    k.dsb(DSB_ALL);
    k.read_reg(RegId::DATA_MAIN_BASE);
}

// The chain of PR #2339: each task copies its output tile out by MTE3,
// drains its pipes and (arm A) issues dsb(DSB_DDR) before its FIN.
std::uint64_t dsb_chain(KernelContext& k, GmAddr gm, std::int64_t tasks, bool with_dsb) {
    const std::uint64_t t0 = k.get_sys_cnt();
    for (std::int64_t t = 0; t < tasks; ++t) {
        k.copy_ubuf_to_gm(gm + kOutput, 0, 0, 1, 1, 0, 0);
        k.pipe_barrier(Pipe::ALL);
        if (with_dsb) k.dsb(DSB_DDR);
        k.write_reg(RegId::COND, static_cast<std::uint64_t>(t) | 0x80000000); // FIN
    }
    return k.get_sys_cnt() - t0;
}

void worker(KernelContext& k) {
    const GmAddr gm = k.arg(0);
    const auto tasks = static_cast<std::int64_t>(k.arg(1));
    const auto w = static_cast<Window>(k.arg(2));
    const auto body = static_cast<double>(k.arg(3));
    const GmAddr samples = gm + kSamples;
    if (w == Window::DsbAb) {
        k.st<std::uint64_t>(samples, dsb_chain(k, gm, tasks, true));
        k.st<std::uint64_t>(samples + 8, dsb_chain(k, gm, tasks, false));
    } else {
        std::uint64_t receive = k.get_sys_cnt();
        for (std::int64_t t = 0; t < tasks; ++t) {
            task_setup(k, gm, w, tasks, t);
            const std::uint64_t start = k.get_sys_cnt();
            k.scalar_work(body);
            const std::uint64_t end = k.get_sys_cnt();
            task_tail(k, gm, w, t);
            const std::uint64_t next = k.get_sys_cnt();
            // Kept in UB until the end: the samples must not disturb the
            // scalar cache the windows measure.
            k.ub_st<std::uint64_t>(static_cast<LocalAddr>(t) * 16, start - receive);
            k.ub_st<std::uint64_t>(static_cast<LocalAddr>(t) * 16 + 8, next - end);
            receive = next;
        }
        k.copy_ubuf_to_gm(samples, 0, 0, 1, static_cast<int>(tasks * 16 / 32 + 1), 0, 0);
    }
    k.pipe_barrier(Pipe::ALL);
    k.dcci(gm, ENTIRE_DATA_CACHE);
    k.dsb(DSB_DDR);
}

void worker_host(HostApi& host) {
    const std::string window = std::get<std::string>(host.param("window"));
    const std::int64_t tasks = host.param_int("tasks");
    const Window w = window == "switch"      ? Window::Switch
                     : window == "ready"     ? Window::Ready
                     : window == "fill_args" ? Window::FillArgs
                                             : Window::DsbAb;
    const std::uint64_t bytes = source_of(0, tasks, tasks);
    const GmAddr gm = host.malloc(bytes, "worker");
    host.memset(gm, 0, bytes);
    KernelLaunch l =
        probes::probe_launch(host, "worker_probe_worker", false, 1,
                             {gm, static_cast<std::uint64_t>(tasks), static_cast<std::uint64_t>(w),
                              static_cast<std::uint64_t>(host.param_int("body_cycles"))});
    host.launch(host.default_stream(), l);
    host.check("the probe's kernels ran", host.synchronize_stream(host.default_stream()) == 0,
               "the AICore stream");
    const auto raw =
        host.read_array<std::uint64_t>(gm + kSamples, static_cast<std::size_t>(2 * tasks));
    if (w == Window::DsbAb) {
        const double per =
            host.device().ticks_to_ns(double(raw[0]) - double(raw[1])) / static_cast<double>(tasks);
        host.measure("dsb_ns", per, "ns",
                     "what a dsb(DSB_DDR) after each task's output copy adds a task, over " +
                         std::to_string(tasks) + " tasks");
        return;
    }
    // The first task is the cold one (its payload not yet in the L2's tags);
    // the sources' figures are steady switches.
    std::vector<std::uint64_t> setup, tail;
    for (std::int64_t t = 1; t < tasks; ++t) {
        setup.push_back(raw[static_cast<std::size_t>(2 * t)]);
        tail.push_back(raw[static_cast<std::size_t>(2 * t + 1)]);
    }
    probes::measure_ticks(host, "setup", setup, "receive to start (dcci, ready path, ACK)");
    probes::measure_ticks(host, "tail", tail, "end to the next receive (swimlane record, dsb)");
}

} // namespace

void register_worker_probe(WorkloadRegistry& r) {
    r.add(KernelEntry{"worker_probe_worker",
                      "runs tasks back to back as simpler's executor does",
                      worker,
                      {},
                      {},
                      "worker_probe"});
    r.add(HostEntry{
        "worker_probe",
        "times a resident worker's switch between tasks as simpler's swimlane did",
        worker_host,
        {choice_param("window", "switch",
                      "switch, ready, fill_args or dsb_ab (the file says which executor each is)",
                      {"switch", "ready", "fill_args", "dsb_ab"}),
         {"tasks", std::int64_t{64}, "tasks run back to back", 2, 1 << 16},
         {"body_cycles", std::int64_t{2000}, "each task's own work", 0, 1e9}},
        nullptr,
        {"the probe's kernels ran", "setup sampled", "tail sampled"}});
}

} // namespace syncsim
