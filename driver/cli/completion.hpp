// `syncsim completion bash`: a bash completion script generated from what
// each command declares (its subcommand words and options, as its --help
// lists them), so completion cannot drift from the parser either.
#pragma once

#include <string>
#include <vector>

namespace syncsim {

struct CommandWords {
    std::string name;
    std::vector<std::string> words;   // subcommands ("platform" of describe)
    std::vector<std::string> options; // "--vcd", "-j"
};

// A command's words from its listing (CommandOptions::print_completion_words).
CommandWords command_words(const std::string& name, const std::string& listing);

using CommandFunction = int (*)(const std::vector<std::string>& args, const std::string& pdir);
struct NamedCommand {
    const char* name;
    CommandFunction function;
};

// `syncsim completion bash`: asks each of `commands` but `itself` for its
// words (one that cannot answer completes files only) and prints the script.
int completion_command(const std::vector<std::string>& args, const std::string& pdir,
                       const std::vector<NamedCommand>& commands, CommandFunction itself);

// The script: commands first, then a command's subcommands and options,
// files for everything else.
std::string bash_completion_script(const std::vector<CommandWords>& commands);

} // namespace syncsim
