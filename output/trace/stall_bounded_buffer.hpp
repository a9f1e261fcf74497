// A stream buffer over a non-blocking descriptor (a pipe or a FIFO another
// process reads) that waits at most kStall for the reader to take something
// each time the descriptor is full. A reader that stalls or goes away fails
// the stream (the writer reports the output incomplete) instead of holding
// the run for ever or killing it with SIGPIPE.
#pragma once

#include <chrono>
#include <streambuf>
#include <vector>

namespace syncsim {

class StallBoundedBuffer : public std::streambuf {
  public:
    static constexpr std::chrono::seconds kStall{10};

    // Takes the descriptor (made non-blocking here) and closes it.
    explicit StallBoundedBuffer(int fd);
    ~StallBoundedBuffer() override;
    StallBoundedBuffer(const StallBoundedBuffer&) = delete;
    StallBoundedBuffer& operator=(const StallBoundedBuffer&) = delete;

    // The reader took nothing for kStall.
    bool stalled() const { return m_stalled; }
    // The reader is gone (EPIPE) or another write error.
    bool failed() const { return m_failed; }
    void close_descriptor();

  protected:
    int_type overflow(int_type c) override;
    int sync() override;

  private:
    bool drain();

    int m_fd;
    std::vector<char> m_data;
    bool m_stalled = false, m_failed = false;
};

} // namespace syncsim
