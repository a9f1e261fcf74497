// What a loaded experiment answers about its platform and its workload,
// whatever the platform's kind: each question is its kind's setup's.
#include "driver/experiment/experiment_config.hpp"
#include "driver/kinds/kind_setup.hpp"

namespace syncsim {

const std::string& ExperimentConfig::platform_name() const {
    return setup->platform_name();
}

const std::vector<std::string>& ExperimentConfig::platform_files() const {
    return setup->platform_files();
}

std::vector<ParamRow> ExperimentConfig::platform_rows() const {
    return setup->platform_rows();
}

std::string ExperimentConfig::workload_fit_problem() const {
    return setup->workload_fit_problem(params);
}

const std::vector<WorkloadParam>* ExperimentConfig::workload_params() const {
    return setup->workload_params();
}

} // namespace syncsim
