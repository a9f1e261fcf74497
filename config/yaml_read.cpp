// Reading YAML strictly: every file and text syncsim reads goes through
// parse_yaml_text (one document, no key given twice, text keys, no tags,
// anchors or aliases, nesting bounded), and files through
// read_yaml_file_text (a readable regular file of bounded size).
#include "config/yaml_view.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <set>
#include <sstream>
#include <unistd.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

namespace syncsim {

namespace {

// Walks the parser's events once, before any value is read, and refuses what
// yaml-cpp would otherwise accept silently: a second document, a key given
// twice (yaml-cpp keeps the first), a key that is not text, explicit tags,
// and anchors and aliases (an alias bomb expands exponentially when copied).
class StrictYamlChecker : public YAML::EventHandler {
  public:
    explicit StrictYamlChecker(std::string source) : m_source(std::move(source)) {}

    void OnDocumentStart(const YAML::Mark& mark) override {
        if (++m_documents > 1)
            fail(mark, "a second YAML document (after '---'): one file holds one document");
    }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        node(mark, "", anchor, nullptr);
    }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
        fail(mark, "YAML aliases (*name) are not supported: write the value out");
    }
    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  const std::string& value) override {
        node(mark, tag, anchor, &value);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        node(mark, tag, anchor, nullptr);
        m_frames.push_back({false, true, {}});
    }
    void OnSequenceEnd() override { m_frames.pop_back(); }
    void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        node(mark, tag, anchor, nullptr);
        m_frames.push_back({true, true, {}});
    }
    void OnMapEnd() override { m_frames.pop_back(); }

  private:
    struct Frame {
        bool is_map;
        bool expecting_key;
        std::set<std::string> keys;
    };

    [[noreturn]] void fail(const YAML::Mark& mark, const std::string& what) const {
        throw ConfigError(m_source + (mark.line >= 0 ? ":" + std::to_string(mark.line + 1) : "") +
                          ": " + what);
    }

    // `scalar`: the text of a scalar node, null for anything else.
    void node(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
              const std::string* scalar) {
        if (anchor != YAML::NullAnchor)
            fail(mark, "YAML anchors (&name) are not supported: write the value out");
        // "?" is a plain node, "!" a quoted scalar: neither is an explicit tag.
        if (!tag.empty() && tag != "?" && tag != "!")
            fail(mark, "YAML tag " + quote_short(tag) + " is not supported: values are plain text");
        if (m_frames.empty() || !m_frames.back().is_map) return;
        Frame& f = m_frames.back();
        f.expecting_key = !f.expecting_key;
        if (f.expecting_key) return; // this node was a value
        if (!scalar) fail(mark, "a mapping key must be text, not a list, a mapping or empty");
        if (!f.keys.insert(*scalar).second)
            fail(mark, "key " + quote_short(*scalar) + " is given twice");
    }

    std::string m_source;
    int m_documents = 0;
    std::vector<Frame> m_frames;
};

} // namespace

namespace {
// Line `n` (from 0) of `text`, or "" past its end.
std::string yaml_line_at(const std::string& text, int n) {
    std::istringstream lines(text);
    std::string line;
    for (int i = 0; i <= n; ++i)
        if (!std::getline(lines, line)) return "";
    return line;
}
} // namespace

YAML::Node parse_yaml_text(const std::string& text, const std::string& source) {
    try {
        std::istringstream events(text);
        YAML::Parser parser(events);
        StrictYamlChecker checker(source);
        while (parser.HandleNextDocument(checker)) {
        }
        return YAML::Load(text);
    } catch (const YAML::DeepRecursion& e) {
        // yaml-cpp says only "bad file" here.
        throw ConfigError(source + (e.mark.line >= 0 ? ":" + std::to_string(e.mark.line + 1) : "") +
                          ": YAML nested too deeply (" + std::to_string(e.depth()) +
                          " levels reached; the parser stops there): no syncsim file nests more "
                          "than a few levels");
    } catch (const YAML::Exception& e) {
        // Line and column: most syntax errors are a line indented one
        // space off, which only the column shows.
        const std::string at = e.mark.line < 0 ? ""
                                               : ":" + std::to_string(e.mark.line + 1) + ":" +
                                                     std::to_string(e.mark.column + 1);
        // Block mappings and sequences end by indentation; flow ones ({...},
        // [...]) by a bracket; a --set value is one line.
        const bool flow = e.msg.find("flow") != std::string::npos;
        const bool indentation =
            !flow && source.rfind("--set", 0) != 0 &&
            (e.msg.find("map") != std::string::npos || e.msg.find("sequence") != std::string::npos);
        // A tab on the error's line is the likeliest cause, whatever
        // yaml-cpp's message says: YAML indents and separates with spaces.
        const bool tab =
            e.mark.line >= 0 && yaml_line_at(text, e.mark.line).find('\t') != std::string::npos;
        const char* hint =
            tab           ? " (this line holds a tab: YAML indents with spaces only; replace the "
                            "tab with spaces)"
            : indentation ? " (keys of one mapping must start in the same column; "
                            "check this line's indentation against the line above)"
            : flow        ? " (a { or [ is not closed)"
                          : "";
        throw ConfigError(source + at + ": YAML syntax error: " + e.msg + hint);
    }
}

std::string read_yaml_file_text(const std::string& file) {
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (ec || !std::filesystem::exists(status)) throw ConfigError(file + ": no such file");
    if (!std::filesystem::is_regular_file(status))
        throw ConfigError(file + ": not a regular file (a YAML file is needed)");
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) throw ConfigError(file + ": cannot read the file size: " + ec.message());
    if (size > kMaxYamlFileBytes)
        throw ConfigError(file + ": " + std::to_string(size) +
                          " bytes; a YAML file may hold at most " +
                          std::to_string(kMaxYamlFileBytes) + " bytes");
    // Read with the system's calls: a file that fails to read (/proc/self/mem
    // does, with EIO) is an error naming it, and a file that grows while it
    // is read (a /proc file claims 0 bytes) stops at the limit.
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw ConfigError(file + ": cannot open the file: " + std::strerror(errno));
    std::string text;
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int error = errno;
            ::close(fd);
            throw ConfigError(file + ": cannot read the file: " + std::strerror(error));
        }
        if (n == 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > kMaxYamlFileBytes) {
            ::close(fd);
            throw ConfigError(file + ": more than " + std::to_string(kMaxYamlFileBytes) +
                              " bytes; a YAML file may hold at most that");
        }
    }
    ::close(fd);
    return text;
}

YAML::Node load_yaml_file(const std::string& file) {
    return parse_yaml_text(read_yaml_file_text(file), file);
}

} // namespace syncsim
