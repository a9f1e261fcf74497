#include "models/report/summary.hpp"

#include <iomanip>
#include <sstream>

namespace syncsim {

void SummaryOut::left_out(std::size_t total, std::size_t shown, const char* what,
                          const char* where) {
    if (total > shown)
        m_s << "  ... and " << total - shown << " more " << what << " (" << where << ")\n";
}

std::string format_time(std::uint64_t ps) {
    std::ostringstream os;
    os << std::fixed << std::setprecision(3);
    if (ps >= 1000000000ull)
        os << ps / 1e9 << " ms";
    else if (ps >= 1000000ull)
        os << ps / 1e6 << " us";
    else
        os << ps / 1e3 << " ns";
    return os.str();
}

} // namespace syncsim
