// The Slurm files a sweep writes (--slurm): the job array, the collect job
// and the script that submits both, and the site options they carry. The
// real cluster path is tests/slurm/ (CTest, where Slurm is installed).
#include "tests/support/run_config.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>

using namespace syncsim;
using Catch::Contains;
namespace fs = std::filesystem;

TEST_CASE("the Slurm option writes a job array over the job list and runs nothing", "[sweep]") {
    const std::string out = (test::temp_dir() / "slurm").string();
    auto r = test::run_syncsim("sweep configs/sweeps/barrier_scaling.yaml --slurm --out " + out);
    REQUIRE(r.exit_code == 0);
    std::string script = test::read_text(out + "/slurm.sh");
    // 160 points less 80 excluded (they would repeat others), 8 impossible on 910b1.
    CHECK_THAT(script, Contains("#SBATCH --array=0-71"));
    CHECK_THAT(script, Contains("jobs.txt"));
    CHECK_THAT(script, Contains("SLURM_ARRAY_TASK_ID * 1 + 1"));
    const std::string jobs = test::read_text(out + "/jobs.txt");
    CHECK(std::count(jobs.begin(), jobs.end(), '\n') == 72);
    CHECK_FALSE(fs::exists(out + "/joblog.tsv"));
    CHECK_THAT(r.output, Contains("cannot all be resident on 910b1 (48 AIV cores)"));
    // Packed: four points per array task.
    r = test::run_syncsim(
        "sweep configs/sweeps/barrier_scaling.yaml --slurm --points-per-task 4 --out " + out);
    REQUIRE(r.exit_code == 0);
    script = test::read_text(out + "/slurm.sh");
    CHECK_THAT(script, Contains("#SBATCH --array=0-17"));
    CHECK_THAT(script, Contains("SLURM_ARRAY_TASK_ID * 4 + 1"));
    // A task whose point failed exits 1; the collect job runs after any end.
    CHECK_THAT(script, Contains("exit \"$failed\""));
    CHECK_THAT(test::read_text(out + "/submit.sh"), Contains("--dependency=afterany:"));
    CHECK_THAT(test::read_text(out + "/collect.sh"), Contains(" --collect"));
    // Site options reach both jobs, replacing syncsim's of the same key.
    r = test::run_syncsim("sweep configs/sweeps/barrier_scaling.yaml --slurm --slurm-opt "
                          "partition=debug --slurm-opt time=5 --out " +
                          out);
    REQUIRE(r.exit_code == 0);
    script = test::read_text(out + "/slurm.sh");
    CHECK_THAT(script, Contains("#SBATCH --partition=debug\n"));
    CHECK_THAT(script, Contains("#SBATCH --time=5\n"));
    CHECK_THAT(test::read_text(out + "/collect.sh"), Contains("#SBATCH --partition=debug\n"));
    for (const char* bad : {"--slurm --slurm-opt partition", "--slurm --slurm-opt array=0-3",
                            "--slurm-opt partition=debug"}) {
        INFO(bad);
        const auto b = test::run_syncsim("sweep configs/sweeps/barrier_scaling.yaml " +
                                         std::string(bad) + " --out " + out);
        CHECK(b.exit_code == 2);
        CHECK_THAT(b.output, Contains("--slurm-opt"));
    }
}
