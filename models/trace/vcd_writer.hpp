// A push-style VCD writer: models report value changes as they happen, so a
// traced object costs nothing in a timestep where it does not change (the
// stock sc_trace writer polls every traced object at every timestep).
// Changes are kept until close and written in time order, so a change may be
// added after the fact (the round marker, placed at each round's last arrival
// once the round is complete).
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

namespace syncsim {

class VcdWriter {
  public:
    explicit VcdWriter(const std::string& path);
    ~VcdWriter();

    // Declared before the first change. scope is a dotted path ("aiv.aiv3").
    int add_signal(const std::string& scope, const std::string& name, unsigned width,
                   std::uint64_t initial);
    // Records a value at `time_ps`; within one timestamp the last value wins.
    void change(int id, std::uint64_t time_ps, std::uint64_t value);
    // Writes the header and every change in time order.
    void close(std::uint64_t end_time_ps);

    struct Signal {
        std::string scope, name, code;
        unsigned width;
        std::uint64_t value;
    };
    const std::vector<Signal>& signals() const { return m_signals; }

  private:
    struct Change {
        std::uint64_t time_ps;
        int id;
        std::uint64_t value;
    };
    void write_header();
    void emit(const Signal& s, std::uint64_t value);

    std::string m_path;
    std::ofstream m_out;
    std::vector<Signal> m_signals;
    std::vector<Change> m_changes;
    bool m_closed = false;
};

} // namespace syncsim
