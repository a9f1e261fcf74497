#include "workloads/simpler/dispatch_policy.hpp"

#include <algorithm>
#include <stdexcept>

namespace syncsim::simpler {

namespace {

int lane(CoreType t) {
    return t == CoreType::AIC ? 0 : 1;
}

} // namespace

DispatchPolicy::DispatchPolicy(std::vector<WorkerCore> workers, int threads)
    : m_workers(std::move(workers)), m_threads(threads), m_slots(m_workers.size()) {
    if (threads < 1) throw std::invalid_argument("a dispatch policy needs a scheduler thread");
}

std::size_t DispatchPolicy::submit(const DispatchTask& task) {
    m_tasks.push_back({task});
    const std::size_t i = m_tasks.size() - 1;
    // A one-block task needs no rendezvous (simpler: requires_sync_start
    // holds only for more than one block).
    queue(task.shape, task.sync_start && task.blocks > 1).push_back(i);
    return i;
}

std::deque<std::size_t>& DispatchPolicy::queue(CoreType type, bool sync_start) {
    return sync_start ? m_ready_sync[lane(type)] : m_ready[lane(type)];
}

std::vector<int> DispatchPolicy::owned(int thread) const {
    std::vector<int> out;
    for (std::size_t w = 0; w < m_workers.size(); ++w)
        if (owner(static_cast<int>(w)) == thread) out.push_back(static_cast<int>(w));
    return out;
}

std::vector<int> DispatchPolicy::running(int thread) const {
    std::vector<int> out;
    for (int w : owned(thread))
        if (m_slots[static_cast<std::size_t>(w)].running) out.push_back(w);
    return out;
}

std::vector<int> DispatchPolicy::free_workers(int thread, CoreType type, Phase phase) const {
    std::vector<int> out;
    for (std::size_t w = 0; w < m_workers.size(); ++w) {
        if (m_workers[w].type != type) continue;
        if (thread >= 0 && owner(static_cast<int>(w)) != thread) continue;
        const Slots& s = m_slots[w];
        const bool free =
            phase == Phase::Idle ? !s.running && !s.pending : s.running && s.acked && !s.pending;
        if (free) out.push_back(static_cast<int>(w));
    }
    return out;
}

bool DispatchPolicy::idle_elsewhere(int thread, CoreType type) const {
    for (int t = 0; t < m_threads; ++t)
        if (t != thread && !free_workers(t, type, Phase::Idle).empty()) return true;
    return false;
}

void DispatchPolicy::place(std::size_t task, const std::vector<int>& on, std::int64_t first,
                           bool pending, std::vector<Placement>& out) {
    for (std::size_t b = 0; b < on.size(); ++b) {
        const Placement p{on[b], task, first + static_cast<std::int64_t>(b), pending};
        Slots& s = m_slots[static_cast<std::size_t>(p.worker)];
        (pending ? s.pending : s.running) = p;
        if (!pending) s.acked = false;
        out.push_back(p);
    }
}

void DispatchPolicy::stage(int thread, CoreType type, Phase phase, std::vector<Placement>& out) {
    std::deque<std::size_t>& ready = queue(type, false);
    std::vector<int> cores = free_workers(thread, type, phase);
    // Pop tasks while cores remain; a task with more blocks than cores is
    // claimed in part and pushed back behind the others.
    std::size_t popped = 0, waiting = ready.size();
    while (!cores.empty() && popped < waiting && !ready.empty()) {
        const std::size_t i = ready.front();
        ready.pop_front();
        ++popped;
        TaskState& t = m_tasks[i];
        const std::int64_t left = t.task.blocks - t.next_block;
        const auto claim = static_cast<std::size_t>(
            std::min<std::int64_t>(left, static_cast<std::int64_t>(cores.size())));
        const std::int64_t first = t.next_block;
        t.next_block += static_cast<std::int64_t>(claim);
        if (t.next_block < t.task.blocks) ready.push_back(i);
        const std::vector<int> on(cores.begin(),
                                  cores.begin() + static_cast<std::ptrdiff_t>(claim));
        cores.erase(cores.begin(), cores.begin() + static_cast<std::ptrdiff_t>(claim));
        place(i, on, first, phase == Phase::Pending, out);
    }
}

bool DispatchPolicy::stage_sync_start(int thread, std::vector<Placement>& out) {
    for (CoreType type : {CoreType::AIC, CoreType::AIV}) {
        std::deque<std::size_t>& ready = queue(type, true);
        if (m_drain && m_tasks[*m_drain].task.shape != type) continue;
        if (!m_drain && ready.empty()) continue;
        const std::size_t i = m_drain ? *m_drain : ready.front();
        const auto blocks = static_cast<std::size_t>(m_tasks[i].task.blocks);
        std::vector<int> cores = free_workers(thread, type, Phase::Idle);
        if (cores.size() < blocks) cores = free_workers(-1, type, Phase::Idle);
        if (cores.size() < blocks) {
            m_drain = i; // every thread stops until enough cores are idle
            if (!ready.empty() && ready.front() == i) ready.pop_front();
            return true;
        }
        if (!ready.empty() && ready.front() == i) ready.pop_front();
        m_drain.reset();
        cores.resize(blocks);
        m_tasks[i].next_block = m_tasks[i].task.blocks;
        place(i, cores, 0, false, out);
    }
    return m_drain.has_value();
}

std::vector<Placement> DispatchPolicy::dispatch(int thread) {
    std::vector<Placement> out;
    if (stage_sync_start(thread, out)) return out;
    // Shape order alternates with the thread's parity (load balance).
    const CoreType order[2][2] = {{CoreType::AIC, CoreType::AIV}, {CoreType::AIV, CoreType::AIC}};
    const CoreType* types = order[thread & 1];
    for (int k = 0; k < 2; ++k) stage(thread, types[k], Phase::Idle, out);
    // A pending slot only when no other thread has an idle core of the type:
    // that thread would start the block sooner.
    for (int k = 0; k < 2; ++k)
        if (!idle_elsewhere(thread, types[k])) stage(thread, types[k], Phase::Pending, out);
    return out;
}

void DispatchPolicy::acknowledged(int worker) {
    Slots& s = m_slots[static_cast<std::size_t>(worker)];
    if (s.running) s.acked = true;
}

std::optional<Placement> DispatchPolicy::finished(int worker) {
    Slots& s = m_slots[static_cast<std::size_t>(worker)];
    if (!s.running) throw std::logic_error("a worker finished with no block running");
    ++m_tasks[s.running->task].finished;
    s.running = s.pending;
    s.pending.reset();
    s.acked = false;
    if (s.running) s.running->pending = false;
    return s.running;
}

bool DispatchPolicy::all_finished() const {
    for (const TaskState& t : m_tasks)
        if (t.finished < t.task.blocks) return false;
    return true;
}

} // namespace syncsim::simpler
