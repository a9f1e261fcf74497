#include "models/trace/converter_pipe.hpp"

#include "models/trace/output_file.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <streambuf>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace syncsim {

namespace {
using Clock = std::chrono::steady_clock;
constexpr int kStallMs = static_cast<int>(std::chrono::milliseconds(ConverterPipe::kStall).count());
} // namespace

// Writes to a non-blocking pipe, waiting at most kStall for the reader to
// take something each time the pipe is full.
class ConverterPipe::Buffer : public std::streambuf {
  public:
    explicit Buffer(int fd) : m_fd(fd), m_data(1 << 16) {
        setp(m_data.data(), m_data.data() + m_data.size());
    }
    ~Buffer() override { close_pipe(); }
    bool stalled() const { return m_stalled; }
    void close_pipe() {
        if (m_fd >= 0) ::close(m_fd);
        m_fd = -1;
    }

  protected:
    int_type overflow(int_type c) override {
        if (!drain()) return traits_type::eof();
        if (c != traits_type::eof()) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return drain() ? 0 : -1; }

  private:
    bool drain() {
        const char* p = pbase();
        const char* const end = pptr();
        while (p < end) {
            if (m_fd < 0) return false;
            const ssize_t n = ::write(m_fd, p, static_cast<std::size_t>(end - p));
            if (n > 0) {
                p += n;
                continue;
            }
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && errno == EAGAIN) {
                pollfd ready{m_fd, POLLOUT, 0};
                const int rc = ::poll(&ready, 1, kStallMs);
                if (rc > 0 || (rc < 0 && errno == EINTR)) continue;
                m_stalled = true;
            }
            return false; // stalled, or the reader is gone (EPIPE)
        }
        setp(m_data.data(), m_data.data() + m_data.size());
        return true;
    }

    int m_fd;
    std::vector<char> m_data;
    bool m_stalled = false;
};

ConverterPipe::ConverterPipe(std::vector<std::string> argv, std::string output, std::string what)
    : m_output(std::move(output)), m_what(std::move(what)), m_name(argv.at(0)) {
    // A converter that dies must show up as a failed write, not kill us.
    std::signal(SIGPIPE, SIG_IGN);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        throw OutputError("cannot start " + m_name + ": " + std::strerror(errno));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], 0);
    posix_spawn_file_actions_adddup2(&actions, 2, 1); // its chatter stays off our stdout
    std::vector<char*> args;
    for (std::string& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    const int rc = posix_spawnp(&m_pid, m_name.c_str(), &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[0]);
    if (rc != 0) {
        ::close(fds[1]);
        throw OutputError("cannot start " + m_name + " for " + m_what + " '" + m_output +
                          "': " + std::strerror(rc));
    }
    ::fcntl(fds[1], F_SETFL, ::fcntl(fds[1], F_GETFL) | O_NONBLOCK);
    m_buffer = std::make_unique<Buffer>(fds[1]);
    m_stream = std::make_unique<std::ostream>(m_buffer.get());
}

ConverterPipe::~ConverterPipe() {
    if (!m_finished) kill_child();
}

void ConverterPipe::kill_child() {
    m_buffer->close_pipe();
    if (m_pid < 0) return;
    ::kill(m_pid, SIGKILL);
    while (::waitpid(m_pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    m_pid = -1;
}

void ConverterPipe::finish() {
    if (m_finished) return;
    m_finished = true;
    m_stream->flush();
    const bool written = bool(*m_stream);
    const bool stalled = m_buffer->stalled();
    m_buffer->close_pipe(); // the converter sees the end of its input
    const std::string incomplete = "writing " + m_what + " '" + m_output + "' through " + m_name;
    if (stalled) {
        kill_child();
        throw OutputError(incomplete + " failed: " + m_name + " took nothing for " +
                          std::to_string(kStall.count()) + " s (killed); the file is incomplete");
    }
    // It may take a while to write the end of its output; it must keep going.
    off_t size = -1;
    Clock::time_point deadline = Clock::now() + kStall;
    int status = 0;
    for (;;) {
        const pid_t done = ::waitpid(m_pid, &status, WNOHANG);
        if (done == m_pid) break;
        if (done < 0 && errno != EINTR) break;
        struct stat st {};
        if (::stat(m_output.c_str(), &st) == 0 && st.st_size != size) {
            size = st.st_size;
            deadline = Clock::now() + kStall;
        }
        if (Clock::now() >= deadline) {
            kill_child();
            throw OutputError(incomplete + " failed: " + m_name +
                              " neither finished nor wrote for " + std::to_string(kStall.count()) +
                              " s after its input ended (killed); "
                              "the file is incomplete");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    m_pid = -1;
    if (!written || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw OutputError(incomplete + " failed; the file is incomplete");
}

} // namespace syncsim
