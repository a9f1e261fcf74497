// One command's options, declared once with what each means: the parser,
// `syncsim CMD --help` and `syncsim help CMD` all read the same declaration,
// so the help cannot drift from what the command accepts.
#pragma once

#include <boost/program_options.hpp>
#include <iosfwd>
#include <string>
#include <vector>

namespace syncsim {

class CommandOptions {
  public:
    // usage: what follows "usage: syncsim " (one line per form of the
    // command); about: what the command does, one paragraph.
    CommandOptions(std::string usage, std::string about);

    // The options the help lists, each with its meaning.
    boost::program_options::options_description_easy_init add();
    // -j N (default 1): how many runs go at once, with what it means for this
    // command; parse() refuses fewer than 1. With it come --progress and
    // --quiet, which parse() resolves into study_progress(). Chains on as
    // add() does.
    boost::program_options::options_description_easy_init jobs(int& n, const char* meaning);
    // An operand the usage names (CONFIG, SWEEP, FILE...); count -1 takes
    // every remaining one.
    void operand(const char* name, const boost::program_options::value_semantic* value,
                 int count = 1);

    // Parses args into vm; false when they ask for help (-h, --help), which
    // is then printed on out instead.
    bool parse(const std::vector<std::string>& args, boost::program_options::variables_map& vm,
               std::ostream& out) const;
    void print_help(std::ostream& out) const;
    // Its subcommand words and options, one per line ("word describe",
    // "option --vcd"), for `syncsim completion bash`.
    void print_completion_words(std::ostream& out) const;

  private:
    std::string usage_, about_;
    boost::program_options::options_description listed_, operands_;
    boost::program_options::positional_options_description positional_;
    const int* jobs_ = nullptr;
};

// The one argument that makes a command print its completion words
// instead of running (CommandOptions::parse).
constexpr const char* kCompletionQuery = "--completion-words";

// True when args hold -h or --help.
bool asks_for_help(const std::vector<std::string>& args);

// text wrapped at width columns, every line after the first indented.
std::string wrap_text(const std::string& text, std::size_t width, std::size_t indent);

} // namespace syncsim
