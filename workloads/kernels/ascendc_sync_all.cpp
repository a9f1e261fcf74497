// An Ascend C operator's cross-block exchange around SyncAll
// (syncsim/ascendc/sync_all.hpp): each round, every AIV participant writes
// its partial to its 32-byte slot by DMA, calls SyncAll, reads every
// partial by DMA and sums them, then calls SyncAll again so no one
// overwrites a partial another is still reading. A participant that ever
// reads a wrong sum records the first such round in `out`. The launch is
// AIV-only or Mix (auto-split 1:2); the cube side of a Mix launch only
// calls SyncAll. Launching more blocks than the device has cores, or naming
// fewer usedCores than call, reproduces the documented misuses.
#include "syncsim/ascendc/sync_all.hpp"
#include "workloads/registry.hpp"

#include <string>

namespace syncsim {

namespace {

constexpr std::uint64_t kSlot = 32; // one DMA block per participant
constexpr LocalAddr kPartialUb = 0x0, kReadUb = 0x8000, kSyncUb = 0x10000;
enum Arg { kPartials, kWorkspace, kOut, kFftsBase };

// SyncAll's template arguments, from the parameters.
constexpr AscendC::SyncAllConfig kMte3All{Pipe::MTE3, Pipe::ALL};
constexpr AscendC::SyncAllConfig kMte3Mte3{Pipe::MTE3, Pipe::MTE3};

template <bool isAIVOnly>
void hard_sync_all(KernelContext& k) {
    const std::string& config = std::get<std::string>(k.param("sync_all_config"));
    if (config == "mte3_all")
        AscendC::SyncAll<isAIVOnly, kMte3All>(k);
    else if (config == "mte3_mte3")
        AscendC::SyncAll<isAIVOnly, kMte3Mte3>(k);
    else
        AscendC::SyncAll<isAIVOnly>(k);
}

template <bool isAIVOnly>
void sync_all(KernelContext& k) {
    if (std::get<std::string>(k.param("mode")) == "hard") return hard_sync_all<isAIVOnly>(k);
    AscendC::SyncAll<isAIVOnly>(k, k.arg(kWorkspace), kSyncUb,
                                static_cast<int>(k.param_int("used_cores")));
}

bool aiv_only(const KernelContext& k) {
    return std::get<std::string>(k.param("core_type")) == "aiv_only";
}

// The participant's index and the participants' count, as SyncAll computes them.
std::int64_t participant(const KernelContext& k) {
    return aiv_only(k) ? k.get_block_idx() : AscendC::detail::mix_block_idx(k);
}
std::int64_t participants(const KernelContext& k) {
    return aiv_only(k) ? k.get_block_num() : k.get_block_num() * k.get_subblockdim();
}

void exchange_round(KernelContext& k, std::int64_t round, std::int32_t& first_wrong) {
    const GmAddr partials = k.arg(kPartials);
    const std::int64_t me = participant(k), n = participants(k);
    if (me == k.param_int("late_participant")) { // work before its partial is ready
        k.compute(Pipe::V, static_cast<double>(k.param_int("late_cycles")));
        k.pipe_barrier(Pipe::V);
    }
    k.ub_st<std::int32_t>(kPartialUb, static_cast<std::int32_t>((me + 1) * round));
    k.set_flag(Pipe::S, Pipe::MTE3, 0);
    k.wait_flag(Pipe::S, Pipe::MTE3, 0);
    k.copy_ubuf_to_gm(partials + static_cast<GmAddr>(me) * kSlot, kPartialUb, 0, 1, 1, 0, 0);
    aiv_only(k) ? sync_all<true>(k) : sync_all<false>(k);
    k.copy_gm_to_ubuf(kReadUb, partials, 0, 1, static_cast<int>(n), 0, 0);
    k.set_flag(Pipe::MTE2, Pipe::S, 0);
    k.wait_flag(Pipe::MTE2, Pipe::S, 0);
    std::int64_t sum = 0;
    for (std::int64_t i = 0; i < n; ++i)
        sum += k.ub_ld<std::int32_t>(kReadUb + static_cast<LocalAddr>(i * kSlot));
    if (sum != n * (n + 1) / 2 * round && first_wrong == 0)
        first_wrong = static_cast<std::int32_t>(round);
    aiv_only(k) ? sync_all<true>(k) : sync_all<false>(k);
}

void ascendc_sync_all(KernelContext& k) {
    if (k.has(Feature::FftsBaseAddr) && k.arg(kFftsBase) != 0)
        k.set_ffts_base_addr(k.arg(kFftsBase));
    const std::int64_t rounds = k.param_int("rounds");
    if (k.core_type() != CoreType::AIV) { // a Mix cube: only the barriers
        for (std::int64_t r = 0; r < 2 * rounds; ++r) sync_all<false>(k);
        return;
    }
    std::int32_t first_wrong = 0;
    for (std::int64_t r = 1; r <= rounds; ++r) exchange_round(k, r, first_wrong);
    k.st_dev<std::int32_t>(first_wrong, k.arg(kOut) + static_cast<GmAddr>(participant(k)) * kSlot);
    k.dsb(DSB_DDR);
}

// Parameters that would be silently ignored: a user's mistake, said so.
std::string ignored_params(const DeviceInfo&, const ParamMap& p) {
    const auto text = [&p](const char* key) { return std::get<std::string>(p.at(key)); };
    const auto number = [&p](const char* key) { return std::get<std::int64_t>(p.at(key)); };
    const bool mix = text("core_type") == "mix";
    const std::int64_t n = number("block_dim") * (mix ? 2 : 1);
    if (number("late_participant") >= n)
        return "late_participant " + std::to_string(number("late_participant")) +
               " is not a participant (there are " + std::to_string(n) + ")";
    if (mix && text("kernel_type") == "vector")
        return "kernel_type vector names an AIV-only kernel's qualifier; a mix launch is "
               "__mix__(1, 2)";
    if (text("mode") == "soft" && text("sync_all_config") != "default")
        return "sync_all_config is the hard SyncAll's; the soft form takes none";
    return "";
}

void ascendc_sync_all_host(HostApi& host) {
    const std::int64_t blocks = host.param_int("block_dim");
    const bool mix = std::get<std::string>(host.param("core_type")) == "mix";
    const std::int64_t n = mix ? 2 * blocks : blocks;
    ParamMap params;
    for (const char* key :
         {"block_dim", "core_type", "late_participant", "kernel_type", "mode", "sync_all_config"})
        params[key] = host.param(key);
    if (const std::string why = ignored_params(host.device(), params); !why.empty())
        throw HostError(why);
    const std::uint64_t bytes = static_cast<std::uint64_t>(n) * kSlot;
    const GmAddr partials = host.malloc(bytes, "partials");
    const GmAddr workspace = host.malloc(bytes, "workspace");
    const GmAddr out = host.malloc(bytes, "out");
    host.memset(partials, 0, bytes);
    host.memset(workspace, 0, bytes);
    host.memset(out, 0, bytes);
    const std::uint64_t ffts_base = ffts_base_if_needed(host);
    KernelLaunch launch;
    launch.kernel = "ascendc_sync_all";
    launch.target = host.device().arch + (mix ? "" : "-vec");
    launch.libraries = {{"asc-devkit", "0da921b9"}};
    // __mix__(0, 1) gives a vector kernel the MIX_AIV_1_0 task type, and
    // with it an FFTS context; __vector__ builds an AIV_ONLY task.
    if (!mix && std::get<std::string>(host.param("kernel_type")) == "mix_0_1") {
        launch.meta = KernelMeta::MixAivMain;
        launch.meta_aiv = 1;
    }
    launch.schedule_mode = host.param_bool("batch_mode") ? 1 : 0;
    launch.block_dim = blocks;
    launch.args = {partials, workspace, out, ffts_base};
    const int rc = host.launch(host.default_stream(), launch);
    const int sync = rc ? rc : host.synchronize_stream(host.default_stream());
    host.check("launch succeeds", sync == 0,
               "aclrtSynchronizeStream returned " + std::to_string(sync));
    std::int64_t wrong = 0;
    std::string first;
    for (std::int64_t i = 0; i < n; ++i) {
        const std::int32_t round = host.read_array<std::int32_t>(out + i * kSlot, 1)[0];
        if (round == 0) continue;
        if (wrong++ == 0)
            first =
                ", first: participant " + std::to_string(i) + " in round " + std::to_string(round);
    }
    host.check("every participant sums every partial after each SyncAll", wrong == 0,
               std::to_string(wrong) + " of " + std::to_string(n) + " read a wrong sum" + first);
}

} // namespace

void register_ascendc_sync_all(WorkloadRegistry& r) {
    const std::vector<WorkloadParam> kernel_params = {
        choice_param("mode", "soft",
                     "SyncAll's form: soft (GM slots, polled by DMA) or hard (FFTS)",
                     {"soft", "hard"}),
        choice_param("core_type", "aiv_only",
                     "aiv_only (SyncAll<true>, a vector launch) or mix (SyncAll<false>, a Mix "
                     "launch auto-split 1:2)",
                     {"aiv_only", "mix"}),
        {"rounds", std::int64_t{2}, "exchanges, each between two SyncAll calls", 1, 1e6},
        {"used_cores", std::int64_t{0},
         "soft SyncAll's usedCores: 0 = every launched participant; a misuse otherwise", 0,
         static_cast<double>(kMaxBlockDim) * 2},
        {"late_participant", std::int64_t{-1},
         "this participant computes late_cycles before writing its partial each round (-1: none)",
         -1, static_cast<double>(kMaxBlockDim) * 2},
        {"late_cycles", std::int64_t{20000}, "how long the late participant computes", 0, 1e9},
        choice_param("sync_all_config", "default",
                     "hard AIV-only SyncAll's SyncAllConfig on dav-c310: default {ALL, ALL}, "
                     "mte3_all {MTE3, ALL} (the vendor's example), mte3_mte3 (waits on MTE3 "
                     "only: this workload's reads of the partials on MTE2 race the barrier, "
                     "and sums come out wrong)",
                     {"default", "mte3_all", "mte3_mte3"}),
    };
    r.add(KernelEntry{"ascendc_sync_all",
                      "AIV participants exchange partials around Ascend C's SyncAll",
                      ascendc_sync_all,
                      kernel_params,
                      {},
                      "ascendc_sync_all"});
    auto host_params = kernel_params;
    host_params.push_back(
        choice_param("kernel_type", "mix_0_1",
                     "an AIV-only kernel's qualifier: mix_0_1 (__mix__(0, 1), the MIX_AIV_1_0 "
                     "task type the vendor's SyncAll page asks for hard SyncAll) or vector "
                     "(__vector__, an AIV_ONLY task: no FFTS context, a hard SyncAll hangs)",
                     {"mix_0_1", "vector"}));
    host_params.push_back(
        {"batch_mode", false, "SetScheduleMode(1): every block starts together or none does"});
    host_params.push_back({"block_dim", std::int64_t{8},
                           "blocks launched (Mix: clusters of one AIC and two AIVs)", 1,
                           static_cast<double>(kMaxBlockDim)});
    r.add(
        HostEntry{"ascendc_sync_all",
                  "launches ascendc_sync_all and checks every participant's sums",
                  ascendc_sync_all_host,
                  host_params,
                  nullptr,
                  {"launch succeeds", "every participant sums every partial after each SyncAll"}});
}

} // namespace syncsim
