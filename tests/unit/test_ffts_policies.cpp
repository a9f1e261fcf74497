// FFTS message words and flag counters, without a kernel.
#include "models/ffts/ffts_message.hpp"
#include "models/ffts/flag_counter.hpp"
#include "models/ffts/sync_group.hpp"
#include "syncsim/pto/syncall.hpp"

#include <catch2/catch.hpp>

using namespace syncsim;

TEST_CASE("getFFTSMsg builds the words SYNCALL sends, and the FFTS decodes them", "[ffts]") {
    struct Row {
        int mode, id;
        std::uint16_t word;
    };
    // pto-syncall.md 1.2: the concrete SYNCALL message words.
    for (const Row& r :
         {Row{0, 14, 0x0E01}, Row{0, 11, 0x0B01}, Row{2, 12, 0x0C21}, Row{2, 13, 0x0D21}}) {
        CHECK(lib::getFFTSMsg(r.mode, r.id) == r.word);
        const FftsMessage m = decode_ffts_message(r.word);
        CHECK(m.mode == r.mode);
        CHECK(m.flag_id == r.id);
        CHECK(m.base_count == 1);
    }
    // Only two mode bits and four id bits exist.
    CHECK(decode_ffts_message(lib::getFFTSMsg(4, 17)).mode == 0);
    CHECK(decode_ffts_message(lib::getFFTSMsg(4, 17)).flag_id == 1);
}

TEST_CASE("a flag counter is a 4-bit counting semaphore", "[ffts]") {
    FlagCounter f(4, OverflowPolicy::Wrap);
    CHECK_FALSE(f.try_take()); // a wait on 0 blocks
    CHECK_FALSE(f.add(1));
    CHECK_FALSE(f.add(1)); // credits accumulate
    CHECK(f.try_take());
    CHECK(f.try_take());
    CHECK_FALSE(f.try_take());
}

TEST_CASE("a flag set past 15 wraps or saturates per platform, and reports overflow", "[ffts]") {
    FlagCounter wrap(4, OverflowPolicy::Wrap), sat(4, OverflowPolicy::Saturate);
    for (int i = 0; i < 15; ++i) {
        CHECK_FALSE(wrap.add(1));
        CHECK_FALSE(sat.add(1));
    }
    CHECK(wrap.add(1));
    CHECK(wrap.value() == 0);
    CHECK(sat.add(1));
    CHECK(sat.value() == 15);
}

TEST_CASE("sync groups: who a barrier message counts with, and how many complete it", "[ffts]") {
    // A launch of 24 AICs and 48 AIVs; a block of cube 5 with vectors 30 and 31.
    const FftsContext launch{7, 24, 48};
    const BlockPeers block{5, {30, 31}};
    struct Row {
        int mode;
        CoreType sender;
        int group;
        std::int64_t expected;
        int reduce_into;
    };
    const Row rows[] = {
        {0, CoreType::AIC, 0, 24, -1},     // all cubes of the launch
        {0, CoreType::AIV, 1, 48, -1},     // all vectors of the launch
        {1, CoreType::AIV, 2 + 30, 2, -1}, // the vectors of one cluster
        {2, CoreType::AIV, 2 + 5, 2, 5},   // the reduce into the block's cube
        {2, CoreType::AIC, 2 + 5, 2, 5},   // the cube's side of the same group
    };
    for (const Row& r : rows) {
        INFO("mode " << r.mode << " from " << to_string(r.sender));
        const SyncGroup g = sync_group(r.mode, r.sender, block, launch);
        CHECK(g.why_none.empty());
        CHECK(g.group == r.group);
        CHECK(g.expected == r.expected);
        CHECK(g.reduce_into == r.reduce_into);
    }
    CHECK(sync_group(2, CoreType::AIV, BlockPeers{-1, {3}}, launch).why_none ==
          "this block has no cube to reduce into");
    CHECK(sync_group(1, CoreType::AIV, BlockPeers{-1, {}}, launch).why_none ==
          "this block has no vector sub-cores");
}
