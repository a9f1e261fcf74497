// One block of a launch, as the task scheduler hands it to a core.
#pragma once

#include "models/ffts/ffts_hub.hpp"
#include "syncsim/kernel_api.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace syncsim {

struct BlockWork {
    std::string kernel_name;
    KernelFn fn = nullptr;
    std::int64_t block_idx = 0, block_num = 1, subblockid = 0, subblockdim = 1;
    std::shared_ptr<const std::vector<std::uint64_t>> args;
    std::shared_ptr<const ParamMap> params;
    std::shared_ptr<const BuildInfo> build;
    std::uint64_t launch_id = 0;
    std::string kernel_type; // as the runtime scheduled it (AIV_ONLY, MIX_AIC_1_2, ...)
    std::shared_ptr<const BlockPeers> peers;
    std::shared_ptr<const FftsContext> ffts_context; // null: the launch owns none
    std::function<void(const std::optional<std::string>& fault)> on_done;
};

} // namespace syncsim
