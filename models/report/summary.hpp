// A model's part of the run's summary: the lines a person reads first. A
// model registers each part with its statistics group, at a place in the
// summary's fixed order; the driver prints the parts in that order without
// knowing the models. A part reads the model's own state after the run (the
// same state its statistics read), so the summary and the result agree.
#pragma once

#include <cstdint>
#include <functional>
#include <ostream>
#include <set>
#include <string>

namespace syncsim {

// Where a part goes, in the order the summary prints them. Culprit comes
// right after the outcome; the host's checks (driver) between Finish and
// NotDone.
enum class SummaryPart { Culprit, Finish, NotDone, Watchdog, Runtime, Rounds, Polls, Ffts };

class SummaryOut {
  public:
    explicit SummaryOut(std::ostream& s) : m_s(s) {}
    std::ostream& os() { return m_s; }
    // A part that prints a heading opens it; parts after it in the same
    // place add their lines only under an open heading.
    void open(SummaryPart part) { m_open.insert(part); }
    bool opened(SummaryPart part) const { return m_open.count(part) != 0; }
    // A list cut at `shown` of `total` entries says so: "  ... and N more
    // WHAT (WHERE)". Nothing when nothing was cut.
    void left_out(std::size_t total, std::size_t shown, const char* what,
                  const char* where = "the JSON result has all");

  private:
    std::ostream& m_s;
    std::set<SummaryPart> m_open;
};

// "1.234 us": picoseconds in ns, us or ms with three decimals.
std::string format_time(std::uint64_t ps);

struct SummarySection {
    SummaryPart part;
    std::function<void(SummaryOut&)> write;
};

} // namespace syncsim
