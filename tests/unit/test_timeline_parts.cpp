// The timeline's parts, kernel-free: the L2 queue depth a trace shows over
// time, gzip output that inflates back to what was written (and the same
// bytes each time), and the fanout that gives each writer its own signal
// ids.
#include "models/memory/queue_depth_trace.hpp"
#include "output/trace/gzip_stream.hpp"
#include "output/trace/trace_event_json.hpp"
#include "output/trace/trace_fanout.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <zlib.h>

using namespace syncsim;

namespace {

// A SignalTracer that keeps each signal's value at each moment (the last
// report of a moment wins, as the writers do).
class ValueLog : public SignalTracer {
  public:
    explicit ValueLog(bool keep = true) : m_keep(keep) {}
    int declare(const SignalDecl& s) override {
        if (!m_keep) return -1;
        names.push_back(s.name);
        return static_cast<int>(names.size() - 1);
    }
    void change(int signal, std::uint64_t at_ps, std::uint64_t value) override {
        values[signal][at_ps] = value;
    }
    std::vector<std::string> names;
    std::map<int, std::map<std::uint64_t, std::uint64_t>> values;

  private:
    bool m_keep;
};

SignalDecl decl(TraceSignal kind, int core, const std::string& name) {
    SignalDecl s;
    s.kind = kind;
    s.core = core;
    s.scope = "test";
    s.name = name;
    return s;
}

std::string inflate_gzip(const std::string& in) {
    z_stream z{};
    REQUIRE(inflateInit2(&z, 15 + 16) == Z_OK);
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    z.avail_in = static_cast<uInt>(in.size());
    std::string out;
    char buf[4096];
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        z.next_out = reinterpret_cast<Bytef*>(buf);
        z.avail_out = sizeof buf;
        rc = inflate(&z, Z_NO_FLUSH);
        REQUIRE((rc == Z_OK || rc == Z_STREAM_END));
        out.append(buf, sizeof buf - z.avail_out);
    }
    inflateEnd(&z);
    return out;
}

std::string gzip_of(const std::string& text) {
    std::ostringstream file;
    GzipStream gz(file);
    gz << text;
    REQUIRE(gz.finish());
    return file.str();
}

} // namespace

TEST_CASE("L2 queue depth: each wait counts from its arrival to its start") {
    ValueLog log;
    QueueDepthTrace depth;
    depth.set_tracer(&log, decl(TraceSignal::L2Queue, -1, "queue_depth"));
    REQUIRE(depth.tracing());
    depth.waited(0, 10);  // waits 0..10
    depth.waited(2, 20);  // waits 2..20
    depth.waited(5, 5);   // served at once: no change
    depth.waited(12, 30); // waits 12..30
    const std::map<std::uint64_t, std::uint64_t> expected = {{0, 1},  {2, 2},  {10, 1},
                                                             {12, 2}, {20, 1}, {30, 0}};
    CHECK(log.values[0] == expected);

    // Two requests that start at one moment leave together.
    ValueLog same;
    QueueDepthTrace d2;
    d2.set_tracer(&same, decl(TraceSignal::L2Queue, -1, "queue_depth"));
    d2.waited(0, 8);
    d2.waited(1, 8);
    CHECK(same.values[0] == std::map<std::uint64_t, std::uint64_t>{{0, 1}, {1, 2}, {8, 0}});

    QueueDepthTrace untraced; // no tracer: nothing to report to
    untraced.waited(0, 10);
    CHECK_FALSE(untraced.tracing());
}

TEST_CASE("gzip output inflates to what was written, the same bytes each time") {
    std::string text;
    for (int i = 0; i < 20000; ++i)
        text += "{\"name\": \"wait_flag_dev\", \"ts\": " + std::to_string(i) + "},\n";
    const std::string gz = gzip_of(text);
    REQUIRE(gz.size() > 2);
    CHECK(static_cast<unsigned char>(gz[0]) == 0x1f); // the gzip magic Perfetto looks for
    CHECK(static_cast<unsigned char>(gz[1]) == 0x8b);
    CHECK(gz.size() * 10 < text.size());
    CHECK(inflate_gzip(gz) == text);
    CHECK(gzip_of(text) == gz);
    CHECK(inflate_gzip(gzip_of("")).empty());
    CHECK(GzipStream::is_gzip_path("t.json.gz"));
    CHECK_FALSE(GzipStream::is_gzip_path("t.json"));
}

TEST_CASE("trace fanout: each writer its own ids, a signal every writer leaves out is -1") {
    ValueLog vcd, timeline, neither(false);
    TraceFanout fanout;
    fanout.add(nullptr, nullptr, &vcd);
    fanout.add(nullptr, nullptr, &timeline);
    vcd.declare(decl(TraceSignal::Words, -1, "earlier")); // ids now differ
    const int flag = fanout.declare(decl(TraceSignal::FftsFlags, 3, "ffts_flag1"));
    REQUIRE(flag >= 0);
    CHECK_FALSE(fanout.started());
    fanout.change(flag, 100, 1);
    CHECK(fanout.started());
    CHECK(vcd.values[1][100] == 1);
    CHECK(timeline.values[0][100] == 1);

    TraceFanout none;
    none.add(nullptr, nullptr, &neither);
    CHECK(none.declare(decl(TraceSignal::Words, -1, "w")) == -1);
    none.change(-1, 5, 1); // ignored
}

TEST_CASE("trace-event text: nanoseconds as microseconds, escaped strings, typed args") {
    const auto us = [](std::uint64_t ns) {
        std::string s;
        append_us(s, ns);
        return s;
    };
    CHECK(us(0) == "0");
    CHECK(us(1135) == "1.135");
    CHECK(us(2000) == "2");
    CHECK(us(500) == "0.5");
    CHECK(us(1) == "0.001");
    CHECK(us(18446744073709551615ull) == "18446744073709551.615");
    // To the nearest ns, so slices that meet in ps meet in ns.
    CHECK(nearest_ns(1135499) == 1135);
    CHECK(nearest_ns(1135500) == 1136);
    const std::uint64_t a = 5575542, b = 5683103; // a slice [a, b), the next from b
    CHECK(nearest_ns(b) - nearest_ns(a) + nearest_ns(a) == nearest_ns(b));

    std::string s;
    append_json_string(s, "a \"b\" \\ c\nd\te\x01");
    CHECK(s == "\"a \\\"b\\\" \\\\ c\\nd\\te\\u0001\"");

    std::string args;
    append_args(args, {{"core", "aiv3"},
                       {"launch", std::uint64_t{7}},
                       {"block", std::int64_t{-1}},
                       {"last_arrival", true},
                       {"waited_ns", 1220.541}});
    CHECK(args == "{\"core\": \"aiv3\", \"launch\": 7, \"block\": -1, \"last_arrival\": true, "
                  "\"waited_ns\": 1220.541}");
    // What the text says is what a JSON reader reads.
    const auto j = nlohmann::json::parse(args + "");
    CHECK(j["launch"] == 7);
    CHECK(j["last_arrival"] == true);
}

TEST_CASE("trace-event durations: ts + dur in doubles never passes the slice's end") {
    const auto parse = [](const std::string& text) { return std::stod(text); };
    const auto dur = [](std::uint64_t start_ns, std::uint64_t end_ns) {
        std::string s;
        append_duration_us(s, start_ns, end_ns);
        return s;
    };
    // The case: 2.37 + 0.115 is 2.4850000000000003 in doubles.
    REQUIRE(parse("2.37") + parse("0.115") > parse("2.485"));
    const std::string d = dur(2370, 2485);
    CHECK(d != "0.115");
    CHECK(parse("2.37") + parse(d) <= parse("2.485"));
    CHECK(std::llround(parse(d) * 1000) == 115); // Perfetto's ns
    CHECK(dur(1000, 1135) == "0.135");           // exact where it adds up
    CHECK(dur(7, 7) == "0");
    // Every slice boundary over a range of times and lengths.
    for (std::uint64_t start = 0; start < 40000; start += 7)
        for (std::uint64_t len : {1u, 3u, 115u, 999u, 1001u, 123457u}) {
            const std::string text = dur(start, start + len);
            std::string end;
            append_us(end, start + len);
            std::string begin;
            append_us(begin, start);
            CHECK(parse(begin) + parse(text) <= parse(end));
            CHECK(std::llround(parse(text) * 1000) == static_cast<long long>(len));
        }
}

// speedscope takes each track's first time off every time before adding the
// duration: found by loading a timeline in it, 37 of 49 tracks of
// configs/a2/soft_aiv_all_blocks.yaml nested falsely that way.
TEST_CASE("trace-event durations: and once the track's first time is taken off every time") {
    const auto parse = [](std::uint64_t ns) {
        std::string s;
        append_us(s, ns);
        return std::stod(s);
    };
    const auto dur = [](std::uint64_t start_ns, std::uint64_t end_ns, std::uint64_t origin_ns) {
        std::string s;
        append_duration_us(s, start_ns, end_ns, origin_ns);
        return std::stod(s);
    };
    // aiv0's first slice, 1.135 to 1.138: 0.003 passes 1.138 - 1.135.
    REQUIRE(0.003 > parse(1138) - parse(1135));
    CHECK(dur(1135, 1138, 1135) <= parse(1138) - parse(1135));
    CHECK(std::llround(dur(1135, 1138, 1135) * 1000) == 3);
    for (std::uint64_t origin : {0u, 1u, 999u, 1135u, 2370u, 12345u})
        for (std::uint64_t start = origin; start < origin + 30000; start += 11)
            for (std::uint64_t len : {1u, 2u, 3u, 115u, 1001u}) {
                const double d = dur(start, start + len, origin);
                const double o = parse(origin), s = parse(start), e = parse(start + len);
                CHECK((s - o) + d <= e - o);
                CHECK(s + d <= e);
                CHECK(std::llround(d * 1000) == static_cast<long long>(len));
            }
}
