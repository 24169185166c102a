/// The iCalendar content lines of a recurrence (RFC 5545 section 3.1):
/// DTSTART, RRULE, RDATE and EXDATE, folded lines joined, other properties
/// (BEGIN:VEVENT, SUMMARY, ...) passed over.
///
///     let set = try RecurrenceSet(parsing: """
///         DTSTART;TZID=America/New_York:19970902T090000
///         RRULE:FREQ=DAILY;COUNT=10
///         """)
extension RecurrenceSet {
    /// The longest DTSTART, RRULE, RDATE, EXDATE (or EXRULE) line read, in
    /// UTF-8 bytes after unfolding: a longer one is an error, so that no text
    /// costs more than a small multiple of this to read. Other lines may be longer.
    public static let maximumLineLength = 1 << 16

    /// The properties a recurrence is read from (EXRULE to say it is obsolete).
    public static let lineNames: Set<String> = ["DTSTART", "RRULE", "RDATE", "EXDATE", "EXRULE"]

    /// Reads DTSTART (exactly one), RRULEs, RDATEs and EXDATEs from
    /// iCalendar text.
    /// - Throws: `RecurrenceError` with the line (of the unfolded text's first
    ///   physical line) and what is wrong: a content line that does not read
    ///   (`.contentLine`, with its column), an RRULE (`.rule`, with its part
    ///   and offset), a missing or repeated DTSTART, a DTSTART, RRULE, RDATE
    ///   or EXDATE line longer than `maximumLineLength`, or what
    ///   `init(start:rules:dates:exclusions:policy:)` throws.
    public init(parsing text: String, policy: LocalTimePolicy = .rfc5545) throws(RecurrenceError) {
        var start: RecurrenceStart?
        var rules: [RecurrenceRule] = []
        var ruleLines: [Int] = []
        var rdates: [(RecurrenceLine, Int)] = []
        var exdates: [(RecurrenceLine, Int)] = []
        for (line, number) in ContentLines.unfold(text) {
            if line.utf8.count > Self.maximumLineLength {
                let name = ContentLines.name(of: line)
                // Another property (an inline ATTACH) may be long: it is passed over unread.
                guard Self.lineNames.contains(name) else { continue }
                throw RecurrenceError(.lineTooLong(property: name, bytes: line.utf8.count, maximum: Self.maximumLineLength), line: number)
            }
            let parsed: RecurrenceLine
            do {
                parsed = try ContentLines.parse(line)
            } catch {
                throw RecurrenceError(.contentLine(error), line: number)
            }
            switch parsed.name {
            case "DTSTART":
                guard start == nil else { throw RecurrenceError(.repeatedStart, line: number) }
                do {
                    let values = try ContentLines.values(parsed)
                    guard values.count == 1, let value = values.first, value.periodSeconds == nil else {
                        throw ContentLineError(.startNotOneValue, property: "DTSTART", column: parsed.valueColumn)
                    }
                    switch value.value {
                    case .date(let date): start = .date(date)
                    case .floating(let local): start = .floating(local)
                    case .zoned(let local, let zone): start = .zoned(local, zone)
                    case .utc(let instant):
                        start = .zoned(try LocalDateTime(instant, offset: UTCOffset(seconds: 0)), .utc)
                    }
                } catch let error as ContentLineError {
                    throw RecurrenceError(.contentLine(error), line: number)
                } catch {
                    throw RecurrenceError(.invalidStart(detail: "\(error)"), line: number)
                }
            case "RRULE":
                do {
                    rules.append(try RecurrenceRule(parsing: parsed.value))
                    ruleLines.append(number)
                } catch {
                    throw RecurrenceError(.rule(error), line: number)
                }
            case "RDATE": rdates.append((parsed, number))
            case "EXDATE": exdates.append((parsed, number))
            case "EXRULE":
                throw RecurrenceError(.exceptionRule, line: number)
            default:
                continue
            }
        }
        guard let start else { throw RecurrenceError(.missingStart) }
        func dates(_ lines: [(RecurrenceLine, Int)]) throws(RecurrenceError) -> [RecurrenceDate] {
            var result: [RecurrenceDate] = []
            for (line, number) in lines {
                do {
                    result += try ContentLines.values(line)
                } catch {
                    throw RecurrenceError(.contentLine(error), line: number)
                }
            }
            return result
        }
        let included = try dates(rdates), excluded = try dates(exdates)
        try self.init(start: start, rules: rules, dates: included, exclusions: excluded, policy: policy, ruleLines: ruleLines)
    }
}

/// One content line: its name, parameters and value, and the 1-based
/// column where the value starts (for errors).
struct RecurrenceLine {
    let name: String
    let parameters: [String: String]
    let value: String
    var valueColumn: Int = 1
}

enum ContentLines {
    /// Physical lines joined where a line starts with a space or tab (RFC 5545 section 3.1),
    /// each with the number of its first physical line; blank lines dropped.
    static func unfold(_ text: String) -> [(String, Int)] {
        var result: [(String, Int)] = []
        var number = 0
        // CRLF (iCalendar's line end) is one Character in Swift: split on every line end.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            let line = Substring(raw)
            if let first = line.first, first == " " || first == "\t", !result.isEmpty {
                result[result.count - 1].0 += line.dropFirst()
            } else if !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                result.append((String(line), number))
            }
        }
        return result
    }

    /// The property name of a content line, upper-cased: its text before the
    /// first `;` or `:` (the whole line when it has neither).
    static func name(of line: String) -> String {
        let utf8 = line.utf8
        let end = utf8.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } ?? utf8.endIndex
        return String(line[line.startIndex..<end]).uppercased()
    }

    /// `NAME;PARAM=VALUE;...:VALUE`, parameter values optionally quoted.
    static func parse(_ line: String) throws(ContentLineError) -> RecurrenceLine {
        let characters = Array(line)
        var index = 0
        while index < characters.count, characters[index] != ";" && characters[index] != ":" { index += 1 }
        let name = String(characters[0..<index]).uppercased()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
            throw ContentLineError(.notAContentLine(text: line), property: nil, column: index + 1)
        }
        var parameters: [String: String] = [:]
        while index < characters.count && characters[index] == ";" {
            index += 1
            let nameStart = index
            while index < characters.count, characters[index] != "=" && characters[index] != ":" && characters[index] != ";" { index += 1 }
            guard index < characters.count, characters[index] == "=" else {
                throw ContentLineError(.parameterWithoutValue(parameter: String(characters[nameStart..<index])), property: RuleError.shown(name),
                                       column: nameStart + 1)
            }
            let parameter = String(characters[nameStart..<index]).uppercased()
            index += 1
            var value = ""
            if index < characters.count && characters[index] == "\"" {
                index += 1
                while index < characters.count && characters[index] != "\"" { value.append(characters[index]); index += 1 }
                guard index < characters.count else {
                    throw ContentLineError(.unclosedQuote(parameter: parameter), property: RuleError.shown(name), column: nameStart + 1)
                }
                index += 1
            } else {
                while index < characters.count, characters[index] != ";" && characters[index] != ":" { value.append(characters[index]); index += 1 }
            }
            parameters[parameter] = value
        }
        guard index < characters.count, characters[index] == ":" else {
            throw ContentLineError(.missingColon(text: line), property: RuleError.shown(name), column: index + 1)
        }
        return RecurrenceLine(name: name, parameters: parameters, value: String(characters[(index + 1)...]), valueColumn: index + 2)
    }

    /// The comma-separated values of DTSTART, RDATE or EXDATE, in the form VALUE= and TZID= say.
    static func values(_ line: RecurrenceLine) throws(ContentLineError) -> [RecurrenceDate] {
        let kind = line.parameters["VALUE"]?.uppercased() ?? "DATE-TIME"
        guard ["DATE", "DATE-TIME", "PERIOD"].contains(kind) else {
            throw ContentLineError(.unknownValueType(kind), property: line.name)
        }
        if kind == "PERIOD" && line.name != "RDATE" { throw ContentLineError(.periodNotAllowed, property: line.name) }
        var zone: ZoneRules?
        if let name = line.parameters["TZID"] {
            do {
                zone = try ZoneRules(identifier: name.hasPrefix("/") ? String(name.dropFirst()) : name)
            } catch {
                throw ContentLineError(.unknownZone(name, detail: "\(error)"), property: line.name)
            }
        }
        var result: [RecurrenceDate] = []
        var column = line.valueColumn
        for item in line.value.split(separator: ",", omittingEmptySubsequences: false) {
            let text = String(item)
            defer { column += text.count + 1 }
            do throws(ContentLineError) {
                if kind == "PERIOD" {
                    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                    guard parts.count == 2 else { throw ContentLineError(.malformedPeriod(text), property: line.name) }
                    let start = try dateTime(String(parts[0]), zone: zone, property: line.name)
                    let seconds: Int
                    if parts[1].hasPrefix("P") || parts[1].hasPrefix("+P") {
                        seconds = try duration(String(parts[1]), property: line.name)
                    } else {
                        let end = try dateTime(String(parts[1]), zone: zone, property: line.name)
                        guard let startKey = absoluteSeconds(start), let endKey = absoluteSeconds(end), endKey > startKey else {
                            throw ContentLineError(.periodNotAfterStart(text), property: line.name)
                        }
                        seconds = endKey - startKey
                    }
                    result.append(RecurrenceDate(start.value, periodSeconds: seconds))
                } else if kind == "DATE" {
                    result.append(RecurrenceDate(.date(try date(text, property: line.name))))
                } else {
                    result.append(try dateTime(text, zone: zone, property: line.name))
                }
            } catch {
                // The value at fault: where this item starts in the line.
                throw ContentLineError(error.kind, property: error.property, column: error.column ?? column)
            }
        }
        return result
    }

    /// Seconds for ordering a PERIOD's two ends (same form and zone).
    private static func absoluteSeconds(_ date: RecurrenceDate) -> Int? {
        switch date.value {
        case .date(let day): return day.dayNumber * 86_400
        case .floating(let local): return local.wallSeconds.seconds
        case .zoned(let local, let zone): return try? zone.resolve(local).instant.seconds
        case .utc(let instant): return instant.seconds
        }
    }

    /// `YYYYMMDD`.
    static func date(_ text: String, property: String) throws(ContentLineError) -> ISODate {
        let digits = Array(text.utf8)
        guard digits.count == 8, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw ContentLineError(.malformedDate(text), property: property)
        }
        let number = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        let year = number / 10_000, month = number / 100 % 100, day = number % 100
        do {
            return try ISODate(year: year, month: month, day: day)
        } catch {
            throw ContentLineError(.invalidDate(text, detail: "\(error)"), property: property)
        }
    }

    /// `YYYYMMDDTHHMMSS`, with `Z` for UTC, read in `zone` when given; a bare `YYYYMMDD` is a date.
    static func dateTime(_ text: String, zone: ZoneRules?, property: String) throws(ContentLineError) -> RecurrenceDate {
        let bytes = Array(text.utf8)
        if bytes.count == 8 { return RecurrenceDate(.date(try date(text, property: property))) }
        let isUTC = bytes.last == UInt8(ascii: "Z") || bytes.last == UInt8(ascii: "z")
        let body = isUTC ? Array(bytes.dropLast()) : bytes
        guard body.count == 15, body[8] == UInt8(ascii: "T") || body[8] == UInt8(ascii: "t"),
              body[9...].allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw ContentLineError(.malformedDateTime(text), property: property)
        }
        let day = try date(String(decoding: body[0..<8], as: UTF8.self), property: property)
        let clock = body[9...].reduce(0) { $0 * 10 + Int($1 - 48) }
        let local: LocalDateTime
        do {
            let time = try TimeOfDay(hour: clock / 10_000, minute: clock / 100 % 100, second: clock % 100 == 60 ? 59 : clock % 100)
            local = try LocalDateTime(day, time)
        } catch {
            throw ContentLineError(.invalidTime(text, detail: "\(error)"), property: property)
        }
        if isUTC {
            return RecurrenceDate(.utc(Instant(seconds: local.wallSeconds.seconds)))
        }
        if let zone { return RecurrenceDate(.zoned(local, zone)) }
        return RecurrenceDate(.floating(local))
    }

    /// An RFC 5545 duration (`PT2H`, `P1D`, `P1W`, `P1DT12H30M`) in seconds; positive only.
    static func duration(_ text: String, property: String) throws(ContentLineError) -> Int {
        var characters = Substring(text)
        func fail() -> ContentLineError { ContentLineError(.malformedDuration(text), property: property) }
        if characters.first == "+" { characters = characters.dropFirst() }
        guard characters.first == "P" else { throw fail() }
        characters = characters.dropFirst()
        var total = 0, number: Int?, inTime = false, any = false
        for character in characters {
            if let digit = character.wholeNumberValue, character.isASCII {
                let (times, overflow1) = (number ?? 0).multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(digit)
                guard !overflow1, !overflow2, sum < 10_000_000_000 else { throw fail() }
                number = sum
                continue
            }
            if character == "T" { guard !inTime, number == nil else { throw fail() }; inTime = true; continue }
            guard let value = number else { throw fail() }
            let unit: Int
            switch (character, inTime) {
            case ("W", false): unit = 604_800
            case ("D", false): unit = 86_400
            case ("H", true): unit = 3_600
            case ("M", true): unit = 60
            case ("S", true): unit = 1
            default: throw fail()
            }
            total += value * unit
            number = nil
            any = true
        }
        guard any, number == nil, total > 0 else { throw fail() }
        return total
    }
}
