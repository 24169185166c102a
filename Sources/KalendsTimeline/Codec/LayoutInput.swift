import Kalends

/// The events of a day view read from the layout JSON
/// (`{"events":[{"id":"a","start":"2024-03-15T09:00:00","end":"...","allDay":false,"title":"..."}]}`),
/// as `kalends layout` reads its input: the common, well-formed document in
/// one pass (`LayoutJSONReader`), anything else strictly (`JSONDocument`,
/// every syntax error with its line and column) with every check in turn.
/// Both paths give the same events or, the general one alone, the error.
///
/// Times in the common forms (`2024-03-15T09:00:00`, with or without `Z`)
/// are read here; other text goes to `readTime` (the CLI's adds `now`,
/// `today` and `@SECONDS` to ISO 8601).
package struct LayoutInput {
    /// A timed event, with the title the SVG shows.
    package struct Timed: Equatable, Sendable {
        package let id: String
        package let title: String
        package let start: Instant
        package let end: Instant

        package init(id: String, title: String, start: Instant, end: Instant) {
            self.id = id
            self.title = title
            self.start = start
            self.end = end
        }

        /// The event for the adapter.
        package var event: TimelineEvent { TimelineEvent(id: id, start: start, end: end) }
    }

    /// An all-day event, with its title.
    package struct AllDay: Equatable, Sendable {
        package let id: String
        package let title: String
        /// Day numbers [first, end), `end` exclusive.
        package let first: Int
        package let end: Int

        package init(id: String, title: String, first: Int, end: Int) {
            self.id = id
            self.title = title
            self.first = first
            self.end = end
        }

        /// The event for the adapter.
        package var event: TimelineEvent { TimelineEvent(id: id, firstDay: first, endDay: end) }
    }

    /// Reads a time written in another form than the common ones.
    package typealias TimeReader = (String) throws -> ItemTime

    /// The most events a document may hold.
    package static let maximumEvents = 1_000_000

    package private(set) var timed: [Timed] = []
    package private(set) var allDay: [AllDay] = []

    /// Reads the JSON `bytes`, floating times placed in `zone`.
    ///
    /// - Throws: `LayoutInputError`, naming the event (index and id) and
    ///   field where one is at fault.
    package init(json bytes: UnsafeRawBufferPointer, zone: ZoneRules,
                 readTime: TimeReader = { try ItemTime(iso8601: $0) }) throws(LayoutInputError) {
        if Self.isICalendar(bytes) { throw .iCalendar }
        if let events = LayoutJSONReader.events(bytes) {
            // The common, well-formed input, read in one pass; anything else
            // (and every error of the document) takes the general path below.
            timed.reserveCapacity(events.count)
            for (index, event) in events.enumerated() {
                try add(event, index: index, zone: zone, readTime: readTime)
            }
            return
        }
        try readGeneral(bytes, zone: zone, readTime: readTime)
    }

    /// Whether `bytes` begin (after a BOM and blanks) with BEGIN:VCALENDAR:
    /// a calendar file, not the layout's JSON.
    package static func isICalendar(_ bytes: some Collection<UInt8>) -> Bool {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return head.uppercased().hasPrefix("BEGIN:VCALENDAR")
    }

    /// The input as the general path alone reads it (the fast path's
    /// reference, for the parity tests).
    package static func viaGeneralPath(json bytes: UnsafeRawBufferPointer, zone: ZoneRules,
                                       readTime: TimeReader = { try ItemTime(iso8601: $0) }) throws(LayoutInputError) -> LayoutInput {
        var input = LayoutInput()
        try input.readGeneral(bytes, zone: zone, readTime: readTime)
        return input
    }

    private init() {}

    /// Events read elsewhere (a calendar file's occurrences).
    package init(timed: [Timed], allDay: [AllDay]) {
        self.timed = timed
        self.allDay = allDay
    }

    /// The general path: the whole document read strictly, then every
    /// event's members checked in turn, then its times.
    private mutating func readGeneral(_ bytes: UnsafeRawBufferPointer, zone: ZoneRules, readTime: TimeReader) throws(LayoutInputError) {
        let root: JSONValue
        do {
            root = try JSONDocument.parse(bytes)
        } catch {
            throw .syntax(error)
        }
        guard case .array(let events)? = root["events"] else { throw .noEventsArray }
        guard events.count <= Self.maximumEvents else { throw .tooManyEvents(events.count) }
        for (index, event) in events.enumerated() {
            try add(try Self.record(event, index: index), index: index, zone: zone, readTime: readTime)
        }
    }

    /// One event's members, checked as the fast reader checks them.
    private static func record(_ event: JSONValue, index: Int) throws(LayoutInputError) -> LayoutJSONReader.Event {
        guard case .object = event else { throw .event(index: index, id: nil, .notAnObject) }
        let id: String
        switch event["id"] {
        case .string(let text)? where !text.isEmpty: id = text
        case .number(let text)?:
            guard let number = Double(text), number == number.rounded(), abs(number) < 1e15 else {
                throw .event(index: index, id: nil, .idNotWhole(text))
            }
            id = String(Int64(number))
        case nil: throw .event(index: index, id: nil, .missingID)
        default: throw .event(index: index, id: nil, .badID)
        }
        func text(_ key: String) throws(LayoutInputError) -> String? {
            switch event[key] {
            case nil, .null?: return nil
            case .string(let string)?: return string
            default: throw .event(index: index, id: id, .notAString(key))
            }
        }
        var title = try text("title")
        if title == nil { title = try text("summary") }
        guard let start = try text("start") else { throw .event(index: index, id: id, .missingStart) }
        let end = try text("end")
        var isAllDay = false
        switch event["allDay"] {
        case nil, .null?: break
        case .bool(let flag)?: isAllDay = flag
        default: throw .event(index: index, id: id, .allDayNotBool)
        }
        return LayoutJSONReader.Event(id: id, title: title ?? id, start: .text(start), end: end.map(TimeText.text), allDay: isAllDay)
    }

    /// One event's times read and checked.
    private mutating func add(_ event: LayoutJSONReader.Event, index: Int, zone: ZoneRules, readTime: TimeReader) throws(LayoutInputError) {
        func failure(_ problem: LayoutEventProblem) -> LayoutInputError { .event(index: index, id: event.id, problem) }
        func time(_ text: TimeText, field: String) throws(LayoutInputError) -> ItemTime {
            do {
                return try text.itemTime(readTime)
            } catch {
                throw failure(.time(field: field, text: text.text, underlying: error))
            }
        }
        let start = try time(event.start, field: "start")
        let end = try event.end.map { text throws(LayoutInputError) in try time(text, field: "end") }
        if event.allDay {
            let first = start.dayNumber(viewer: zone)
            let last = end?.dayNumber(viewer: zone) ?? first + 1
            guard last >= first else { throw failure(.endBeforeStart(end: event.end?.text ?? "", start: event.start.text)) }
            allDay.append(AllDay(id: event.id, title: event.title, first: first, end: Swift.max(last, first + 1)))
        } else {
            let startInstant: Instant, endInstant: Instant
            do {
                startInstant = try start.instant(viewer: zone)
                endInstant = try end?.instant(viewer: zone) ?? startInstant
            } catch {
                throw failure(.zone(error))
            }
            guard endInstant >= startInstant else { throw failure(.endBeforeStart(end: event.end?.text ?? "", start: event.start.text)) }
            timed.append(Timed(id: event.id, title: event.title, start: startInstant, end: endInstant))
        }
    }
}

/// Why the layout JSON could not be read.
package enum LayoutInputError: Error, CustomStringConvertible {
    /// iCalendar text where JSON was expected.
    case iCalendar
    /// Not JSON at all (the syntax error, with its line and column).
    case syntax(JSONSyntaxError)
    /// No `"events"` array in a top-level object.
    case noEventsArray
    /// More events than `LayoutInput.maximumEvents`.
    case tooManyEvents(Int)
    /// One event at fault: its index, its id once known, and what is wrong.
    case event(index: Int, id: String?, LayoutEventProblem)

    package var description: String {
        switch self {
        case .iCalendar:
            return "iCalendar text, not the layout's JSON: read calendar files with KalendsStore's CalendarFileReader"
        case .syntax(let error): return "not valid JSON (\(error))"
        case .noEventsArray: return "expected an object with an \"events\" array"
        case .tooManyEvents(let count): return "\(count) events is more than the 1,000,000 a day view takes"
        case .event(let index, let id, let problem):
            let event = "event \(index)" + (id.map { " (\"\($0)\")" } ?? "")
            if case .time(let field, let text, let underlying) = problem {
                return "\(event) \(field) \(QuotedText.quoted(text, limit: 60)): \(underlying)"
            }
            return "\(event): \(problem)"
        }
    }
}

/// What is wrong with one event of the layout JSON.
package enum LayoutEventProblem: CustomStringConvertible {
    case notAnObject
    /// A number id with a fraction, or too large (its text).
    case idNotWhole(String)
    case missingID
    /// An id neither a non-empty string nor a number.
    case badID
    /// A member (`title`, `summary`, `start`, `end`) that is not a string.
    case notAString(String)
    case missingStart
    case allDayNotBool
    /// The texts of an end before its start.
    case endBeforeStart(end: String, start: String)
    /// A time `field` whose `text` could not be read.
    case time(field: String, text: String, underlying: any Error)
    /// A time the zone cannot place.
    case zone(TimeError)

    package var description: String {
        switch self {
        case .notAnObject: return "is not an object"
        case .idNotWhole(let text): return "\"id\" \(QuotedText.escaped(text, limit: 60)) is not a whole number below 10^15 in size"
        case .missingID: return "needs an \"id\""
        case .badID: return "\"id\" must be a non-empty string or a whole number"
        case .notAString(let key): return "\"\(key)\" must be a string"
        case .missingStart: return "needs a \"start\" time"
        case .allDayNotBool: return "\"allDay\" must be true or false"
        case .endBeforeStart(let end, let start): return "\"end\" \(end) is before \"start\" \(start)"
        case .time(_, _, let underlying): return String(describing: underlying)
        case .zone(let error): return error.description
        }
    }
}
