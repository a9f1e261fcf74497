// What a model says about itself after a run, as gem5's Stats::Group does:
// each model declares its statistics (a dotted path in the result, a unit,
// a meaning, and how to read the value) in one group, and the driver walks
// the groups to write the result. Models never write JSON: a value is typed
// here and turned into the result's format above the models.
#pragma once

#include "models/report/summary.hpp"

#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace syncsim {

// A reported value: nothing (the statistic is left out), none, a flag, a count,
// a signed number, a real, a text, records (a list) or a record (a map).
// Compact (32 bytes): a result lists up to 16,384 round marks as records, so
// a value holds its number in one word and a text, list or map behind a
// shared, immutable pointer (copies share it). A tagged struct, not a
// std::variant: GCC 12 warns falsely about copying a recursive variant.
class ReportValue {
  public:
    enum class Kind : std::uint8_t { Absent, Null, Flag, Count, Signed, Real, Text, List, Map };
    using List = std::vector<ReportValue>;
    // A record's fields, each key once, in the order they were added (the
    // result's JSON sorts them); a vector, not a tree: records are small.
    using Map = std::vector<std::pair<std::string, ReportValue>>;

    ReportValue() = default;
    // A value that is there and says "none" (JSON null), unlike an absent one.
    static ReportValue none() {
        ReportValue v;
        v.m_kind = Kind::Null;
        return v;
    }
    ReportValue(bool v) : m_kind(Kind::Flag), m_bits(v ? 1 : 0) {}
    ReportValue(std::uint64_t v) : m_kind(Kind::Count), m_bits(v) {}
    ReportValue(std::uint32_t v) : m_kind(Kind::Count), m_bits(v) {}
    ReportValue(std::int64_t v) : m_kind(Kind::Signed), m_bits(static_cast<std::uint64_t>(v)) {}
    ReportValue(int v) : ReportValue(std::int64_t{v}) {}
    ReportValue(double v) : m_kind(Kind::Real) { std::memcpy(&m_bits, &v, sizeof v); }
    ReportValue(std::string v)
        : m_kind(Kind::Text), m_payload(std::make_shared<const std::string>(std::move(v))) {}
    ReportValue(const char* v) : ReportValue(std::string(v)) {}
    ReportValue(List v)
        : m_kind(Kind::List), m_payload(std::make_shared<const List>(std::move(v))) {}
    ReportValue(Map v) : m_kind(Kind::Map), m_payload(std::make_shared<const Map>(std::move(v))) {}

    Kind kind() const { return m_kind; }
    bool absent() const { return m_kind == Kind::Absent; }
    bool flag() const { return m_bits != 0; }
    std::uint64_t count() const { return m_bits; }
    std::int64_t signed_value() const { return static_cast<std::int64_t>(m_bits); }
    double real() const {
        double v;
        std::memcpy(&v, &m_bits, sizeof v);
        return v;
    }
    // Of another kind: empty.
    const std::string& text() const { return payload<std::string>(Kind::Text); }
    const List& list() const { return payload<List>(Kind::List); }
    const Map& map() const { return payload<Map>(Kind::Map); }
    // A record's field; absent when there is none.
    const ReportValue& field(const std::string& key) const {
        static const ReportValue absent;
        for (const auto& f : map())
            if (f.first == key) return f.second;
        return absent;
    }

  private:
    template <typename T>
    const T& payload(Kind kind) const {
        static const T empty;
        return m_kind == kind ? *static_cast<const T*>(m_payload.get()) : empty;
    }

    Kind m_kind = Kind::Absent;
    std::uint64_t m_bits = 0; // a flag, count, signed number or real
    std::shared_ptr<const void> m_payload;
};

// A record built field by field: record().with("id", 3).with("what", "x").
class RecordBuilder {
  public:
    RecordBuilder&& with(const std::string& key, ReportValue value) && {
        add(key, std::move(value));
        return std::move(*this);
    }
    // A field added to a record being built in steps.
    RecordBuilder& with(const std::string& key, ReportValue value) & {
        add(key, std::move(value));
        return *this;
    }
    operator ReportValue() && { return ReportValue(std::move(m_fields)); }
    ReportValue::Map fields() && { return std::move(m_fields); }

  private:
    // A key given twice keeps its first value.
    void add(const std::string& key, ReportValue value) {
        for (const auto& field : m_fields)
            if (field.first == key) return;
        m_fields.emplace_back(key, std::move(value));
    }
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
