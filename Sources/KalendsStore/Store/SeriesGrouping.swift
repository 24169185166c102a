import Kalends
import KalendsICalendar

/// A calendar's events grouped into series by UID, as calendar servers
/// and RFC 5546 group them: one master per UID (of several, the newest
/// version: the higher SEQUENCE, then the later DTSTAMP, then the first
/// read; the others are left out with a warning) and its overrides. An
/// event without a UID is a series of its own (the reader warned of it).
struct SeriesGrouping {
    /// One series: indices into the calendar's events.
    struct Group {
        let uid: String
        let master: Int?
        let overrides: [Int]
        /// The master was chosen among several versions: overrides of occurrences it does not have go with the others.
        let newestOfSeveral: Bool
    }

    /// The series, in the order their first event comes.
    let groups: [Group]
    /// The older versions left out, each with its place.
    let problems: [ICalendarWarning]

    init(_ events: [Event]) {
        // One slot per series, in the order its first event comes; each UID hashed once or twice, not five times.
        struct Slot {
            let uid: String
            var masters: [Int]
            var overrides: [Int]
            /// An event without a UID: a series of its own.
            let alone: Bool
        }
        var slots: [Slot] = []
        slots.reserveCapacity(events.count)
        var slotOf: [String: Int] = [:]
        slotOf.reserveCapacity(events.count)
        for index in events.indices {
            let event = events[index]
            let uid = event.uid
            let isOverride = event.recurrenceID != nil
            if uid.isEmpty {
                slots.append(Slot(uid: "", masters: isOverride ? [] : [index], overrides: isOverride ? [index] : [], alone: true))
                continue
            }
            let slot: Int
            if let known = slotOf[uid] {
                slot = known
            } else {
                slot = slots.count
                slotOf[uid] = slot
                slots.append(Slot(uid: uid, masters: [], overrides: [], alone: false))
            }
            if isOverride { slots[slot].overrides.append(index) } else { slots[slot].masters.append(index) }
        }
        var groups: [Group] = [], problems: [ICalendarWarning] = []
        groups.reserveCapacity(slots.count)
        for slot in slots {
            if slot.alone {
                groups.append(Group(uid: "", master: slot.masters.first, overrides: slot.overrides, newestOfSeveral: false))
                continue
            }
            let uid = slot.uid, versions = slot.masters
            var newest = versions.first
            for candidate in versions.dropFirst() {
                if let current = newest, EventSeries.isNewer(events[candidate], than: events[current]) { newest = candidate }
            }
            for index in versions where index != newest {
                let older = events[index]
                let kept = newest.flatMap { events[$0].position?.line } ?? 0
                problems.append(ICalendarWarning(
                    ICalendarError(.duplicate(uid: uid, recurrenceID: nil, kept: kept), source: older.position?.file ?? "", line: older.position?.line ?? 0),
                    .leftOut(component: "VEVENT", uid: uid, line: older.position?.line ?? 0)))
            }
            groups.append(Group(uid: uid, master: newest, overrides: slot.overrides, newestOfSeveral: versions.count > 1))
        }
        self.groups = groups
        self.problems = problems
    }
}
