// The syncsim command line: run an experiment, list what exists, describe a
// platform. Exit codes: 0 outcome as expected, 1 outcome differs, 2 bad
// input, 3 internal error.
#include "config/yaml_view.hpp"
#include "driver/cli/build_commit.hpp"
#include "driver/cli/cli_commands.hpp"
#include "driver/cli/command_options.hpp"
#include "driver/cli/completion.hpp"
#include "driver/experiment/experiment_config.hpp"
#include "driver/experiment/plugin_loader.hpp"
#include "driver/kinds/platform_kind.hpp"
#include "driver/run/interrupts.hpp"
#include "driver/run/run.hpp"
#include "driver/study/sweep/sweep.hpp"
#include "models/systemc/sanitizer_stack.hpp"
#include "models/systemc/simulation_time.hpp"
#include "output/trace/output_file.hpp"
#include "workloads/registry.hpp"

#include <boost/program_options.hpp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <sysc/kernel/sc_kernel_ids.h>
#include <systemc>

namespace po = boost::program_options;
using namespace syncsim;

namespace {

constexpr int kExitMismatch = 1, kExitBadInput = 2, kExitInternal = 3;

const char* const kAbout = R"(syncsim - how accelerator cores synchronise, simulated

usage: syncsim COMMAND [options]
       syncsim help COMMAND | COMMAND --help   (that command's usage and options)
       syncsim --help | --version

commands:
)";

const char* const kAfterCommands = R"(
every command also takes:
  --platforms DIR   where platform files live (default: $SYNCSIM_PLATFORMS,
                    else beside the installed binary, else the source tree's)

exit codes: 0 outcome as the config expects, 1 it differs, 2 bad input,
            3 internal error
)";

// What the capacity check could not foresee: the machine's memory, or the
// process's share of it (a thread's stack or the heap), is too small.
const char* const kOutOfMemory =
    "out of memory: this configuration needs more memory than this process may use (the "
    "machine's RAM, or ulimit -v): use fewer cores, blocks or rounds";

// Prints why the command failed and returns its exit code. A message quotes
// values shortened already; this bound holds for any text an error carries.
int fail(int code, const std::string& message) {
    constexpr std::size_t kMaxMessage = 2000;
    const std::size_t cut = utf8_cut(message, kMaxMessage);
    std::cerr << "syncsim: " << (code == kExitInternal ? "internal error: " : "error: ")
              << message.substr(0, cut);
    if (cut < message.size()) std::cerr << "... (" << message.size() - cut << " more characters)";
    std::cerr << "\n";
    return code;
}

int cmd_completion(const std::vector<std::string>& args, const std::string& pdir);

// Every command, in the order `syncsim --help` lists them.
struct Command {
    const char* name;
    CommandFunction function;
    const char* summary;
};
const Command kCommands[] = {
    {"run", cmd_run, "simulate one config: outcome, diagnosis, rounds, traces"},
    {"sweep", cmd_sweep, "run a config over a grid of values (GNU parallel or Slurm)"},
    {"sensitivity", cmd_sensitivity, "rank the platform's estimates by how far each moves a run"},
    {"portability", cmd_portability, "run a config on every platform that can hold its launch"},
    {"calibration", cmd_calibration, "check the device observations; fit a chip's estimates"},
    {"list", cmd_list, "list the platforms, or the workloads a config can name"},
    {"describe", cmd_describe, "a platform's parameters, or the calibration register"},
    {"completion", cmd_completion, "print a bash completion script for syncsim"},
};

int cmd_completion(const std::vector<std::string>& args, const std::string& pdir) {
    std::vector<NamedCommand> commands;
    for (const Command& c : kCommands) commands.push_back({c.name, c.function});
    return completion_command(args, pdir, commands, cmd_completion);
}

const Command* find_command(const std::string& name) {
    for (const Command& c : kCommands)
        if (name == c.name) return &c;
    return nullptr;
}

[[noreturn]] void unknown_command(const std::string& name) {
    std::vector<std::string> names;
    for (const Command& c : kCommands) names.push_back(c.name);
    const std::string hint = nearest_name(name, names);
    throw ConfigError("unknown command " + quote_short(name) +
                      (hint.empty() ? "" : "; did you mean '" + hint + "'?") + " (syncsim --help)");
}

void print_commands(std::ostream& out) {
    out << kAbout;
    for (const Command& c : kCommands)
        out << "  " << std::left << std::setw(13) << c.name << c.summary << "\n";
    out << kAfterCommands;
}

// Takes --platforms DIR (or --platforms=DIR) off the command line: every
// command reads it.
std::string take_platforms_option(std::vector<std::string>& args) {
    const std::string option = "--platforms";
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--") break;
        if (args[i].rfind(option + "=", 0) == 0) {
            const std::string dir = args[i].substr(option.size() + 1);
            args.erase(args.begin() + i);
            return dir;
        }
        if (args[i] == option && i + 1 < args.size()) {
            const std::string dir = args[i + 1];
            args.erase(args.begin() + i, args.begin() + i + 2);
            return dir;
        }
    }
    return "";
}

// The command line without the program name: the command, its exit code.
int run_command(std::vector<std::string> args) {
    const std::string pdir = take_platforms_option(args);
    std::string cmd;
    try {
        if (args.empty() || args[0] == "--help" || args[0] == "-h") {
            print_commands(args.empty() ? std::cerr : std::cout);
            return args.empty() ? kExitBadInput : 0;
        }
        if (args[0] == "--version") {
            std::cout << "syncsim " << SYNCSIM_VERSION << " (commit " << build_commit()
                      << ", SystemC " << sc_core::sc_release() << ")\n";
            return 0;
        }
        if (args[0] == "help") { // help [COMMAND [SUBCOMMAND]]: COMMAND [SUBCOMMAND] --help
            if (args.size() == 1) {
                print_commands(std::cout);
                return 0;
            }
            args.erase(args.begin());
            args.push_back("--help");
        }
        cmd = args[0];
        args.erase(args.begin());
        const Command* command = find_command(cmd);
        if (!command) unknown_command(cmd);
        return command->function(args, pdir);
    } catch (const StudyInterrupted& e) {
        std::cerr << "syncsim: " << e.what()
                  << (cmd == "sweep" ? ": rerun with --resume to run only the others\n" : "\n");
        return kExitInterrupted;
    } catch (const ConfigError& e) {
        return fail(kExitBadInput, e.what());
    } catch (const OutputError& e) {
        return fail(kExitBadInput, e.what());
    } catch (const std::filesystem::filesystem_error& e) {
        // Every path syncsim touches comes from the user: a name too long, a
        // folder where a file should be.
        return fail(kExitBadInput, e.what());
    } catch (const po::error& e) {
        return fail(kExitBadInput, std::string(e.what()) + " (syncsim " +
                                       (find_command(cmd) ? cmd + " " : "") + "--help)");
    } catch (const std::bad_alloc&) {
        return fail(kExitBadInput, kOutOfMemory);
    } catch (const sc_core::sc_report& e) {
        // A thread's stack SystemC could not map; or an exception thrown in a
        // process, which SystemC wraps keeping only its text.
        const std::string what = e.what();
        const bool stack = std::strcmp(e.get_msg_type(), sc_core::SC_ID_STACK_SETUP_FAILED_) == 0;
        const bool heap =
            std::strcmp(e.get_msg_type(), sc_core::SC_ID_SIMULATION_UNCAUGHT_EXCEPTION_) == 0 &&
            what.find("std::bad_alloc") != std::string::npos;
        return stack || heap ? fail(kExitBadInput, kOutOfMemory) : fail(kExitInternal, what);
    } catch (const std::exception& e) {
        return fail(kExitInternal, e.what());
    }
}

} // namespace

// The SystemC banner goes to stderr before sc_main runs; this is set early enough.
static const int kQuietBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);

int sc_main(int argc, char* argv[]) {
    (void)kQuietBanner;
    const int code = run_command(std::vector<std::string>(argv + 1, argv + argc));
    // A plugin's static destructors run at exit, after every output is
    // written, and the trial load (which ends with _exit) cannot see them: a
    // damaged library's can free what it never allocated and turn a finished
    // run into an abort. With a plugin loaded the process ends here, its
    // streams flushed, without running any static destructor.
    if (any_plugin_loaded()) {
        std::cout.flush();
        std::cerr.flush();
        std::fflush(nullptr);
        std::_Exit(code);
    }
    // LeakSanitizer scans the main stack at exit: make sure it is the real one.
    announce_main_stack_to_sanitizers();
    return code;
}
