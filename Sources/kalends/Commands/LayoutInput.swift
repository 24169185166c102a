import FoundationEssentials
import Kalends

/// The events of `kalends layout`, read from the contract's JSON:
/// `{"events":[{"id":"a","start":"2024-03-15T09:00:00","end":"...","allDay":false,"title":"..."}]}`.
struct LayoutInput {
    struct Timed: Equatable {
        let id: String
        let title: String
        let start: Instant
        let end: Instant
    }

    struct AllDay: Equatable {
        let id: String
        let title: String
        /// Day numbers [first, end), `end` exclusive.
        let first: Int
        let end: Int
    }

    var timed: [Timed] = []
    var allDay: [AllDay] = []

    /// Reads the JSON text; every error names the event (index and id) and field.
    init(json data: Data, source: String, zone: ZoneRules) throws {
        let head = String(decoding: data.prefix(64), as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if head.uppercased().hasPrefix("BEGIN:VCALENDAR") {
            throw InputError(place: source, underlying: LayoutInputError(
                "iCalendar (.ics) input is not read yet (it comes with the iCalendar work); give the day's events as JSON"))
        }
        if let events = LayoutJSONReader.events(data) {
            // The common, well-formed input, read in one pass; anything else
            // (and every error) takes the general path below.
            let iso = try Calendars.system(.iso8601)
            timed.reserveCapacity(events.count)
            for (index, event) in events.enumerated() {
                try add(id: event.id, title: event.title, start: event.start, end: event.end, isAllDay: event.allDay,
                        zone: zone, iso: iso, place: "\(source): event \(index) (\"\(event.id)\")")
            }
            return
        }
        try readGeneral(data, source: source, zone: zone)
    }

    /// The input as the general path alone reads it (the fast path's
    /// reference, for the parity tests).
    static func viaGeneralPath(json data: Data, source: String, zone: ZoneRules) throws -> LayoutInput {
        var input = LayoutInput()
        try input.readGeneral(data, source: source, zone: zone)
        return input
    }

    private init() {}

    /// The general path: the whole document read strictly (`JSONDocument`,
    /// every syntax error with its line and column), then every check in turn.
    private mutating func readGeneral(_ data: Data, source: String, zone: ZoneRules) throws {
        let root: JSONValue
        do {
            root = try data.withUnsafeBytes { bytes throws(JSONSyntaxError) in try JSONDocument.parse(bytes) }
        } catch {
            throw InputError(place: source, underlying: LayoutInputError("not valid JSON (\(error))"))
        }
        guard case .array(let events)? = root["events"] else {
            throw InputError(place: source, underlying: LayoutInputError("expected an object with an \"events\" array"))
        }
        guard events.count <= 1_000_000 else {
            throw InputError(place: source, underlying: LayoutInputError("\(events.count) events is more than the 1,000,000 a day view takes"))
        }
        let iso = try Calendars.system(.iso8601)
        for (index, event) in events.enumerated() {
            let place = "\(source): event \(index)"
            guard case .object = event else {
                throw InputError(place: place, underlying: LayoutInputError("is not an object"))
            }
            let id: String
            switch event["id"] {
            case .string(let text)? where !text.isEmpty: id = text
            case .number(let text)?:
                guard let number = Double(text), number == number.rounded(), abs(number) < 1e15 else {
                    throw InputError(place: place, underlying: LayoutInputError("\"id\" \(Echo.escaped(text, limit: Echo.limit)) is not a whole number below 10^15 in size"))
                }
                id = String(Int64(number))
            case nil: throw InputError(place: place, underlying: LayoutInputError("needs an \"id\""))
            default: throw InputError(place: place, underlying: LayoutInputError("\"id\" must be a non-empty string or a whole number"))
            }
            func named() -> String { "\(source): event \(index) (\"\(id)\")" }
            func text(_ key: String) throws -> String? {
                switch event[key] {
                case nil, .null?: return nil
                case .string(let string)?: return string
                default: throw InputError(place: named(), underlying: LayoutInputError("\"\(key)\" must be a string"))
                }
            }
            let title = try text("title") ?? text("summary") ?? id
            guard let startText = try text("start") else {
                throw InputError(place: named(), underlying: LayoutInputError("needs a \"start\" time"))
            }
            let endText = try text("end")
            var isAllDay = false
            switch event["allDay"] {
            case nil, .null?: break
            case .bool(let flag)?: isAllDay = flag
            default: throw InputError(place: named(), underlying: LayoutInputError("\"allDay\" must be true or false"))
            }
            try add(id: id, title: title, start: .text(startText), end: endText.map(TimeText.text), isAllDay: isAllDay, zone: zone, iso: iso,
                    place: named())
        }
    }

    /// One event's times read and checked; `place` names it in errors.
    private mutating func add(id: String, title: String, start startTime: TimeText, end endTime: TimeText?, isAllDay: Bool,
                              zone: ZoneRules, iso: any CalendarSystem, place: @autoclosure () -> String) throws {
        let start = try startTime.moment(field: "start", place: place(), calendar: iso, zone: zone)
        let end = try endTime.map { try $0.moment(field: "end", place: place(), calendar: iso, zone: zone) }
        var startText: String { startTime.text }
        var endText: String? { endTime?.text }
        if isAllDay {
            let first = start.day(in: zone)
            let last = end?.day(in: zone) ?? first + 1
            guard last >= first else {
                throw InputError(place: place(), underlying: LayoutInputError("\"end\" \(endText ?? "") is before \"start\" \(startText)"))
            }
            allDay.append(AllDay(id: id, title: title, first: first, end: Swift.max(last, first + 1)))
        } else {
            let startInstant = try start.instant(in: zone, place: place())
            let endInstant = try end?.instant(in: zone, place: place()) ?? startInstant
            guard endInstant >= startInstant else {
                throw InputError(place: place(), underlying: LayoutInputError("\"end\" \(endText ?? "") is before \"start\" \(startText)"))
            }
            timed.append(Timed(id: id, title: title, start: startInstant, end: endInstant))
        }
    }

    /// A time of the input: a plain date, or a date-time (floating or zoned).
    enum Moment {
        case date(Int)
        case time(Instant)
        case floating(LocalDateTime)

        /// The local day in `zone`.
        func day(in zone: ZoneRules) -> Int {
            switch self {
            case .date(let day): day
            case .time(let instant): zone.dayNumber(of: instant)
            case .floating(let local): local.dayNumber
            }
        }

        func instant(in zone: ZoneRules, place: @autoclosure () -> String) throws -> Instant {
            do {
                switch self {
                case .date(let day): return try zone.startOfDay(day)
                case .time(let instant): return instant
                case .floating(let local): return try ZonedDateTime(local: local, zone: zone).instant
                }
            } catch {
                throw InputError(place: place(), underlying: error)
            }
        }
    }

    static func read(_ text: String, field: String, place: @autoclosure () -> String, calendar: any CalendarSystem, zone: ZoneRules) throws -> Moment {
        if let local = floatingDateTime(text) { return .floating(local) }
        if let instant = utcDateTime(text) { return .time(instant) }
        let value = try DateTimeArgument.read(text, place: "\(place()) \(field)", DateTimeArgument.Reading(calendar: calendar, zone: nil, clockZone: zone)).value
        switch value {
        case .date(let date): return .date(date.dayNumber)
        case .floating(let local): return .floating(local)
        case .zoned(let zoned): return .time(zoned.instant)
        }
    }
}

extension LayoutInput {
    /// A `start` or `end` of the input: its text, or (from the fast reader)
    /// the time its text in the common form gives, which writes that text
    /// back exactly.
    enum TimeText {
        case text(String)
        case floating(LocalDateTime)
        case utc(LocalDateTime)

        /// `YYYY-MM-DDTHH:MM:SS`, with `Z` for an instant, as `floatingDateTime`
        /// and `utcDateTime` read; nil for any other bytes.
        init?(bytes: UnsafeBufferPointer<UInt8>) {
            if bytes.count == 19, let local = LayoutInput.floatingDateTime(bytes) {
                self = .floating(local)
            } else if bytes.count == 20, bytes[19] == UInt8(ascii: "Z"),
                      let local = LayoutInput.floatingDateTime(UnsafeBufferPointer(rebasing: bytes[0..<19])) {
                self = .utc(local)
            } else {
                return nil
            }
        }

        /// The text as the input had it.
        var text: String {
            switch self {
            case .text(let text): return text
            case .floating(let local): return Self.format(local)
            case .utc(let local): return Self.format(local) + "Z"
            }
        }

        private static func format(_ local: LocalDateTime) -> String {
            let date = ISODate(dayNumber: local.dayNumber), time = local.time
            func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
            return "\(date.year)-\(two(date.month))-\(two(date.day))T\(two(time.hour)):\(two(time.minute)):\(two(time.second))"
        }

        /// The time, read by the general parser where it is text.
        func moment(field: String, place: @autoclosure () -> String, calendar: any CalendarSystem, zone: ZoneRules) throws -> Moment {
            switch self {
            case .text(let text): return try LayoutInput.read(text, field: field, place: place(), calendar: calendar, zone: zone)
            case .floating(let local): return .floating(local)
            case .utc(let local): return .time(LayoutInput.instant(utc: local))
            }
        }
    }

    /// The instant of a UTC wall time (the general parser's reading of `...Z`).
    static func instant(utc local: LocalDateTime) -> Instant {
        Instant(seconds: local.dayNumber * 86_400 + local.nanosecondOfDay / 1_000_000_000)
    }

    /// `YYYY-MM-DDTHH:MM:SS` (years 1000 ... 9999), the common floating
    /// form, read without the general parser; nil for any other text or an
    /// invalid date or time (the general parser then reads it, or reports it).
    static func floatingDateTime(_ text: String) -> LocalDateTime? {
        var text = text
        return text.withUTF8 { bytes -> LocalDateTime? in
            guard bytes.count == 19 else { return nil }
            return floatingDateTime(bytes)
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (years 1000 ... 9999): the instant, as the
    /// general parser reads it; nil for any other text.
    static func utcDateTime(_ text: String) -> Instant? {
        var text = text
        return text.withUTF8 { bytes -> Instant? in
            guard bytes.count == 20, bytes[19] == UInt8(ascii: "Z"),
                  let local = floatingDateTime(UnsafeBufferPointer(rebasing: bytes[0..<19])) else { return nil }
            return instant(utc: local)
        }
    }

    static func floatingDateTime(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for position in from..<(from + count) {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int(digit)
            }
            return value
        }
        guard let year = number(0, 4), year >= 1000, let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              let date = try? ISODate(year: year, month: month, day: day),
              let time = try? TimeOfDay(hour: hour, minute: minute, second: second) else { return nil }
        return try? LocalDateTime(date, time)
    }
}

/// A malformed layout input.
struct LayoutInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

