// Output files (results, traces) opened before a run and checked after every
// write: a full disk or an unwritable path is an error naming the file, never
// a missing or truncated file behind exit 0.
#pragma once

#include <fstream>
#include <ostream>
#include <stdexcept>
#include <string>

namespace syncsim {

class OutputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Opens `path` for writing (truncating it) or throws OutputError; `what` says
// which output it is ("--json file").
std::ofstream open_output(const std::string& path, const std::string& what);

// Flushes and closes; throws OutputError if any write to it failed.
void close_output(std::ofstream& out, const std::string& path, const std::string& what);

// The first lines of a GTKWave save file: its trace and itself, both
// absolute. GTKWave keeps the trace's (and each filter file's) path relative
// to [savefile], so a run folder that is moved or shared still opens.
void write_gtkwave_paths(std::ostream& save, const std::string& trace_path,
                         const std::string& save_path);

// Before a run: throws OutputError unless `path` can be created or written.
// Creates the file (empty) when it did not exist; the run overwrites it.
void check_output_writable(const std::string& path, const std::string& what);

} // namespace syncsim
