import Foundation
import Kalends

/// The events of `kalends layout`, read from the contract's JSON:
/// `{"events":[{"id":"a","start":"2024-03-15T09:00:00","end":"...","allDay":false,"title":"..."}]}`.
struct LayoutInput {
    struct Timed {
        let id: String
        let title: String
        let start: Instant
        let end: Instant
    }

    struct AllDay {
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
        if String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).uppercased().hasPrefix("BEGIN:VCALENDAR") {
            throw InputError(place: source, underlying: LayoutInputError(
                "iCalendar (.ics) input is not read yet (it comes with the iCalendar work); give the day's events as JSON"))
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw InputError(place: source, underlying: LayoutInputError("not valid JSON (\(Self.location(of: error, in: data)))"))
        }
        guard let object = root as? [String: Any], let events = object["events"] as? [Any] else {
            throw InputError(place: source, underlying: LayoutInputError("expected an object with an \"events\" array"))
        }
        guard events.count <= 1_000_000 else {
            throw InputError(place: source, underlying: LayoutInputError("\(events.count) events is more than the 1,000,000 a day view takes"))
        }
        let iso = try Calendars.system(.iso8601)
        for (index, item) in events.enumerated() {
            let place = "\(source): event \(index)"
            guard let event = item as? [String: Any] else {
                throw InputError(place: place, underlying: LayoutInputError("is not an object"))
            }
            let id: String
            switch event["id"] {
            case let text as String where !text.isEmpty: id = text
            case let number as NSNumber where !Self.isBoolean(number) && number.doubleValue == number.doubleValue.rounded()
                && abs(number.doubleValue) < 1e15:
                id = String(number.int64Value)
            case nil: throw InputError(place: place, underlying: LayoutInputError("needs an \"id\""))
            default: throw InputError(place: place, underlying: LayoutInputError("\"id\" must be a non-empty string or a whole number"))
            }
            let named = "\(source): event \(index) (\"\(id)\")"
            func text(_ key: String) throws -> String? {
                guard let value = event[key], !(value is NSNull) else { return nil }
                guard let string = value as? String else {
                    throw InputError(place: named, underlying: LayoutInputError("\"\(key)\" must be a string"))
                }
                return string
            }
            let title = try text("title") ?? text("summary") ?? id
            guard let startText = try text("start") else {
                throw InputError(place: named, underlying: LayoutInputError("needs a \"start\" time"))
            }
            let endText = try text("end")
            var isAllDay = false
            if let flag = event["allDay"], !(flag is NSNull) {
                guard let number = flag as? NSNumber, Self.isBoolean(number) else {
                    throw InputError(place: named, underlying: LayoutInputError("\"allDay\" must be true or false"))
                }
                isAllDay = number.boolValue
            }
            let start = try Self.read(startText, field: "start", place: named, calendar: iso, zone: zone)
            let end = try endText.map { try Self.read($0, field: "end", place: named, calendar: iso, zone: zone) }
            if isAllDay {
                let first = start.day(in: zone)
                let last = end?.day(in: zone) ?? first + 1
                guard last >= first else {
                    throw InputError(place: named, underlying: LayoutInputError("\"end\" \(endText ?? "") is before \"start\" \(startText)"))
                }
                allDay.append(AllDay(id: id, title: title, first: first, end: Swift.max(last, first + 1)))
            } else {
                let startInstant = try start.instant(in: zone, place: named)
                let endInstant = try end?.instant(in: zone, place: named) ?? startInstant
                guard endInstant >= startInstant else {
                    throw InputError(place: named, underlying: LayoutInputError("\"end\" \(endText ?? "") is before \"start\" \(startText)"))
                }
                timed.append(Timed(id: id, title: title, start: startInstant, end: endInstant))
            }
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

        func instant(in zone: ZoneRules, place: String) throws -> Instant {
            do {
                switch self {
                case .date(let day): return try zone.startOfDay(day)
                case .time(let instant): return instant
                case .floating(let local): return try ZonedDateTime(local: local, zone: zone).instant
                }
            } catch {
                throw InputError(place: place, underlying: error)
            }
        }
    }

    /// JSON `true`/`false` as JSONSerialization gives them (NSNumber of type `c`).
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    /// Where a JSON syntax error is, as Foundation reports it (a character
    /// index), turned into a line and column.
    static func location(of error: any Error, in data: Data) -> String {
        let description = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
        guard let range = description.range(of: "character "),
              let offset = Int(description[range.upperBound...].prefix { $0.isNumber }), offset <= data.count else {
            return description.isEmpty ? "a syntax error" : description
        }
        let before = data.prefix(offset)
        let line = before.filter { $0 == 10 }.count + 1
        let column = offset - (before.lastIndex(of: 10).map { $0 + 1 } ?? 0) + 1
        return "syntax error at line \(line), column \(column)"
    }

    static func read(_ text: String, field: String, place: String, calendar: any CalendarSystem, zone: ZoneRules) throws -> Moment {
        let value = try DateTimeArgument.read(text, place: "\(place) \(field)", DateTimeArgument.Reading(calendar: calendar, zone: nil, clockZone: zone)).value
        switch value {
        case .date(let date): return .date(date.dayNumber)
        case .floating(let local): return .floating(local)
        case .zoned(let zoned): return .time(zoned.instant)
        }
    }
}

/// A malformed layout input.
struct LayoutInputError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

