#include "output/trace/converter_pipe.hpp"

#include "output/os/child_process.hpp"
#include "output/trace/output_file.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace syncsim {

ConverterPipe::ConverterPipe(std::vector<std::string> argv, std::string output, std::string what)
    : m_output(std::move(output)), m_what(std::move(what)), m_name(argv.at(0)) {
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
    m_buffer = std::make_unique<StallBoundedBuffer>(fds[1]);
    m_stream = std::make_unique<std::ostream>(m_buffer.get());
}

ConverterPipe::~ConverterPipe() {
    if (!m_finished) kill_child();
}

void ConverterPipe::kill_child() {
    m_buffer->close_descriptor();
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
    m_buffer->close_descriptor(); // the converter sees the end of its input
    const std::string incomplete = "writing " + m_what + " '" + m_output + "' through " + m_name;
    const std::string seconds = std::to_string(StallBoundedBuffer::kStall.count());
    if (stalled) {
        kill_child();
        throw OutputError(incomplete + " failed: " + m_name + " took nothing for " + seconds +
                          " s (killed); the file is incomplete");
    }
    // It may take a while to write the end of its output; it must keep going.
    off_t size = -1;
    const ChildEnd end = wait_for_child(m_pid, StallBoundedBuffer::kStall, [&] {
        struct stat st {};
        if (::stat(m_output.c_str(), &st) != 0 || st.st_size == size) return false;
        size = st.st_size;
        return true;
    });
    m_pid = -1;
    if (end.stalled)
        throw OutputError(incomplete + " failed: " + m_name + " neither finished nor wrote for " +
                          seconds + " s after its input ended (killed); the file is incomplete");
    if (!end.ended)
        throw OutputError(incomplete + " failed (" + end.error + "); the file is incomplete");
    if (!written || !WIFEXITED(end.status) || WEXITSTATUS(end.status) != 0)
        throw OutputError(incomplete + " failed; the file is incomplete");
}

} // namespace syncsim
