// The wait-for graph (models/report/wait_graph.hpp): nodes once per key,
// the edges of a cycle found, and the DOT that draws them red.
#include "models/report/wait_graph.hpp"

#include <catch2/catch.hpp>
#include <sstream>

using namespace syncsim;
using Catch::Contains;
using Kind = WaitGraph::Kind;

TEST_CASE("wait graph: two launches holding each other's cores form a cycle", "[wait_graph]") {
    WaitGraph g;
    const std::size_t l1 = g.node("launch 1", Kind::Launch, "launch 1");
    const std::size_t l2 = g.node("launch 2", Kind::Launch, "launch 2");
    CHECK(g.node("launch 1", Kind::Launch, "another label") == l1);
    const std::size_t host = g.node("host", Kind::Host, "host");
    g.edge(host, l1, "waits on");
    const std::size_t b1 = g.node("b1", Kind::Participant, "launch 1: 24 blocks never dispatched");
    const std::size_t b2 = g.node("b2", Kind::Participant, "launch 2: 24 blocks never dispatched");
    g.edge(l1, b1);
    g.edge(b1, l2, "cores held by");
    g.edge(l2, b2);
    g.edge(b2, l1, "cores held by");
    g.edge(b2, l1, "twice"); // one edge per pair
    CHECK(g.has_cycle());
    CHECK(g.on_cycle() == std::vector<bool>{false, true, true, true, true});
    std::ostringstream dot;
    g.write_dot(dot);
    CHECK_THAT(dot.str(), Contains("digraph waits {") &&
                              Contains("n3 -> n1 [label=\"cores held by\", color=red") &&
                              Contains("n2 -> n0 [label=\"waits on\"];"));
}

TEST_CASE("wait graph: a signal nobody can send is red, and no cycle is claimed", "[wait_graph]") {
    WaitGraph g;
    const std::size_t cores = g.node("c", Kind::Cores, "40 cores wait: aiv0-39");
    const std::size_t flag = g.node("f", Kind::Object, "flag 14 \"in\" round 1");
    g.edge(cores, flag, "wait on");
    g.edge(flag, g.node("m", Kind::Missing, "missing signal: no FFTS context"));
    CHECK_FALSE(g.has_cycle());
    std::ostringstream dot;
    g.write_dot(dot);
    CHECK_THAT(dot.str(), Contains("label=\"flag 14 \\\"in\\\" round 1\"") &&
                              Contains("n1 -> n2 [color=red, penwidth=2];"));
}
