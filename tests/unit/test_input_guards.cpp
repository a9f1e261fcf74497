// The plain checks behind issue 23's refusals: ELF headers before dlopen,
// outputs apart from inputs, and values quoted short in messages.
#include "config/yaml_view.hpp"
#include "driver/experiment/shared_library_check.hpp"
#include "driver/run/output_paths.hpp"
#include "models/report/first_entries.hpp"
#include "output/os/child_process.hpp"
#include "tests/support/temp_file.hpp"

#include <catch2/catch.hpp>
#include <cstring>
#include <elf.h>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace syncsim;
using Catch::Contains;
namespace fs = std::filesystem;

namespace {

// A minimal shared object header with one loadable segment at [0, filesz).
std::string elf(std::uint64_t filesz, std::uint64_t file_bytes) {
    Elf64_Ehdr h{};
    std::memcpy(h.e_ident, ELFMAG, SELFMAG);
    h.e_ident[EI_CLASS] = ELFCLASS64;
    h.e_ident[EI_DATA] = ELFDATA2LSB;
    h.e_ident[EI_VERSION] = EV_CURRENT;
    h.e_type = ET_DYN;
    h.e_machine = EM_X86_64;
    h.e_phoff = sizeof h;
    h.e_phentsize = sizeof(Elf64_Phdr);
    h.e_phnum = 1;
    Elf64_Phdr p{};
    p.p_type = PT_LOAD;
    p.p_filesz = filesz;
    std::string bytes(reinterpret_cast<const char*>(&h), sizeof h);
    bytes.append(reinterpret_cast<const char*>(&p), sizeof p);
    bytes.resize(file_bytes, '\0');
    return bytes;
}

std::string file(const std::string& name, const std::string& bytes) {
    const fs::path path = test::temp_dir() / name;
    std::ofstream(path, std::ios::binary) << bytes;
    return path.string();
}

} // namespace

TEST_CASE("a plugin file is checked as a shared library before it is mapped", "[hardened]") {
#if defined(__x86_64__)
    CHECK(shared_library_problem(file("whole.so", elf(4096, 4096))).empty());
    CHECK_THAT(shared_library_problem(file("cut.so", elf(4096, 2048))),
               Contains("a truncated shared library: a segment of it ends at byte 4096, past the "
                        "end of the file (2048 bytes)"));
    std::string exec = elf(4096, 4096);
    reinterpret_cast<Elf64_Ehdr*>(exec.data())->e_type = ET_EXEC;
    CHECK_THAT(shared_library_problem(file("exec.so", exec)), Contains("not a shared library"));
    std::string arm = elf(4096, 4096);
    reinterpret_cast<Elf64_Ehdr*>(arm.data())->e_machine = EM_AARCH64;
    CHECK_THAT(shared_library_problem(file("arm.so", arm)), Contains("another architecture"));
    std::string no_sections = elf(4096, 4096);
    reinterpret_cast<Elf64_Ehdr*>(no_sections.data())->e_shoff = 1 << 20;
    reinterpret_cast<Elf64_Ehdr*>(no_sections.data())->e_shentsize = sizeof(Elf64_Shdr);
    reinterpret_cast<Elf64_Ehdr*>(no_sections.data())->e_shnum = 3;
    CHECK_THAT(shared_library_problem(file("shoff.so", no_sections)),
               Contains("its section table lies past the end of the file"));
#endif
    CHECK_THAT(shared_library_problem(file("text.so", "hello\n")),
               Contains("shorter than an ELF header"));
    CHECK_THAT(shared_library_problem(file("zeros.so", std::string(256, '\0'))),
               Contains("not an ELF file"));
    CHECK_THAT(shared_library_problem(test::temp_dir().string()), Contains("not a regular file"));
}

TEST_CASE("outputs are kept apart from inputs and from each other", "[hardened]") {
    const std::string input = file("in.yaml", "x: 1\n");
    const fs::path link = test::temp_dir() / "link.yaml";
    fs::remove(link);
    fs::create_hard_link(input, link);
    const std::vector<NamedPath> inputs = {{input, "the config file"}, {"", "no plugin"}};
    CHECK_THROWS_WITH(check_outputs_apart(inputs, {{link.string(), "--json file"}}),
                      Contains("--json file") && Contains("is the config file"));
    const std::string other = (test::temp_dir() / "out.json").string();
    CHECK_NOTHROW(check_outputs_apart(inputs, {{other, "--json file"}, {"", "no VCD"}}));
    CHECK_THROWS_WITH(check_outputs_apart(inputs, {{other, "--json file"},
                                                   {(test::temp_dir() / "." / "out.json").string(),
                                                    "--perf file"}}),
                      Contains("--json file and --perf file both name"));
    CHECK_NOTHROW(
        check_outputs_apart(inputs, {{"/dev/null", "--json file"}, {"/dev/null", "--perf file"}}));
}

TEST_CASE("messages quote a value by a short prefix", "[hardened]") {
    CHECK(quote_short("aiv3") == "'aiv3'");
    CHECK(quote_short(std::string(100, 'x')) ==
          "'" + std::string(60, 'x') + "...' (100 characters)");
    CHECK(quote_short("a\nb\x01") == "'a\\nb\\x01'");
    // Cut at a character, never inside one: 59 ASCII then a 2-byte letter.
    const std::string text = std::string(59, 'a') + "\xc3\xa9" + std::string(10, 'b');
    CHECK(quote_short(text) == "'" + std::string(59, 'a') + "...' (71 characters)");
    CHECK(describe_node(YAML::Load("~")) == "an empty value (null)");
    CHECK(describe_node(YAML::Load("[1]")) == "a list");
    CHECK(describe_node(YAML::Load("{a: 1}")) == "a mapping");
}

TEST_CASE("records that grow with a run keep their first entries and count the rest",
          "[hardened]") {
    FirstEntries<int> log(3);
    for (int i = 0; i < 10; ++i) log.push_back(i);
    CHECK(log.kept() == std::vector<int>{0, 1, 2});
    CHECK(log.left_out() == 7);
    CHECK(log.total() == 10);
}

TEST_CASE("a child that makes no progress is killed within its bound", "[hardened]") {
    const auto start = [](const char* seconds) {
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::execlp("sleep", "sleep", seconds, nullptr);
            ::_exit(127);
        }
        return pid;
    };
    const ChildEnd quick = wait_for_child(start("0"), std::chrono::seconds(5));
    CHECK(quick.ended);
    CHECK(WIFEXITED(quick.status));
    const ChildEnd hung = wait_for_child(start("60"), std::chrono::milliseconds(200));
    CHECK_FALSE(hung.ended);
    CHECK(hung.stalled);
    // Progress restarts the bound: three reports of progress, then none.
    int reports = 3;
    const ChildEnd busy =
        wait_for_child(start("60"), std::chrono::milliseconds(100), [&] { return reports-- > 0; });
    CHECK(busy.stalled);
}
