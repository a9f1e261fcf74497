#include "models/trace/output_file.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ext/stdio_filebuf.h>
#include <filesystem>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

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

} // namespace

// vcd2fst with its standard input on a pipe we write the VCD into.
struct TraceOutput::Pipe {
    pid_t pid = -1;
    int fd = -1;
    std::unique_ptr<__gnu_cxx::stdio_filebuf<char>> buffer;
    std::unique_ptr<std::ostream> stream;
};

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
    // A converter that dies must show up as a failed write, not kill us.
    std::signal(SIGPIPE, SIG_IGN);
    int fds[2];
    if (::pipe(fds) != 0) throw OutputError("cannot start " + std::string(kConverter) + reason());
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], 0);
    posix_spawn_file_actions_adddup2(&actions, 2, 1); // its chatter stays off our stdout
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    std::string v = "-v", dash = "-", f = "-f", name = kConverter, out = path;
    char* argv[] = {name.data(), v.data(), dash.data(), f.data(), out.data(), nullptr};
    m_pipe = std::make_unique<Pipe>();
    const int rc = posix_spawnp(&m_pipe->pid, kConverter, &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[0]);
    if (rc != 0) {
        ::close(fds[1]);
        throw OutputError("cannot start " + std::string(kConverter) + " for " + what + " '" + path +
                          "': " + std::strerror(rc));
    }
    m_pipe->fd = fds[1];
    m_pipe->buffer =
        std::make_unique<__gnu_cxx::stdio_filebuf<char>>(fds[1], std::ios::out, 1 << 16);
    m_pipe->stream = std::make_unique<std::ostream>(m_pipe->buffer.get());
    m_stream = m_pipe->stream.get();
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
    if (!m_pipe) {
        close_output(m_file, m_path, m_what);
        return;
    }
    m_pipe->stream->flush();
    const bool written = bool(*m_pipe->stream);
    m_pipe->buffer->close(); // closes the pipe: the converter sees the end
    int status = 0;
    while (::waitpid(m_pipe->pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!written || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw OutputError("writing " + m_what + " '" + m_path + "' through " + kConverter +
                          " failed; the file is incomplete");
}

std::ofstream open_output(const std::string& path, const std::string& what) {
    if (path.empty()) throw OutputError(what + ": the path is empty");
    errno = 0;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
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
