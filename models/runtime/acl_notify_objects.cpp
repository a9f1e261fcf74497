#include "models/runtime/acl_notify_objects.hpp"
#include "models/systemc/simulation_time.hpp"

#include <sstream>

namespace syncsim {

namespace {

std::string wait_text(std::uint32_t id, const aclrtCntNotifyWaitInfo& w) {
    std::ostringstream os;
    os << "aclrtCntNotifyWaitWithTimeout(id " << id << ", "
       << to_string(static_cast<CntWaitMode>(w.mode)) << " " << w.value << ", timeout " << w.timeout
       << " s" << (w.timeout == 0 ? " (for ever)" : "") << (w.isClear ? ", isClear" : "") << ")";
    return os.str();
}

} // namespace

aclError AclNotifyObjects::validate_cnt_notify(aclrtCntNotify handle, HandleObject** object) {
    // The handle guard runs first: a destroyed object is 107017; a null
    // handle passes it and the decorator rejects it with 107000.
    if (!handle) return acl::kRtParamInvalid;
    for (auto& o : m_cnt_objects)
        if (&o == handle) {
            if (o.magic != kCntNotifyMagic) {
                log("EE1017: the CntNotify handle is invalid (Already destroyed)");
                return acl::kRtInvalidHandle;
            }
            *object = &o;
            return acl::kSuccess;
        }
    return acl::kRtInvalidHandle;
}

aclError AclNotifyObjects::cnt_create(aclrtCntNotify* cnt_notify, std::uint64_t flag) {
    if (flag != 0) return acl::kRtParamInvalid; // checked before the platform
    if (!cnt_notify) return acl::kRtParamInvalid;
    if (m_notifies.cnt_bank().size() == 0) return acl::kFeatureNotSupported;
    const auto id = m_notifies.cnt_bank().allocate();
    if (!id) {
        log("EE1023: Alloc CntNotify resource failed. Reason: Too many CntNotify objects are "
            "created (" +
            std::to_string(m_notifies.cnt_bank().size()) + " ids, " +
            std::to_string(m_notifies.cnt_bank().in_use()) + " in use)");
        return acl::kNoNotifyResource;
    }
    m_notifies.cnt_fresh(*id);
    m_cnt_objects.push_back({kCntNotifyMagic, *id});
    *cnt_notify = &m_cnt_objects.back();
    return acl::kSuccess;
}

aclError AclNotifyObjects::cnt_destroy(aclrtCntNotify cnt_notify) {
    HandleObject* o = nullptr;
    if (const aclError rc = validate_cnt_notify(cnt_notify, &o)) return rc;
    if (m_notifies.cnt_bank().size() == 0) return acl::kFeatureNotSupported;
    m_notifies.cnt_bank().release(o->id);
    o->magic = 0;
    return acl::kSuccess;
}

aclError AclNotifyObjects::cnt_record(aclrtCntNotify cnt_notify, aclrtStream stream,
                                      aclrtCntNotifyRecordInfo* info) {
    if (!info) return acl::kInvalidParam; // ACL layer
    HandleObject* o = nullptr;
    if (const aclError rc = validate_cnt_notify(cnt_notify, &o)) return rc;
    if (!valid_record_mode(info->mode)) return acl::kRtParamInvalid;
    Stream* s = m_streams.of(stream);
    if (!s) return acl::kRtParamInvalid;
    if (m_notifies.cnt_bank().size() == 0) return acl::kFeatureNotSupported;
    const std::uint32_t id = o->id;
    const auto mode = static_cast<CntRecordMode>(info->mode);
    const std::uint32_t value = info->value;
    m_streams.submit(*s, {"aclrtCntNotifyRecord(id " + std::to_string(id) + ", " + to_string(mode) +
                              " " + std::to_string(value) + ")",
                          [this, s, id, mode, value] {
                              pass(key_of(*s), {RaceDetector::SyncKind::CntNotify, id});
                              m_notifies.cnt_record(id, mode, value);
                          },
                          "CntNotify " + std::to_string(id)});
    return acl::kSuccess;
}

aclError AclNotifyObjects::cnt_wait(aclrtCntNotify cnt_notify, aclrtStream stream,
                                    aclrtCntNotifyWaitInfo* info) {
    if (!info) return acl::kInvalidParam;
    HandleObject* o = nullptr;
    if (const aclError rc = validate_cnt_notify(cnt_notify, &o)) return rc;
    if (!valid_wait_mode(info->mode)) return acl::kRtParamInvalid; // no check of value or timeout
    Stream* s = m_streams.of(stream);
    if (!s) return acl::kRtParamInvalid;
    if (m_notifies.cnt_bank().size() == 0) return acl::kFeatureNotSupported;
    const std::uint32_t id = o->id;
    const aclrtCntNotifyWaitInfo w = *info;
    const std::string what = wait_text(id, w);
    m_streams.submit(
        *s, {what, [this, s, id, w, what] {
                 s->begin_wait(
                     [this, id, what] {
                         return what + ": count " + std::to_string(m_notifies.cnt_count(id));
                     },
                     "CntNotify " + std::to_string(id));
                 const auto mode = static_cast<CntWaitMode>(w.mode);
                 const bool released = m_notifies.cnt_wait(id, mode, w.value, w.timeout, w.isClear);
                 s->end_wait();
                 if (released) return pass({RaceDetector::SyncKind::CntNotify, id}, key_of(*s));
                 // The wait task times out on the device; the error surfaces
                 // at the next synchronize (cann A.4).
                 std::ostringstream line;
                 line << "stream " << s->id()
                      << ": wait timeout occurred during task execution, id=" << id
                      << ", timeout=" << w.timeout << "s, cntFlag=1, cntValue=" << w.value
                      << ", waitMode=" << to_string(mode) << ", count=" << m_notifies.cnt_count(id);
                 log(line.str());
                 s->report_error(acl::kRtTaskTimeout, line.str());
             }});
    return acl::kSuccess;
}

aclError AclNotifyObjects::cnt_reset(aclrtCntNotify cnt_notify, aclrtStream stream) {
    HandleObject* o = nullptr;
    if (const aclError rc = validate_cnt_notify(cnt_notify, &o)) return rc;
    Stream* s = m_streams.of(stream);
    if (!s) return acl::kRtParamInvalid;
    if (m_notifies.cnt_bank().size() == 0) return acl::kFeatureNotSupported;
    const std::uint32_t id = o->id;
    // A stream-ordered record of 0, not an immediate clear.
    m_streams.submit(*s, {"aclrtCntNotifyReset(id " + std::to_string(id) + ")",
                          [this, id] { m_notifies.cnt_record(id, CntRecordMode::Set, 0); }});
    return acl::kSuccess;
}

aclError AclNotifyObjects::cnt_get_id(aclrtCntNotify cnt_notify, std::uint32_t* notify_id) {
    HandleObject* o = nullptr;
    if (const aclError rc = validate_cnt_notify(cnt_notify, &o)) return rc;
    if (!notify_id) return acl::kRtParamInvalid;
    if (m_notifies.cnt_bank().size() == 0) return acl::kFeatureNotSupported;
    *notify_id = o->id;
    return acl::kSuccess;
}

aclError AclNotifyObjects::notify_create(aclrtNotify* notify, std::uint64_t flag) {
    if (!notify || flag > 1) return acl::kRtParamInvalid; // ACL_NOTIFY_DEFAULT / DEVICE_USE_ONLY
    const auto id = m_notifies.notify_bank().allocate();
    if (!id) return acl::kNoNotifyResource;
    m_notify_objects.push_back({1, *id});
    *notify = &m_notify_objects.back();
    return acl::kSuccess;
}

aclError AclNotifyObjects::notify_destroy(aclrtNotify notify) {
    for (auto& o : m_notify_objects)
        if (&o == notify) {
            if (!o.magic) return acl::kRtInvalidHandle;
            o.magic = 0;
            m_notifies.notify_bank().release(o.id);
            return acl::kSuccess;
        }
    return acl::kRtParamInvalid;
}

aclError AclNotifyObjects::notify_record(aclrtNotify notify, aclrtStream stream) {
    auto* o = static_cast<HandleObject*>(notify);
    Stream* s = m_streams.of(stream);
    if (!o || !s) return acl::kRtParamInvalid;
    const std::uint32_t id = o->id;
    m_streams.submit(*s, {"aclrtRecordNotify(id " + std::to_string(id) + ")",
                          [this, s, id] {
                              pass(key_of(*s), {RaceDetector::SyncKind::Notify, id});
                              m_notifies.notify_record(id);
                          },
                          "Notify " + std::to_string(id)});
    return acl::kSuccess;
}

aclError AclNotifyObjects::notify_wait_and_reset(aclrtNotify notify, aclrtStream stream,
                                                 std::uint32_t timeout) {
    auto* o = static_cast<HandleObject*>(notify);
    Stream* s = m_streams.of(stream);
    if (!o || !s) return acl::kRtParamInvalid;
    const std::uint32_t id = o->id;
    const std::string what = "aclrtWaitAndResetNotify(id " + std::to_string(id) + ", timeout " +
                             std::to_string(timeout) + " s)";
    m_streams.submit(*s, {what, [this, s, id, timeout, what] {
                              s->begin_wait([what] { return what + ": not recorded"; },
                                            "Notify " + std::to_string(id));
                              const bool ok = m_notifies.notify_wait_and_reset(id, timeout);
                              s->end_wait();
                              if (ok) pass({RaceDetector::SyncKind::Notify, id}, key_of(*s));
                              if (!ok) {
                                  log("stream " + std::to_string(s->id()) +
                                      ": notify wait timeout, id=" + std::to_string(id) +
                                      ", timeout=" + std::to_string(timeout) + "s");
                                  s->report_error(acl::kRtTaskTimeout, what + " timed out");
                              }
                          }});
    return acl::kSuccess;
}

aclError AclNotifyObjects::event_create(aclrtEvent* event) {
    if (!event) return acl::kRtParamInvalid;
    m_events.emplace_back();
    *event = &m_events.back();
    return acl::kSuccess;
}

aclError AclNotifyObjects::event_destroy(aclrtEvent event) {
    auto* e = static_cast<EventObject*>(event);
    if (!e || !e->alive) return acl::kRtParamInvalid;
    e->alive = false;
    return acl::kSuccess;
}

aclError AclNotifyObjects::stream_event_id(Stream& s) {
    // On A5 the runtime implements events on one CntNotify id per stream,
    // taken the first time the stream uses an event (cann A.5).
    if (m_notifies.cnt_bank().size() == 0 || s.event_notify_id) return acl::kSuccess;
    const auto id = m_notifies.cnt_bank().allocate();
    if (!id) {
        log("EE1023: Alloc CntNotify resource failed for the events of stream " +
            std::to_string(s.id()));
        return acl::kNoNotifyResource;
    }
    m_notifies.cnt_fresh(*id);
    s.event_notify_id = *id;
    return acl::kSuccess;
}

aclError AclNotifyObjects::event_record(aclrtEvent event, aclrtStream stream) {
    auto* e = static_cast<EventObject*>(event);
    Stream* s = m_streams.of(stream);
    if (!e || !e->alive || !s) return acl::kRtParamInvalid;
    if (const aclError rc = stream_event_id(*s)) return rc;
    const std::uint64_t version = ++e->recorded;
    m_streams.submit(
        *s, {"aclrtRecordEvent(version " + std::to_string(version) + ")", [this, s, e, version] {
                 pass(key_of(*s), event_key(e));
                 m_notifies.record_delay();
                 e->completed = std::max(e->completed, version);
                 e->done.notify(sc_core::SC_ZERO_TIME);
             }});
    return acl::kSuccess;
}

aclError AclNotifyObjects::event_wait(aclrtStream stream, aclrtEvent event) {
    auto* e = static_cast<EventObject*>(event);
    Stream* s = m_streams.of(stream);
    if (!e || !e->alive || !s) return acl::kRtParamInvalid;
    if (const aclError rc = stream_event_id(*s)) return rc;
    // Waits for the last record enqueued before this call.
    const std::uint64_t target = e->recorded;
    const std::string what = "aclrtStreamWaitEvent(version " + std::to_string(target) + ")";
    m_streams.submit(*s, {what, [this, s, e, target, what] {
                              if (e->completed >= target) return pass(event_key(e), key_of(*s));
                              s->begin_wait([what, e] {
                                  return what + ": " + std::to_string(e->completed) +
                                         " record(s) done";
                              });
                              while (e->completed < target) wait_on(e->done);
                              m_notifies.wake_delay();
                              s->end_wait();
                              pass(event_key(e), key_of(*s));
                          }});
    return acl::kSuccess;
}

std::vector<AclNotifyObjects::CntNotifyReport> AclNotifyObjects::cnt_notifies() const {
    std::vector<CntNotifyReport> out;
    for (const auto& o : m_cnt_objects)
        out.push_back({o.id, o.magic != kCntNotifyMagic, m_notifies.cnt_count(o.id)});
    return out;
}

} // namespace syncsim
