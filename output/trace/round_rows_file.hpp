// `--rounds FILE`: every barrier round's row, written as the round closes, as
// CSV (FILE ends in .csv) or JSON lines (.jsonl): the full table of a long
// run without keeping it in memory. Rows come in the order rounds close.
// A window keeps the rows of its rounds (any launch), or those whose span
// (first arrival to last release) meets its time range.
#pragma once

#include "models/report/round_ledger.hpp"
#include "output/trace/output_file.hpp"
#include "output/trace/trace_window.hpp"

#include <fstream>
#include <string>

namespace syncsim {

class RoundRowsFile : public RoundSink {
  public:
    enum class Format { Csv, JsonLines };
    // The format a file name asks for; false when it names neither.
    static bool format_of(const std::string& path, Format* format);

    explicit RoundRowsFile(const std::string& path, const TraceSpec& window = {});
    void round_closed(const RoundRow& row) override;
    // Flushes and checks every write (throws OutputError naming the file).
    void close();

  private:
    std::string m_path;
    Format m_format = Format::Csv;
    TraceSpec m_window;
    OutputFile m_file;
};

} // namespace syncsim
