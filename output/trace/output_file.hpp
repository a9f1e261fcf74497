// Output files (results, traces) opened before a run and checked after every
// write: a full disk or an unwritable path is an error naming the file, never
// a missing or truncated file behind exit 0.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace syncsim {

class OutputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class StallBoundedBuffer;

// One output file, written as a stream: a regular file or a device through
// an ofstream; a FIFO (which a process must have open for reading) through a
// non-blocking descriptor whose writes wait at most StallBoundedBuffer::kStall
// for the reader. Opening throws OutputError; `what` says which output it is
// ("--json file").
class OutputFile {
  public:
    OutputFile(const std::string& path, const std::string& what);
    ~OutputFile();
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    OutputFile(OutputFile&&) noexcept;
    OutputFile& operator=(OutputFile&&) noexcept;

    std::ostream& stream() { return m_fifo_stream ? *m_fifo_stream : m_file; }
    // Flushes and closes; throws OutputError if any write failed (a full
    // disk, a reader that stalled or went away).
    void close();

  private:
    std::string m_path, m_what;
    std::ofstream m_file;
    std::unique_ptr<StallBoundedBuffer> m_fifo;
    std::unique_ptr<std::ostream> m_fifo_stream;
    bool m_closed = false;
};

// A reader that goes away (a FIFO's, vcd2fst) must show up as a failed
// write, not end the process with SIGPIPE: outputs call this before writing
// to anything but a file.
void ignore_broken_pipes();

// The first lines of a GTKWave save file: its trace and itself, by their
// names relative to the save file's folder. GTKWave reads the trace's (and
// each filter file's) path relative to [savefile] and re-anchors it at the
// save file it opens, so a run folder that is moved or shared still opens.
void write_gtkwave_paths(std::ostream& save, const std::string& trace_path,
                         const std::string& save_path);
// `path` as a save file beside `save_path` refers to it.
std::string relative_to_save_file(const std::string& path, const std::string& save_path);

class ConverterPipe;
class GzipStream;

// The most bytes one trace file may take on disk (--max-trace-size; 0: no
// cap), and what each trace that reached it said. Past it a trace takes no
// more events and is closed whole where it stopped; the run goes on.
struct TraceCap {
    static std::uint64_t& bytes();
    // One line per trace that stopped, for the summary; cleared per run.
    static std::vector<std::string>& stopped();
    // The run's simulated-time limit, and who is told, once a trace has taken
    // a sixteenth of the cap, that at the rate it grew it reaches the cap
    // before that limit (trace_cap_forecast): early, while the user can still
    // stop the run and trace less. Counted in bytes and simulated time, so
    // the same run forecasts the same on any machine.
    // The traced span: from (a time window's start, else 0) to the limit
    // (the run's, or a time window's end when earlier); limit 0: no
    // forecast (a round window, whose span is not known before the run).
    static std::uint64_t& from_ps();
    static std::uint64_t& limit_ps();
    static std::function<void(const std::string&)>& on_forecast();
};

// What a trace that took `bytes` from simulated time `from_ps` to `at_ps`
// says when, growing at that rate, it reaches `cap` before `limit_ps`; empty
// when it does not.
std::string trace_cap_forecast(const std::string& what, const std::string& path,
                               std::uint64_t bytes, std::uint64_t from_ps, std::uint64_t at_ps,
                               std::uint64_t cap, std::uint64_t limit_ps);

// A trace's output: a file; for a path ending in .gz, a gzip-compressed
// file (gzip_stream.hpp); or for a path ending in .fst, GTKWave's vcd2fst
// converting the VCD it reads from a pipe (nothing is written as VCD first);
// a converter that stalls is killed (ConverterPipe::kStall).
class TraceOutput {
  public:
    TraceOutput(const std::string& path, const std::string& what);
    ~TraceOutput();
    TraceOutput(const TraceOutput&) = delete;
    TraceOutput& operator=(const TraceOutput&) = delete;
    std::ostream& stream() { return *m_stream; }
    // Whether the trace has reached TraceCap's size, so what comes at
    // `at_ps` and after is not written. The file's size is looked at every
    // 4096th call (a stat), so a file passes the cap by at most that many
    // events; a FIFO or a device has no size and no cap.
    bool full(std::uint64_t at_ps) {
        if (m_full) return true;
        if (++m_calls % 4096 != 0 || TraceCap::bytes() == 0) return false;
        return reached_cap(at_ps);
    }
    bool is_full() const { return m_full; }
    // The simulated time the trace stopped at, once full.
    std::uint64_t stopped_ps() const { return m_stopped_ps; }
    // Flushes, ends the converter if there is one, and throws OutputError
    // if a write failed or the converter did not succeed.
    void close();

    static bool is_fst(const std::string& path);
    // Before a run: throws OutputError when vcd2fst is not on PATH.
    static void check_converter();

  private:
    std::unique_ptr<OutputFile> m_file;
    std::unique_ptr<ConverterPipe> m_converter;
    std::unique_ptr<GzipStream> m_gzip;
    std::string m_path, m_what;
    std::ostream* m_stream = nullptr;
    bool m_closed = false;
    bool m_full = false;
    std::uint64_t m_calls = 0, m_stopped_ps = 0;
    bool m_forecast = false; // said (or found needless) once
    bool reached_cap(std::uint64_t at_ps);
};

// Before a run: throws OutputError unless `path` can be created or written.
// Creates the file (empty) when it did not exist; the run overwrites it. An
// existing path that is not a regular file may be a device (/dev/null) or a
// FIFO that a process has open for reading (a FIFO without a reader would
// hold the run for ever when opened); the FIFO is held open from here until
// the run opens it, so its reader never sees an end in between.
void check_output_writable(const std::string& path, const std::string& what);

} // namespace syncsim
