// `syncsim portability CONFIG`: one config's workload on every platform that
// can hold it (every Ascend platform, or --platforms-list), run in parallel
// like a sweep's points, tabulated per platform: outcome, barrier latency,
// host checks, the first diagnosis line and the fix the result proposes.
// The showcase: a kernel that passes on 950PR and hangs on 910B1.
//
// portability.cpp parses the command line and runs the points; it is part of
// the executable's command set (cmd_portability, with Boost.Program_options
// as the other commands). portability_report.cpp turns results into rows and
// renders them; it needs no command line, so tests can call it directly.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

struct PortabilityOptions {
    std::string config, out_dir, syncsim_binary, platforms_dir;
    std::vector<std::string> platforms; // --platforms-list; empty: every Ascend platform
    std::vector<std::string> sets;      // --set, applied on every platform
    std::string format = "table";       // table | csv | json, on stdout
    int jobs = 1;
};

// Returns the exit code: 0 when every platform ran (whatever its outcome) or
// was found not to hold the launch; 1 when one could not run for another
// reason (its config does not load there, the run crashed or timed out).
// Throws ConfigError on bad input.
int run_portability(const PortabilityOptions& options);

namespace portability {

// How a platform's row came about.
enum class RowStatus { Ran, DoesNotFit, ConfigError, Failed };

struct Fix {
    std::vector<std::string> sets; // "key=value"
    std::string why;
};

struct Row {
    std::string platform;
    RowStatus status = RowStatus::Ran;
    // The result's outcome kind; for a platform that did not run, why
    // ("does not fit", "config error: ...", "failed: ...").
    std::string outcome;
    std::optional<double> latency_ns; // median barrier round latency
    std::optional<int> checks_passed, checks_failed;
    std::string diagnosis; // one line; "" when there is nothing to say
    std::optional<Fix> fix;
};

// A platform's row from its run's result JSON. diagnosis.lines and
// diagnosis.fixes are read when the result has them; without lines the
// outcome's reason (or the first failed check) stands in.
Row row_from_result(const std::string& platform, const nlohmann::json& result);

// "--set k=v --set k2=v2" (a value the shell would split is quoted), "-"
// when there is no fix.
std::string fix_text(const Row& row);

// Renderings of the rows, in the order given. The table cuts a long
// outcome to its column and lists the full text below it.
void write_table(std::ostream& out, const std::vector<Row>& rows);
void write_csv(std::ostream& out, const std::vector<Row>& rows);
nlohmann::json rows_json(const std::string& config, const std::vector<std::string>& sets,
                         const std::vector<Row>& rows);

} // namespace portability

} // namespace syncsim
