// What a model says about itself after a run, as gem5's Stats::Group does:
// each model declares its statistics (a dotted path in the result, a unit,
// a meaning, and how to read the value) in one group, and the driver walks
// the groups to write the result. Models never write JSON: a value is typed
// here and turned into the result's format above the models.
#pragma once

#include "models/report/summary.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace syncsim {

// A reported value: nothing (the statistic is left out), none, a flag, a count,
// a signed number, a real, a text, records (a list) or a record (a map).
// A tagged struct, not a std::variant: results are small, and GCC 12 warns
// falsely about copying a recursive variant.
class ReportValue {
  public:
    enum class Kind { Absent, Null, Flag, Count, Signed, Real, Text, List, Map };
    using List = std::vector<ReportValue>;
    using Map = std::map<std::string, ReportValue>;

    ReportValue() = default;
    // A value that is there and says "none" (JSON null), unlike an absent one.
    static ReportValue none() {
        ReportValue v;
        v.m_kind = Kind::Null;
        return v;
    }
    ReportValue(bool v) : m_kind(Kind::Flag), m_flag(v) {}
    ReportValue(std::uint64_t v) : m_kind(Kind::Count), m_count(v) {}
    ReportValue(std::uint32_t v) : m_kind(Kind::Count), m_count(v) {}
    ReportValue(std::int64_t v) : m_kind(Kind::Signed), m_signed(v) {}
    ReportValue(int v) : m_kind(Kind::Signed), m_signed(v) {}
    ReportValue(double v) : m_kind(Kind::Real), m_real(v) {}
    ReportValue(std::string v) : m_kind(Kind::Text), m_text(std::move(v)) {}
    ReportValue(const char* v) : m_kind(Kind::Text), m_text(v) {}
    ReportValue(List v) : m_kind(Kind::List), m_list(std::move(v)) {}
    ReportValue(Map v) : m_kind(Kind::Map), m_map(std::move(v)) {}

    Kind kind() const { return m_kind; }
    bool absent() const { return m_kind == Kind::Absent; }
    bool flag() const { return m_flag; }
    std::uint64_t count() const { return m_count; }
    std::int64_t signed_value() const { return m_signed; }
    double real() const { return m_real; }
    const std::string& text() const { return m_text; }
    const List& list() const { return m_list; }
    const Map& map() const { return m_map; }

  private:
    Kind m_kind = Kind::Absent;
    bool m_flag = false;
    std::uint64_t m_count = 0;
    std::int64_t m_signed = 0;
    double m_real = 0;
    std::string m_text;
    List m_list;
    Map m_map;
};

// A record built field by field: record().with("id", 3).with("what", "x").
class RecordBuilder {
  public:
    RecordBuilder&& with(const std::string& key, ReportValue value) && {
        m_fields.emplace(key, std::move(value));
        return std::move(*this);
    }
    // A field added to a record being built in steps.
    RecordBuilder& with(const std::string& key, ReportValue value) & {
        m_fields.emplace(key, std::move(value));
        return *this;
    }
    operator ReportValue() && { return ReportValue(std::move(m_fields)); }
    ReportValue::Map fields() && { return std::move(m_fields); }

  private:
    ReportValue::Map m_fields;
};
inline RecordBuilder record() {
    return {};
}

struct Statistic {
    std::string path; // where in the result ("ffts.messages")
    std::string unit, meaning;
    std::function<ReportValue()> value;
};

// One model's statistics, declared where its fields are.
class StatsGroup {
  public:
    explicit StatsGroup(std::string name) : m_name(std::move(name)) {}
    const std::string& name() const { return m_name; }
    void add(std::string path, std::string unit, std::string meaning,
             std::function<ReportValue()> value) {
        m_stats.push_back({std::move(path), std::move(unit), std::move(meaning), std::move(value)});
    }
    const std::vector<Statistic>& stats() const { return m_stats; }
    // A part of the run's summary (summary.hpp), at its place in the order.
    void summary(SummaryPart part, std::function<void(SummaryOut&)> write) {
        m_summaries.push_back({part, std::move(write)});
    }
    const std::vector<SummarySection>& summaries() const { return m_summaries; }

  private:
    std::string m_name;
    std::vector<Statistic> m_stats;
    std::vector<SummarySection> m_summaries;
};

// The groups of a device, in the order they were registered.
class StatsRegistry {
  public:
    void add(const StatsGroup& group) { m_groups.push_back(&group); }
    const std::vector<const StatsGroup*>& groups() const { return m_groups; }

  private:
    std::vector<const StatsGroup*> m_groups;
};

} // namespace syncsim
