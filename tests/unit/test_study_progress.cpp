// A study's progress line (issue 43 item 2): runs done of all and, once one
// has ended, an estimate of the time left from the mean so far.
#include "driver/study/sweep/study_progress.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

TEST_CASE("study progress: runs done of all, the time so far and the time left") {
    CHECK(study_progress_line(0, 68, 0.4) == "syncsim: 0 of 68 runs done, 0 s");
    CHECK(study_progress_line(12, 68, 24) ==
          "syncsim: 12 of 68 runs done, 24 s, about 1 min 52 s left");
    CHECK(study_progress_line(1, 3, 3700) == "syncsim: 1 of 3 runs done, 1 h 1 min, about 2 h "
                                             "3 min left");
    CHECK(study_progress_line(1, 1, 2) == "syncsim: 1 of 1 run done, 2 s");
    CHECK(study_progress_line(68, 68, 61) == "syncsim: 68 of 68 runs done, 1 min 1 s");
}
