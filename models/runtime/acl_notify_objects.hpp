// The ACL's CntNotify, notify and event objects behind their opaque handles
// (cann-cntnotify-and-platforms.md A.1-A.7): argument checks in the runtime's
// order, then stream-ordered tasks run by the notify hardware model.
#pragma once

#include "models/notify/notify_table.hpp"
#include "models/runtime/host_streams.hpp"
#include "models/systemc/simulation_time.hpp"

#include <deque>

namespace syncsim {

class AclNotifyObjects {
  public:
    AclNotifyObjects(HostStreams& streams, NotifyTable& notifies, const Clock& clock,
                     RuntimeLog& log)
        : m_streams(streams), m_notifies(notifies), m_clock(clock), m_log(log) {}
    AclNotifyObjects(const AclNotifyObjects&) = delete;
    AclNotifyObjects& operator=(const AclNotifyObjects&) = delete;

    aclError cnt_create(aclrtCntNotify* cnt_notify, std::uint64_t flag);
    aclError cnt_destroy(aclrtCntNotify cnt_notify);
    aclError cnt_record(aclrtCntNotify cnt_notify, aclrtStream stream,
                        aclrtCntNotifyRecordInfo* info);
    aclError cnt_wait(aclrtCntNotify cnt_notify, aclrtStream stream, aclrtCntNotifyWaitInfo* info);
    aclError cnt_reset(aclrtCntNotify cnt_notify, aclrtStream stream);
    aclError cnt_get_id(aclrtCntNotify cnt_notify, std::uint32_t* notify_id);
    aclError notify_create(aclrtNotify* notify, std::uint64_t flag);
    aclError notify_destroy(aclrtNotify notify);
    aclError notify_record(aclrtNotify notify, aclrtStream stream);
    aclError notify_wait_and_reset(aclrtNotify notify, aclrtStream stream, std::uint32_t timeout);
    aclError event_create(aclrtEvent* event);
    aclError event_destroy(aclrtEvent event);
    aclError event_record(aclrtEvent event, aclrtStream stream);
    aclError event_wait(aclrtStream stream, aclrtEvent event);

    struct CntNotifyReport {
        std::uint32_t id;
        bool destroyed;
        std::uint32_t count;
    };
    // Every CntNotify the host created, destroyed ones included.
    std::vector<CntNotifyReport> cnt_notifies() const;

  private:
    // A destroyed object keeps its storage with the magic cleared, so a stale
    // handle is recognised (107017).
    static constexpr std::uint32_t kCntNotifyMagic = 0x434E5446; // "CNTF"
    struct HandleObject {
        std::uint32_t magic = 0;
        std::uint32_t id = 0;
    };
    struct EventObject {
        bool alive = true;
        std::uint64_t recorded = 0, completed = 0; // records enqueued / done
        sc_core::sc_event done;
    };

    aclError validate_cnt_notify(aclrtCntNotify handle, HandleObject** object);
    aclError stream_event_id(Stream& s);
    // Stream order through an object, for the race detector: a record
    // passes what its stream knows to the object, a released wait passes
    // it on to the waiting stream.
    using Key = RaceDetector::SyncKey;
    void pass(const Key& from, const Key& to) {
        if (RaceDetector* r = m_streams.races()) r->pass(from, to);
    }
    static Key key_of(const Stream& s) { return RaceDetector::stream_key(s.id()); }
    // An event by its object (the key only finds it, never orders output).
    static Key event_key(const EventObject* e) {
        return {RaceDetector::SyncKind::Event, reinterpret_cast<std::uintptr_t>(e)};
    }
    void log(const std::string& line) { m_log.push_back(line); }

    HostStreams& m_streams;
    NotifyTable& m_notifies;
    Clock m_clock;
    RuntimeLog& m_log;
    std::deque<HandleObject> m_cnt_objects, m_notify_objects;
    std::deque<EventObject> m_events;
};

} // namespace syncsim
