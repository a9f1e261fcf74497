#include "models/trace/output_file.hpp"

#include "models/trace/converter_pipe.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace syncsim {

std::string relative_to_save_file(const std::string& path, const std::string& save_path) {
    namespace fs = std::filesystem;
    const fs::path folder = fs::absolute(save_path).parent_path();
    return fs::absolute(path).lexically_relative(folder).string();
}

void write_gtkwave_paths(std::ostream& save, const std::string& trace_path,
                         const std::string& save_path) {
    save << "[dumpfile] \"" << relative_to_save_file(trace_path, save_path) << "\"\n";
    save << "[savefile] \"" << relative_to_save_file(save_path, save_path) << "\"\n";
}

namespace {

std::string reason() {
    return errno ? std::string(": ") + std::strerror(errno) : std::string();
}

constexpr const char* kConverter = "vcd2fst";

bool converter_on_path() {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    std::size_t start = 0;
    while (start <= dirs.size()) {
        const std::size_t end = std::min(dirs.find(':', start), dirs.size());
        const std::string dir = dirs.substr(start, end - start);
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + kConverter;
        if (::access(candidate.c_str(), X_OK) == 0) return true;
        start = end + 1;
    }
    return false;
}

// FIFOs checked before the run, each held open for writing (see
// check_output_writable) until the run opens it.
std::map<std::string, int>& held_fifos() {
    static std::map<std::string, int> held;
    return held;
}

bool is_fifo(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

// A FIFO's write end, opened without waiting: fails (ENXIO) when no process
// has it open for reading, which a plain open would wait for for ever.
int open_fifo_now(const std::string& path, const std::string& what) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) return fd;
    if (errno == ENXIO)
        throw OutputError("cannot write " + what + " '" + path +
                          "': it is a FIFO that no process has open for reading, so the run "
                          "would wait for a reader for ever (start the reader first)");
    throw OutputError("cannot write " + what + " '" + path + "'" + reason());
}

} // namespace

bool TraceOutput::is_fst(const std::string& path) {
    return path.size() > 4 && path.compare(path.size() - 4, 4, ".fst") == 0;
}

void TraceOutput::check_converter() {
    if (!converter_on_path())
        throw OutputError(std::string("an .fst trace needs ") + kConverter +
                          " (Debian package gtkwave), which is not on PATH; write a .vcd "
                          "instead or install gtkwave");
}

TraceOutput::TraceOutput(const std::string& path, const std::string& what)
    : m_path(path), m_what(what) {
    if (!is_fst(path)) {
        m_file = open_output(path, what);
        m_stream = &m_file;
        return;
    }
    check_converter();
    m_converter = std::make_unique<ConverterPipe>(
        std::vector<std::string>{kConverter, "-v", "-", "-f", path}, path, what);
    m_stream = &m_converter->stream();
}

TraceOutput::~TraceOutput() {
    try {
        close();
    } catch (const OutputError&) {
    }
}

void TraceOutput::close() {
    if (m_closed) return;
    m_closed = true;
    if (m_converter)
        m_converter->finish();
    else
        close_output(m_file, m_path, m_what);
}

std::ofstream open_output(const std::string& path, const std::string& what) {
    if (path.empty()) throw OutputError(what + ": the path is empty");
    // A FIFO is opened only while a reader is there (our own write end, held
    // since the check or opened now, proves it), so the open cannot hang.
    int held = -1;
    if (is_fifo(path)) {
        const auto it = held_fifos().find(path);
        if (it != held_fifos().end()) {
            held = it->second;
            held_fifos().erase(it);
        } else {
            held = open_fifo_now(path, what);
        }
    }
    errno = 0;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (held >= 0) ::close(held);
    if (!out) throw OutputError("cannot write " + what + " '" + path + "'" + reason());
    return out;
}

void close_output(std::ofstream& out, const std::string& path, const std::string& what) {
    errno = 0;
    out.flush();
    const bool written = bool(out);
    out.close();
    if (!written || out.fail())
        throw OutputError("writing " + what + " '" + path + "' failed" + reason() +
                          "; the file is incomplete");
}

void check_output_writable(const std::string& path, const std::string& what) {
    if (path.empty()) throw OutputError(what + ": the path is empty");
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw OutputError("cannot write " + what + " '" + path + "': it is a directory");
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISCHR(st.st_mode)) return; // /dev/null, a terminal
        if (!S_ISFIFO(st.st_mode))
            throw OutputError("cannot write " + what + " '" + path +
                              "': not a regular file, a FIFO or a device");
        if (!held_fifos().count(path)) held_fifos()[path] = open_fifo_now(path, what);
        return;
    }
    // The probe must not leave a file behind: a run refused after this check
    // would otherwise leave an empty output where the user asked for one.
    const bool existed = std::filesystem::exists(path, ec);
    errno = 0;
    std::ofstream probe(path, std::ios::binary | std::ios::app);
    if (!probe) throw OutputError("cannot write " + what + " '" + path + "'" + reason());
    probe.close();
    if (!existed) std::filesystem::remove(path, ec);
}

} // namespace syncsim
