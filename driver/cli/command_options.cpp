#include "driver/cli/command_options.hpp"

#include <cctype>

#include "config/config_error.hpp"
#include "driver/study/sweep/study_progress.hpp"

#include <ostream>
#include <sstream>
#include <unistd.h>

namespace po = boost::program_options;

namespace syncsim {

namespace {

constexpr unsigned kHelpWidth = 80, kMinMeaningWidth = 40;

// Boost pads a wrapped description's lines: drop the spaces at line ends.
std::string without_trailing_spaces(const std::string& text) {
    std::ostringstream out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        line.erase(line.find_last_not_of(' ') + 1);
        out << line << "\n";
    }
    return out.str();
}

} // namespace

CommandOptions::CommandOptions(std::string usage, std::string about)
    : usage_(std::move(usage)), about_(std::move(about)),
      listed_("", kHelpWidth, kMinMeaningWidth) {
    // --platforms is taken off the command line before any command parses
    // it (run_command); it is listed here because every command reads it.
    listed_.add_options()("help,h", "print this usage")(
        "platforms", po::value<std::string>()->value_name("DIR"),
        "where platform files live (default: $SYNCSIM_PLATFORMS, else beside the installed "
        "binary, else the source tree's)");
}

po::options_description_easy_init CommandOptions::add() {
    return listed_.add_options();
}

void CommandOptions::operand(const char* name, const po::value_semantic* value, int count) {
    operands_.add_options()(name, value);
    positional_.add(name, count);
}

bool asks_for_help(const std::vector<std::string>& args) {
    for (const std::string& arg : args) {
        if (arg == "--") break;
        if (arg == "-h" || arg == "--help") return true;
    }
    return false;
}

namespace {
// "--set KEY VALUE": the value became an operand too many; say how to write it.
void refuse_split_set(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i + 2 < args.size(); ++i)
        if (args[i] == "--set" && args[i + 1].find('=') == std::string::npos &&
            args[i + 2].rfind("-", 0) != 0)
            throw ConfigError("--set " + args[i + 1] + " " + args[i + 2] +
                              ": a --set is one word, KEY=VALUE: --set " + args[i + 1] + "=" +
                              args[i + 2]);
}
} // namespace

bool CommandOptions::parse(const std::vector<std::string>& args, po::variables_map& vm,
                           std::ostream& out) const {
    if (asks_for_help(args)) {
        print_help(out);
        return false;
    }
    if (args.size() == 1 && args[0] == kCompletionQuery) {
        print_completion_words(out);
        return false;
    }
    po::options_description all;
    all.add(listed_).add(operands_);
    try {
        po::store(po::command_line_parser(args).options(all).positional(positional_).run(), vm);
    } catch (const po::too_many_positional_options_error&) {
        refuse_split_set(args);
        throw;
    }
    po::notify(vm);
    if (jobs_ && *jobs_ < 1) throw ConfigError("-j needs at least 1 job");
    if (jobs_) { // a command of many runs: its progress line
        const bool asked = vm["progress"].as<bool>(), quiet = vm["quiet"].as<bool>();
        if (asked && quiet) throw ConfigError("--progress and --quiet contradict each other");
        const bool terminal = isatty(STDERR_FILENO) != 0;
        study_progress() = {asked || (terminal && !quiet), terminal};
    }
    return true;
}

po::options_description_easy_init CommandOptions::jobs(int& n, const char* meaning) {
    jobs_ = &n;
    auto chain = add();
    chain("jobs,j", po::value(&n)->default_value(1)->value_name("N"), meaning)(
        "progress", po::bool_switch(),
        "show how far the runs have come on stderr once a second (runs done of all, time "
        "left); the default when stderr is a terminal")("quiet", po::bool_switch(),
                                                        "no progress line, even on a terminal");
    return chain;
}

void CommandOptions::print_completion_words(std::ostream& out) const {
    // The words after "syncsim CMD" in each usage line that are literal
    // (a subcommand: "describe platform NAME"), then every option.
    std::istringstream forms(usage_);
    for (std::string form; std::getline(forms, form);) {
        std::istringstream words(form);
        std::string command, word;
        words >> command;
        if (command == "syncsim") words >> command; // a later form: "syncsim list workloads"
        words >> word;
        if (!word.empty() && std::islower(static_cast<unsigned char>(word[0])))
            out << "word " << word << "\n";
    }
    for (const auto& option : listed_.options()) {
        out << "option --" << option->long_name() << "\n";
        const std::string shown = option->format_name(); // "-j [ --jobs ]"
        if (shown.size() > 1 && shown[0] == '-' && shown[1] != '-')
            out << "option " << shown.substr(0, 2) << "\n";
    }
}

void CommandOptions::print_help(std::ostream& out) const {
    std::ostringstream options;
    options << listed_;
    out << "usage: syncsim " << usage_ << "\n\n"
        << wrap_text(about_, kHelpWidth, 0) << "\n\noptions:\n"
        << without_trailing_spaces(options.str());
}

std::string wrap_text(const std::string& text, std::size_t width, std::size_t indent) {
    std::istringstream words(text);
    std::string out, line, word;
    while (words >> word) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line = std::string(indent, ' ');
        } else if (!line.empty() && line.find_first_not_of(' ') != std::string::npos) {
            line += " ";
        }
        line += word;
    }
    return out + line;
}

} // namespace syncsim
