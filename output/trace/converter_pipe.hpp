// A child process (GTKWave's vcd2fst) that reads what we write on a pipe,
// bounded in time: a converter that stops reading (StallBoundedBuffer), or
// does not finish once its input has ended without its output growing for
// as long, is killed and the output reported incomplete, instead of holding
// the run for ever.
#pragma once

#include "output/trace/stall_bounded_buffer.hpp"

#include <memory>
#include <ostream>
#include <string>
#include <sys/types.h>
#include <vector>

namespace syncsim {

class ConverterPipe {
  public:
    // Starts `argv[0]` from PATH with its standard input on the pipe;
    // `output` is the file it writes (watched for progress at the end).
    // Throws OutputError if it cannot be started.
    ConverterPipe(std::vector<std::string> argv, std::string output, std::string what);
    ~ConverterPipe();
    ConverterPipe(const ConverterPipe&) = delete;
    ConverterPipe& operator=(const ConverterPipe&) = delete;

    std::ostream& stream() { return *m_stream; }
    // Ends the input and waits for the converter; throws OutputError if a
    // write failed, it stalled, or it did not exit with 0.
    void finish();

  private:
    void kill_child();

    std::string m_output, m_what, m_name;
    pid_t m_pid = -1;
    std::unique_ptr<StallBoundedBuffer> m_buffer;
    std::unique_ptr<std::ostream> m_stream;
    bool m_finished = false;
};

} // namespace syncsim
