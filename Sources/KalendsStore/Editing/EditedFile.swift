import Kalends
import KalendsICalendar

/// A calendar file as an edit reads it: strictly (a file with any defect is
/// refused), each VEVENT and VTODO paired with the item it decodes to, so
/// that components are found by identity (UID and RECURRENCE-ID), never by
/// line; and the writer of its line ends.
struct EditedFile {
    /// A component and what it decodes to.
    struct Entry<Item> {
        let component: ICalendarComponent
        let item: Item
    }

    let path: String
    let bytes: [UInt8]
    let document: ICalendarDocument
    let writer: ICalendarWriter
    let events: [Entry<Event>]
    let reminders: [Entry<Reminder>]

    /// Reads `bytes` strictly; `floatingZone` places instants of floating series (as the store does).
    /// - Throws: `CalendarEditError.unreadable` for a defect, `.unusableSeries` for a series that cannot be expanded or is given twice.
    init(_ bytes: [UInt8], path: String) throws(CalendarEditError) {
        self.path = path
        self.bytes = bytes
        do {
            document = try ICalendarReader(source: path, mode: .strict).read(bytes)
        } catch {
            throw .unreadable(path: path, cause: .content(error))
        }
        var decoding = ComponentDecoding(zones: document.zones, source: path, strict: true)
        var events: [Entry<Event>] = [], reminders: [Entry<Reminder>] = []
        for calendar in document.calendars {
            for component in calendar.components {
                do throws(ICalendarError) {
                    switch component.name {
                    case "VEVENT": events.append(Entry(component: component, item: try decoding.event(component)))
                    case "VTODO": reminders.append(Entry(component: component, item: try decoding.reminder(component)))
                    default: continue
                    }
                } catch {
                    throw .unreadable(path: path, cause: .content(error))
                }
            }
        }
        self.events = events
        self.reminders = reminders
        // A series that cannot be expanded, or two versions of one, is a defect an edit will not build on.
        let store = CalendarStore(calendars: [CalendarCollection(name: path, path: path, events: events.map(\.item))])
        if let problem = store.problems.first { throw .unusableSeries(path: path, problem: problem) }
        writer = ICalendarWriter(lineEnd: ICalendarWriter.lineEnd(of: bytes))
    }

    /// The VEVENTs with `uid`, in file order.
    func events(uid: String) -> [Entry<Event>] { events.filter { $0.item.uid == uid } }

    /// The bytes with each patch made (patches do not overlap).
    func bytes(applying patches: [Patch]) -> [UInt8] {
        Patch.apply(patches, to: bytes)
    }

    /// The recurring series of `uid`: its master and overrides.
    /// - Throws: `.unknownUID`, `.notRecurring`.
    func series(_ uid: String) throws(CalendarEditError) -> EditedSeries {
        let found = events(uid: uid)
        guard !found.isEmpty else { throw .unknownUID(uid: uid, what: "event", path: path) }
        guard let master = found.first(where: { $0.item.recurrenceID == nil }), !master.item.recurrence.isEmpty else {
            throw .notRecurring(uid: uid)
        }
        return try EditedSeries(uid: uid, master: master, overrides: found.filter { $0.item.recurrenceID != nil })
    }

    /// The VCALENDAR new components go into: the last one.
    var lastCalendar: ICalendarComponent? { document.calendars.last }
}

/// A replacement of a range of a file's bytes.
struct Patch {
    let range: Range<Int>
    let bytes: [UInt8]

    init(_ range: Range<Int>, _ bytes: [UInt8]) {
        self.range = range
        self.bytes = bytes
    }

    /// `bytes` put at `offset`.
    static func insert(_ bytes: [UInt8], at offset: Int) -> Patch { Patch(offset..<offset, bytes) }

    /// The range removed.
    static func remove(_ range: Range<Int>) -> Patch { Patch(range, []) }

    /// `bytes` with each patch made (their ranges do not overlap), from the
    /// last to the first; of a replacement and an insertion at one offset,
    /// the replacement is made first, so the inserted bytes come before what follows it.
    static func apply(_ patches: [Patch], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        let ordered = patches.sorted { a, b in
            if a.range.lowerBound != b.range.lowerBound { return a.range.lowerBound > b.range.lowerBound }
            return a.range.count > b.range.count
        }
        for patch in ordered { result.replaceSubrange(patch.range, with: patch.bytes) }
        return result
    }
}
