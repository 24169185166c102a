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
        var order: [String] = []
        var masters: [String: [Int]] = [:], overrides: [String: [Int]] = [:]
        masters.reserveCapacity(events.count)
        // Events without a UID: each its own series, at its place in the order.
        var alone: [Int: Group] = [:]
        for index in events.indices {
            let event = events[index]
            let uid = event.uid
            if uid.isEmpty {
                let key = "\u{0}\(index)"
                order.append(key)
                alone[index] = Group(uid: "", master: event.recurrenceID == nil ? index : nil,
                                     overrides: event.recurrenceID == nil ? [] : [index], newestOfSeveral: false)
                continue
            }
            if masters[uid] == nil && overrides[uid] == nil { order.append(uid) }
            if event.recurrenceID == nil {
                masters[uid, default: []].append(index)
            } else {
                overrides[uid, default: []].append(index)
            }
        }
        var groups: [Group] = [], problems: [ICalendarWarning] = []
        groups.reserveCapacity(order.count)
        for uid in order {
            if uid.hasPrefix("\u{0}"), let index = Int(uid.dropFirst()), let group = alone[index] {
                groups.append(group)
                continue
            }
            let versions = masters[uid] ?? []
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
            groups.append(Group(uid: uid, master: newest, overrides: overrides[uid] ?? [], newestOfSeveral: versions.count > 1))
        }
        self.groups = groups
        self.problems = problems
    }
}
