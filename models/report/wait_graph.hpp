// Who waits on whom at the end of a run that did not finish, as a graph:
// the host, streams, launches, groups of waiting cores, what they wait on
// (a flag, a GM word, a notify), and the participants that did not come.
// The summary's culprit and `not done` lines are its linear form; this
// draws it for Graphviz (`run --waits FILE.dot`). A cycle (two launches
// each holding the cores the other needs) and a signal nobody can send are
// highlighted. Kernel-free.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace syncsim {

class WaitGraph {
  public:
    enum class Kind { Host, Stream, Launch, Cores, Object, Participant, Missing };
    // The node for `key`, made with `label` the first time; its index.
    std::size_t node(const std::string& key, Kind kind, const std::string& label);
    // `from` waits on `to`.
    void edge(std::size_t from, std::size_t to, const std::string& label = "");

    std::size_t nodes() const { return m_nodes.size(); }
    // The edges that lie on a cycle (a wait that can never end by itself).
    std::vector<bool> on_cycle() const;
    bool has_cycle() const;
    void write_dot(std::ostream& out) const;

  private:
    struct Node {
        std::string key, label;
        Kind kind;
    };
    struct Edge {
        std::size_t from, to;
        std::string label;
    };
    std::vector<Node> m_nodes;
    std::vector<Edge> m_edges;
};

} // namespace syncsim
