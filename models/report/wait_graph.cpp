#include "models/report/wait_graph.hpp"

#include <algorithm>
#include <functional>

namespace syncsim {

namespace {

// A label inside DOT's double quotes.
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n')
            out += "\\n"; // DOT's line break inside a label
        else
            out += c;
    }
    return out + "\"";
}

struct Style {
    const char* shape;
    const char* fill;
};

// By Kind: Host, Stream, Launch, Cores, Object, Participant, Missing.
constexpr Style kStyles[] = {{"house", "#e8e8e8"},  {"cds", "#dde8f8"},     {"folder", "#dde8f8"},
                             {"box", "#fff4d6"},    {"ellipse", "#ffffff"}, {"box", "#ffd6d6"},
                             {"octagon", "#ff9c9c"}};

static_assert(sizeof kStyles / sizeof kStyles[0] ==
                  static_cast<std::size_t>(WaitGraph::Kind::Missing) + 1,
              "a style for every kind of node");

Style style_of(WaitGraph::Kind kind) {
    return kStyles[static_cast<std::size_t>(kind)];
}

} // namespace

std::size_t WaitGraph::node(const std::string& key, Kind kind, const std::string& label) {
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        if (m_nodes[i].key == key) return i;
    m_nodes.push_back({key, label, kind});
    return m_nodes.size() - 1;
}

void WaitGraph::edge(std::size_t from, std::size_t to, const std::string& label) {
    for (const Edge& e : m_edges)
        if (e.from == from && e.to == to) return;
    m_edges.push_back({from, to, label});
}

std::vector<bool> WaitGraph::on_cycle() const {
    // Tarjan's strongly connected components: an edge inside a component of
    // more than one node (or a self-loop) lies on a cycle.
    const std::size_t n = m_nodes.size();
    std::vector<std::vector<std::size_t>> out(n);
    for (const Edge& e : m_edges) out[e.from].push_back(e.to);
    std::vector<int> index(n, -1), low(n, 0), component(n, -1);
    std::vector<bool> stacked(n, false);
    std::vector<std::size_t> stack;
    int next = 0, components = 0;
    std::function<void(std::size_t)> visit = [&](std::size_t v) {
        index[v] = low[v] = next++;
        stack.push_back(v);
        stacked[v] = true;
        for (std::size_t w : out[v]) {
            if (index[w] < 0) {
                visit(w);
                low[v] = std::min(low[v], low[w]);
            } else if (stacked[w]) {
                low[v] = std::min(low[v], index[w]);
            }
        }
        if (low[v] != index[v]) return;
        for (;;) {
            const std::size_t w = stack.back();
            stack.pop_back();
            stacked[w] = false;
            component[w] = components;
            if (w == v) break;
        }
        ++components;
    };
    for (std::size_t v = 0; v < n; ++v)
        if (index[v] < 0) visit(v);
    std::vector<int> size(static_cast<std::size_t>(components), 0);
    for (int c : component) ++size[static_cast<std::size_t>(c)];
    std::vector<bool> cyclic;
    for (const Edge& e : m_edges)
        cyclic.push_back(component[e.from] == component[e.to] &&
                         (e.from == e.to || size[static_cast<std::size_t>(component[e.from])] > 1));
    return cyclic;
}

bool WaitGraph::has_cycle() const {
    const std::vector<bool> c = on_cycle();
    return std::find(c.begin(), c.end(), true) != c.end();
}

void WaitGraph::write_dot(std::ostream& out) const {
    const std::vector<bool> cyclic = on_cycle();
    std::vector<bool> in_cycle(m_nodes.size(), false);
    for (std::size_t i = 0; i < m_edges.size(); ++i)
        if (cyclic[i]) in_cycle[m_edges[i].from] = in_cycle[m_edges[i].to] = true;
    out << "// syncsim wait-for graph: an arrow points from a waiter to what it waits on.\n"
           "// Red: a cycle (a wait that can never end) or a signal nobody can send.\n"
           "digraph waits {\n"
           "  rankdir=LR;\n"
           "  node [style=filled, fontname=\"Helvetica\", fontsize=10];\n"
           "  edge [fontname=\"Helvetica\", fontsize=9];\n";
    if (m_nodes.empty())
        out << "  // nothing waits: the run ended with no core, stream or host waiting\n";
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        const Node& n = m_nodes[i];
        const Style s = style_of(n.kind);
        out << "  n" << i << " [label=" << quoted(n.label) << ", shape=" << s.shape
            << ", fillcolor=\"" << s.fill << "\"";
        if (in_cycle[i] || n.kind == Kind::Missing) out << ", color=red, penwidth=2";
        out << "];\n";
    }
    for (std::size_t i = 0; i < m_edges.size(); ++i) {
        const Edge& e = m_edges[i];
        const bool red = cyclic[i] || m_nodes[e.to].kind == Kind::Missing;
        out << "  n" << e.from << " -> n" << e.to;
        std::string attrs;
        if (!e.label.empty()) attrs += "label=" + quoted(e.label);
        if (red) attrs += std::string(attrs.empty() ? "" : ", ") + "color=red, penwidth=2";
        if (!attrs.empty()) out << " [" << attrs << "]";
        out << ";\n";
    }
    out << "}\n";
}

} // namespace syncsim
