import Kalends
import KalendsICalendar
import KalendsLayout
import KalendsStore
import KalendsTimeline

/// Which occurrence a view shows: the series' UID and, for an occurrence of
/// a recurring event, its RECURRENCE-ID (two occurrences of one series on
/// one day are two boxes).
public struct OccurrenceID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The series' UID.
    public let uid: String
    /// The occurrence's original start; nil for a one-off event.
    public let recurrenceID: ItemTime?

    /// The occurrence of series `uid` whose original start is `recurrenceID` (nil: a one-off event).
    public init(uid: String, recurrenceID: ItemTime?) {
        self.uid = uid
        self.recurrenceID = recurrenceID
    }

    /// `UID`, or `UID/RECURRENCE-ID` in iCalendar's form (`uid/20240318T090000Z`).
    public var description: String {
        recurrenceID.map { uid + "/" + ICalendarValue.DateTime.write($0) } ?? uid
    }

    public static func < (a: OccurrenceID, b: OccurrenceID) -> Bool { a.description < b.description }
}

/// An occurrence as the views draw it: what it is, and where it falls for
/// the viewer (its instants and the days of the viewer's zone it touches).
public struct ViewEvent: Hashable, Sendable {
    /// Which occurrence it is.
    public let id: OccurrenceID
    /// SUMMARY, else the UID.
    public let title: String
    /// LOCATION.
    public let location: String?
    /// The calendar (collection) it belongs to.
    public let calendar: String
    /// The calendar's color (`#rrggbb`), when it has one (`CalendarCollection.webColor`).
    public let color: String?
    /// Whether it takes whole days.
    public let isAllDay: Bool
    /// Its start and end (exclusive) for the viewer.
    public let start: Instant
    public let end: Instant
    /// The first and last day (day numbers, the viewer's zone) it touches (`EventOccurrence.touchedDays`).
    public let firstDay: Int
    public let lastDay: Int
    /// The store's occurrence, every field of the event included.
    public let occurrence: EventOccurrence
}

/// Why a view could not be made.
public enum ViewError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store's query failed (too many occurrences in the window, a time out of range).
    case store(StoreError)
    /// A day or time the zone or calendar cannot place.
    case time(TimeError)
    case conversion(ConversionError)
    case timeline(TimelineError)
    case layout(LayoutError)

    public var description: String {
        switch self {
        case .store(let error): return error.description
        case .time(let error): return error.description
        case .conversion(let error): return error.description
        case .timeline(let error): return error.description
        case .layout(let error): return error.description
        }
    }
}

/// Views of a calendar store: a day's timeline, a week's days side by side,
/// a month's grid in any calendar, each with its events placed by the
/// layout engine in the days' real hours (23 or 25 on a DST day). The
/// renderers (`ViewText`, `ViewSVG`) only draw what these give.
///
///     let store = try CalendarStore(calendars: [CalendarFileReader().read("work.ics")[0].calendar])
///     let week = try CalendarViews.week(store, firstDay: monday, zone: berlin)
///     for day in week.days { print(day.day.dayNumber, day.boxes.map(\.event.title)) }
public enum CalendarViews {
    /// The occurrences that touch days `days` (day numbers) of `zone`, in
    /// start order, each once (an event over several days once).
    /// - Throws: `ViewError`.
    public static func events(_ store: CalendarStore, days: Range<Int>, zone: ZoneRules) throws(ViewError) -> [ViewEvent] {
        guard !days.isEmpty else { return [] }
        let from: Instant, to: Instant
        do {
            from = try zone.startOfDay(days.lowerBound)
            to = try zone.startOfDay(days.upperBound)
        } catch {
            throw .time(error)
        }
        let occurrences: [EventOccurrence]
        do {
            occurrences = try store.events(in: from..<to, viewer: zone)
        } catch {
            throw .store(error)
        }
        var colors: [String: String?] = [:]
        return occurrences.map { occurrence in
            let color: String?
            if let known = colors[occurrence.calendar] {
                color = known
            } else {
                color = store.color(ofCalendar: occurrence.calendar)
                colors[occurrence.calendar] = .some(color)
            }
            let days = occurrence.touchedDays(viewer: zone)
            let firstDay = days.lowerBound, lastDay = days.upperBound
            return ViewEvent(id: OccurrenceID(uid: occurrence.uid, recurrenceID: occurrence.recurrenceID),
                             title: occurrence.event.title ?? occurrence.uid, location: occurrence.event.location,
                             calendar: occurrence.calendar, color: color, isAllDay: occurrence.isAllDay, start: occurrence.startInstant,
                             end: occurrence.endInstant, firstDay: firstDay, lastDay: lastDay, occurrence: occurrence)
        }
    }

    /// The layout ids of `events`: the occurrence's id, made unique (`#2`) where two calendars share one.
    static func layoutIDs(_ events: [ViewEvent]) -> [String] {
        var seen: [String: Int] = [:]
        return events.map { event in
            let base = event.id.description
            let count = (seen[base] ?? 0) + 1
            seen[base] = count
            return count == 1 ? base : base + "#\(count)"
        }
    }
}
