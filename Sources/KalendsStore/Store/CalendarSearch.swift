import Kalends
import KalendsICalendar

/// A series or reminder that a search found: what `kalends search` lists, one row per series.
public struct SearchMatch: Hashable, Sendable {
    /// An event's series, or a reminder.
    public enum Kind: String, Hashable, Sendable {
        case event, reminder
    }

    /// An event's series or a reminder.
    public let kind: Kind
    /// The calendar (`CalendarCollection.name`).
    public let calendar: String
    /// The series' or reminder's UID.
    public let uid: String
    /// An event: its first occurrence in the window (that occurrence's own fields, an override's included).
    public let occurrence: EventOccurrence?
    /// An event: the series' master (else its first override), whose rule the row describes.
    public let event: Event?
    /// A reminder.
    public let reminder: ReminderItem?

    /// The rules of the series (the master's RRULEs); empty for a one-off event or a reminder without one.
    public var rules: [RecurrenceRule] { event?.recurrence.rules ?? reminder?.reminder.recurrence.rules ?? [] }
}

extension CalendarStore {
    /// For each series with an occurrence that overlaps `window`, one such
    /// occurrence (the master's first there, and its overrides'), found without
    /// expanding the series further: what "the series that touch a window"
    /// costs, however many occurrences the window holds.
    /// - Throws: `StoreError.unplaceable` when an occurrence cannot be placed.
    func touching(_ window: Range<Instant>, viewer: ZoneRules) throws(StoreError) -> [EventOccurrence] {
        var found: [EventOccurrence] = []
        for series in series {
            try occurrences(of: series, overlapping: window, viewer: viewer, limit: CalendarStore.maximumOccurrences, into: &found, firstOnly: true)
        }
        return found
    }

    /// The texts a search looks in: title, description, location,
    /// categories, and the organizer's and attendees' names and addresses.
    public static func searchableTexts(_ event: Event) -> [String] {
        var texts: [String] = []
        texts.reserveCapacity(3 + event.categories.count + 2 * event.attendees.count)
        if let title = event.title { texts.append(title) }
        if let notes = event.notes { texts.append(notes) }
        if let location = event.location { texts.append(location) }
        texts += event.categories
        for person in (event.organizer.map { [$0] } ?? []) + event.attendees {
            if let name = person.name { texts.append(name) }
            texts.append(person.address)
        }
        return texts
    }

    /// The texts a search looks in for a reminder: title, description, location and categories.
    public static func searchableTexts(_ reminder: Reminder) -> [String] {
        [reminder.title, reminder.notes, reminder.location].compactMap { $0 } + reminder.categories
    }

    /// The series and reminders with `text` in one of their texts
    /// (`searchableTexts`), compared as ICU's collation of `locale` does at
    /// primary strength (case and accents ignored: "jose" finds "José"); a
    /// series matches when its master or any override does. An event is
    /// listed with its first occurrence in `window` (nil: any time), and
    /// left out when it has none there; a reminder when it is due in the
    /// window (any reminder when nil). Sorted by that start or due time
    /// (reminders without one last), then calendar and UID.
    /// - Throws: `StoreError` when an occurrence cannot be placed; `SearchError.pattern` for text ICU cannot search for.
    public func search(_ text: String, locale: String = "", window: Range<Instant>?, viewer: ZoneRules) throws -> [SearchMatch] {
        guard !text.allSatisfy(\.isWhitespace), let first = TextSearch(pattern: text, locale: locale) else { throw SearchError.pattern(text) }
        let span = window ?? Instant(seconds: Instant.supportedSeconds.lowerBound)..<Instant(seconds: Instant.supportedSeconds.upperBound)
        // On the machine's cores, a searcher each (ICU's search is not shared between threads).
        let parts = Parallel.chunks(count: series.count, minimumChunk: minimumChunk) { range -> Result<[SearchMatch], StoreError> in
            guard let searcher = range.lowerBound == 0 ? first : TextSearch(pattern: text, locale: locale) else { return .success([]) }
            var found: [SearchMatch] = []
            for series in series[range] {
                let components = (series.master.map { [$0] } ?? []) + series.allOverrides.map(\.event)
                guard components.contains(where: { Self.searchableTexts($0).contains(where: searcher.matches) }) else { continue }
                var firsts: [EventOccurrence] = []
                do throws(StoreError) {
                    try self.occurrences(of: series, overlapping: span, viewer: viewer, limit: CalendarStore.maximumOccurrences,
                                         into: &firsts, firstOnly: true)
                } catch {
                    return .failure(error)
                }
                // The first, and among occurrences at one start the one whose own fields match.
                guard let earliest = firsts.min(by: { a, b in
                    if a.startInstant != b.startInstant { return a.startInstant < b.startInstant }
                    return Self.searchableTexts(a.event).contains(where: searcher.matches) && !Self.searchableTexts(b.event).contains(where: searcher.matches)
                }) else { continue }
                found.append(SearchMatch(kind: .event, calendar: series.calendar, uid: earliest.uid, occurrence: earliest,
                                         event: series.master ?? components.first, reminder: nil))
            }
            return .success(found)
        }
        var matches: [SearchMatch] = []
        for part in parts { matches += try part.get() }
        for item in reminders(includeDone: true, viewer: viewer) where Self.searchableTexts(item.reminder).contains(where: first.matches) {
            if let window {
                guard let due = item.dueInstant, window.contains(due) else { continue }
            }
            matches.append(SearchMatch(kind: .reminder, calendar: item.calendar, uid: item.reminder.uid, occurrence: nil, event: nil, reminder: item))
        }
        return matches.sorted { a, b in
            let x = a.occurrence?.startInstant ?? a.reminder?.dueInstant, y = b.occurrence?.startInstant ?? b.reminder?.dueInstant
            switch (x, y) {
            case (let x?, let y?) where x != y: return x < y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return (a.calendar, a.uid) < (b.calendar, b.uid)
            }
        }
    }
}

/// Why a search could not be made.
public enum SearchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Text ICU cannot search for (empty, blank, or nothing but ignorable characters).
    case pattern(String)

    public var description: String {
        switch self {
        case .pattern(let text): "\(QuotedText.quoted(text, limit: 60)) cannot be searched for: give some text"
        }
    }
}
