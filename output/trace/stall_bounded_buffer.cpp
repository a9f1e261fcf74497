#include "output/trace/stall_bounded_buffer.hpp"

#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace syncsim {

namespace {
constexpr int kStallMs =
    static_cast<int>(std::chrono::milliseconds(StallBoundedBuffer::kStall).count());
}

StallBoundedBuffer::StallBoundedBuffer(int fd) : m_fd(fd), m_data(1 << 16) {
    if (m_fd >= 0) ::fcntl(m_fd, F_SETFL, ::fcntl(m_fd, F_GETFL) | O_NONBLOCK);
    setp(m_data.data(), m_data.data() + m_data.size());
}

StallBoundedBuffer::~StallBoundedBuffer() {
    close_descriptor();
}

void StallBoundedBuffer::close_descriptor() {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
}

StallBoundedBuffer::int_type StallBoundedBuffer::overflow(int_type c) {
    if (!drain()) return traits_type::eof();
    if (c != traits_type::eof()) {
        *pptr() = traits_type::to_char_type(c);
        pbump(1);
    }
    return traits_type::not_eof(c);
}

int StallBoundedBuffer::sync() {
    return drain() ? 0 : -1;
}

bool StallBoundedBuffer::drain() {
    const char* p = pbase();
    const char* const end = pptr();
    while (p < end) {
        if (m_fd < 0) {
            m_failed = true;
            return false;
        }
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
        m_failed = true; // stalled, or the reader is gone (EPIPE)
        return false;
    }
    setp(m_data.data(), m_data.data() + m_data.size());
    return true;
}

} // namespace syncsim
