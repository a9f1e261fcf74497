#include "output/trace/output_file.hpp"
#include "models/report/summary.hpp"
#include "output/trace/gzip_stream.hpp"

#include "output/trace/converter_pipe.hpp"
#include "output/trace/stall_bounded_buffer.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iomanip>
#include <map>
#include <sstream>
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

std::uint64_t& TraceCap::bytes() {
    static std::uint64_t cap = 0;
    return cap;
}

std::vector<std::string>& TraceCap::stopped() {
    static std::vector<std::string> lines;
    return lines;
}

std::uint64_t& TraceCap::from_ps() {
    static std::uint64_t from = 0;
    return from;
}

std::uint64_t& TraceCap::limit_ps() {
    static std::uint64_t limit = 0;
    return limit;
}

std::function<void(const std::string&)>& TraceCap::on_forecast() {
    static std::function<void(const std::string&)> hear;
    return hear;
}

namespace {
std::string in_megabytes(std::uint64_t bytes) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(bytes < 10000000 ? 1 : 0) << double(bytes) / 1e6 << " MB";
    return s.str();
}
} // namespace

std::string trace_cap_forecast(const std::string& what, const std::string& path,
                               std::uint64_t bytes, std::uint64_t from_ps, std::uint64_t at_ps,
                               std::uint64_t cap, std::uint64_t limit_ps) {
    if (bytes == 0 || at_ps <= from_ps || cap == 0 || limit_ps <= from_ps) return "";
    // Growing as it grew so far: linear in simulated time from the span's start.
    const long double cap_at_ps = from_ps + static_cast<long double>(at_ps - from_ps) * cap / bytes;
    if (cap_at_ps >= limit_ps) return "";
    std::ostringstream s;
    s << "syncsim: the " << what << " " << path << " took " << in_megabytes(bytes)
      << " by simulated time " << format_time(at_ps) << ": at that rate it reaches "
      << "--max-trace-size (" << in_megabytes(cap) << ") at about "
      << format_time(static_cast<std::uint64_t>(cap_at_ps)) << ", before the traced span ends at "
      << format_time(limit_ps)
      << ", and stops there while the run goes on (--window, --cores or --signals trace less)";
    return s.str();
}

bool TraceOutput::reached_cap(std::uint64_t at_ps) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(m_path, ec);
    if (ec) return false;
    if (!m_forecast && size >= TraceCap::bytes() / 16 && size < TraceCap::bytes() &&
        at_ps > TraceCap::from_ps()) {
        m_forecast = true; // once, with a span to go by
        const std::string forecast =
            trace_cap_forecast(m_what, m_path, size, TraceCap::from_ps(), at_ps, TraceCap::bytes(),
                               TraceCap::limit_ps());
        if (!forecast.empty() && TraceCap::on_forecast()) TraceCap::on_forecast()(forecast);
    }
    if (size < TraceCap::bytes()) return false;
    m_full = true;
    m_stopped_ps = at_ps;
    std::ostringstream line;
    line << "trace      the " << m_what << " " << m_path << " stopped at " << size
         << " bytes, past --max-trace-size (" << TraceCap::bytes() << " bytes), at simulated time "
         << format_time(at_ps) << "; it is whole up to there, and the run went on untraced\n";
    TraceCap::stopped().push_back(line.str());
    return true;
}

TraceOutput::TraceOutput(const std::string& path, const std::string& what)
    : m_path(path), m_what(what) {
    if (!is_fst(path)) {
        m_file = std::make_unique<OutputFile>(path, what);
        m_stream = &m_file->stream();
        if (GzipStream::is_gzip_path(path)) {
            m_gzip = std::make_unique<GzipStream>(m_file->stream());
            m_stream = m_gzip.get();
        }
        return;
    }
    check_converter();
    ignore_broken_pipes();
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
    if (m_converter) {
        m_converter->finish();
        return;
    }
    if (m_gzip && !m_gzip->finish()) throw OutputError(m_path + ": zlib could not compress it");
    m_file->close();
}

void ignore_broken_pipes() {
    static const bool ignored = [] {
        std::signal(SIGPIPE, SIG_IGN);
        return true;
    }();
    (void)ignored;
}

OutputFile::OutputFile(const std::string& path, const std::string& what)
    : m_path(path), m_what(what) {
    if (path.empty()) throw OutputError(what + ": the path is empty");
    if (is_fifo(path)) {
        // Held open since the check, or opened now: a reader is there.
        int fd = -1;
        const auto it = held_fifos().find(path);
        if (it != held_fifos().end()) {
            fd = it->second;
            held_fifos().erase(it);
        } else {
            fd = open_fifo_now(path, what);
        }
        ignore_broken_pipes();
        m_fifo = std::make_unique<StallBoundedBuffer>(fd);
        m_fifo_stream = std::make_unique<std::ostream>(m_fifo.get());
        return;
    }
    errno = 0;
    m_file.open(path, std::ios::binary | std::ios::trunc);
    if (!m_file) throw OutputError("cannot write " + what + " '" + path + "'" + reason());
}

OutputFile::OutputFile(OutputFile&&) noexcept = default;
OutputFile& OutputFile::operator=(OutputFile&&) noexcept = default;

OutputFile::~OutputFile() {
    try {
        close();
    } catch (const OutputError&) {
    }
}

void OutputFile::close() {
    if (m_closed) return;
    m_closed = true;
    errno = 0;
    if (m_fifo) {
        m_fifo_stream->flush();
        const bool written = bool(*m_fifo_stream) && !m_fifo->failed();
        const bool stalled = m_fifo->stalled();
        m_fifo->close_descriptor();
        if (!written)
            throw OutputError("writing " + m_what + " '" + m_path + "' failed: " +
                              (stalled
                                   ? "its reader took nothing for " +
                                         std::to_string(StallBoundedBuffer::kStall.count()) + " s"
                                   : std::string("its reader went away")) +
                              "; the output is incomplete");
        return;
    }
    m_file.flush();
    const bool written = bool(m_file);
    m_file.close();
    if (!written || m_file.fail())
        throw OutputError("writing " + m_what + " '" + m_path + "' failed" + reason() +
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
