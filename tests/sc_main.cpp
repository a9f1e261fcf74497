// sc_main runs the Catch session (Debian's Catch2 cannot link its own main
// with libsystemc). Any SystemC warning or error throws, failing the test.
#define CATCH_CONFIG_RUNNER
// GCC 12 at -O1 and above with -fsanitize=address reports a false
// -Wmaybe-uninitialized inside libstdc++'s <regex>, which Catch's runner
// instantiates here (a known GCC 12 false positive in std::regex); silenced
// for this include only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <catch2/catch.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#include "models/systemc/sanitizer_stack.hpp"

#include <cstdlib>
#include <systemc>

static const int kQuietBanner = setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
// A run's summary names the estimates a cached sensitivity run ranked first:
// the suite's runs never read the developer's cache (a test that wants one
// sets its own folder).
static const int kNoCache = setenv("SYNCSIM_CACHE_DIR", "off", 1);

int sc_main(int argc, char* argv[]) {
    (void)kQuietBanner;
    (void)kNoCache;
    using namespace sc_core;
    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);
    sc_report_handler::set_actions(SC_WARNING, SC_THROW);
    sc_report_handler::set_actions(SC_ERROR, SC_THROW);
    const int failed = Catch::Session().run(argc, argv);
    // LeakSanitizer scans the main stack at exit: make sure it is the real one.
    syncsim::announce_main_stack_to_sanitizers();
    return failed;
}
