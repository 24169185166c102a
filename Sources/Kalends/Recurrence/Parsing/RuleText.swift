/// RRULE text (RFC 5545 section 3.3.10): reading, with every error placed at
/// its part, and the canonical form `RecurrenceRule.description` prints.
enum RuleText {
    static let orderedPartNames: [String] = [
        "FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY",
        "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP",
    ]

    /// A slot of `Parts`: the index of a name in `orderedPartNames`.
    enum Slot: Int {
        case freq, until, count, interval, bySecond, byMinute, byHour, byDay
        case byMonthDay, byYearDay, byWeekNo, byMonth, bySetPos, weekStart, rscale, skip
    }

    /// The parts of one rule, by slot.
    struct Parts {
        let table: [Part?]
        subscript(slot: Slot) -> Part? { table[slot.rawValue] }
        /// By name, for placing an error at its part.
        subscript(name: String) -> Part? { orderedPartNames.firstIndex(of: name).flatMap { table[$0] } }
    }

    /// A part as written: its name (upper-cased), value, offset and text.
    struct Part {
        let name: String
        let value: Substring
        let offset: Int
        let text: Substring

        func error(_ reason: RuleError.Reason) -> RuleError {
            RuleError(reason, part: name.isEmpty ? nil : name, offset: offset, text: String(text))
        }
    }

    static func parse(_ input: String) throws(RuleError) -> RecurrenceRule {
        var body = Substring(input)
        var base = 0
        if body.prefix(6).uppercased() == "RRULE:" {
            body = body.dropFirst(6)
            base = 6
        }
        guard !body.isEmpty else { throw RuleError(.empty) }
        if body.last == ";" { body = body.dropLast() }

        // The parts by name: a fixed table (the names are `partNames`), filled in one pass over the bytes.
        var table = [Part?](repeating: nil, count: orderedPartNames.count)
        var offset = base
        var rest = body
        while true {
            let semicolon = rest.utf8.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
            let text = rest[..<semicolon]
            defer { offset += text.utf8.count + 1 }
            guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else {
                throw RuleError(.malformed(expected: "NAME=VALUE"), offset: offset, text: String(text))
            }
            let written = text[..<equals]
            let name = upper(written)
            let part = Part(name: name, value: text[text.utf8.index(after: equals)...], offset: offset, text: text)
            guard let slot = orderedPartNames.firstIndex(of: name) else {
                throw RuleError(.unknownPart, part: name.isEmpty ? nil : String(RuleError.shown(name).prefix(20)), offset: offset, text: String(text))
            }
            guard table[slot] == nil else { throw part.error(.repeatedPart) }
            guard !part.value.isEmpty else { throw part.error(.malformed(expected: "a value after '='")) }
            table[slot] = part
            guard semicolon < rest.endIndex else { break }
            rest = rest[rest.utf8.index(after: semicolon)...]
        }
        let parts = Parts(table: table)
        guard let freq = parts[.freq] else { throw RuleError(.missingFrequency) }
        let frequency = try frequency(freq)

        var end = RecurrenceRule.End.never
        if let count = parts[.count] {
            if let until = parts[.until] {
                throw until.error(.conflict("cannot be given with COUNT (a rule ends by one or the other)"))
            }
            end = .count(try positive(count, maximum: RecurrenceRule.maximumCount))
        } else if let until = parts[.until] {
            end = .until(try untilValue(until))
        }
        let interval = try parts[.interval].map { (part) throws(RuleError) in try positive(part, maximum: RecurrenceRule.maximumInterval) } ?? 1
        let weekStart = try parts[.weekStart].map { (part) throws(RuleError) in
            guard let day = weekday(part.value) else { throw part.error(.malformed(expected: "a weekday MO, TU, WE, TH, FR, SA or SU")) }
            return day
        } ?? .monday
        let rscale = try parts[.rscale].map { (part) throws(RuleError) in try calendar(part) }
        var skip = RecurrenceRule.Skip.omit
        if let part = parts[.skip] {
            guard rscale != nil else {
                throw part.error(.conflict("needs RSCALE (RFC 7529 section 4.1): add RSCALE=GREGORIAN for a Gregorian rule"))
            }
            guard let value = RecurrenceRule.Skip(rawValue: upper(part.value)) else {
                throw part.error(.malformed(expected: "OMIT, BACKWARD or FORWARD"))
            }
            skip = value
        }

        do {
            return try RecurrenceRule(
                frequency: frequency, interval: interval, end: end,
                bySecond: try integers(parts[.bySecond]), byMinute: try integers(parts[.byMinute]),
                byHour: try integers(parts[.byHour]), byDay: try days(parts[.byDay], ordinals: RecurrenceRule.Limits(rscale).weeks),
                byMonthDay: try integers(parts[.byMonthDay]), byYearDay: try integers(parts[.byYearDay]),
                byWeekNo: try integers(parts[.byWeekNo]), byMonth: try months(parts[.byMonth]),
                bySetPos: try integers(parts[.bySetPos]), weekStart: weekStart, rscale: rscale, skip: skip)
        } catch let error where error.offset == nil {
            // Place a validation error at its part.
            if let name = error.part, let part = parts[name] { throw error.placed(offset: part.offset, text: String(part.text)) }
            throw error
        }
    }

    // MARK: Values

    static func frequency(_ part: Part) throws(RuleError) -> RecurrenceRule.Frequency {
        let name = upper(part.value)
        guard let found = RecurrenceRule.Frequency.allCases.first(where: { $0.description == name }) else {
            throw part.error(.malformed(expected: "SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY"))
        }
        return found
    }

    static func positive(_ part: Part, maximum: Int) throws(RuleError) -> Int {
        guard part.value.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw part.error(.malformed(expected: "a positive whole number")) }
        guard let value = Int(part.value), (1...maximum).contains(value) else {
            throw part.error(.outOfRange(value: String(part.value), allowed: "1 ... \(maximum)"))
        }
        return value
    }

    /// `text` in capitals (ASCII letters only), without a copy when it is in capitals already.
    static func upper(_ text: Substring) -> String {
        text.utf8.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) ? text.uppercased() : String(text)
    }

    /// A signed whole number of at most 9 digits, or nil.
    static func integer(_ text: Substring) -> Int? {
        var digits = text.utf8[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// The comma-separated items of a value.
    static func items(_ value: Substring) -> [Substring] {
        value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { Substring($0) }
    }

    static func integers(_ part: Part?) throws(RuleError) -> [Int] {
        guard let part else { return [] }
        var values: [Int] = []
        for item in items(part.value) {
            guard let value = integer(item) else {
                if item.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "+" || $0 == "-") }) && item.count > 9 {
                    throw part.error(.outOfRange(value: String(item), allowed: "the part's range"))
                }
                throw part.error(.malformed(expected: "whole numbers separated by commas"))
            }
            values.append(value)
        }
        return values
    }

    /// BYMONTH values: month numbers, each with an optional `L` for a leap
    /// month (RFC 7529); whether the calendar has them is checked with the rule.
    static func months(_ part: Part?) throws(RuleError) -> [MonthCode] {
        guard let part else { return [] }
        var codes: [MonthCode] = []
        for item in items(part.value) {
            let isLeap = item.utf8.last == UInt8(ascii: "L") || item.utf8.last == UInt8(ascii: "l")
            let digits = isLeap ? Substring(item.utf8.dropLast()) : item
            guard let number = integer(digits) else {
                if digits.count > 9 && digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "+" || $0 == "-") }) {
                    throw part.error(.outOfRange(value: String(item), allowed: "the part's range"))
                }
                throw part.error(.malformed(expected: "month numbers separated by commas, each with an optional L for a leap month (5L)"))
            }
            codes.append(MonthCode(number, isLeap: isLeap))
        }
        return codes
    }

    /// An RSCALE value: a CLDR calendar name or a registered calendar's key,
    /// case-insensitively (`Calendars.identifier(named:)`).
    static func calendar(_ part: Part) throws(RuleError) -> CalendarIdentifier {
        guard let id = try? Calendars.identifier(named: String(part.value)) else {
            // The built-in names only: the message does not change with what a process has registered.
            let names = CalendarID.allCases.map { format(CalendarIdentifier($0)) }.joined(separator: ", ")
            throw part.error(.malformed(expected: "a calendar Kalends knows: \(names)"))
        }
        return id
    }

    static func weekday(_ text: Substring) -> Weekday? {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), let second = bytes.next(), bytes.next() == nil else { return nil }
        // ASCII letters in capitals (no other byte becomes a letter by clearing 0x20).
        switch (first & 0xDF, second & 0xDF) {
        case (UInt8(ascii: "M"), UInt8(ascii: "O")): return .monday
        case (UInt8(ascii: "T"), UInt8(ascii: "U")): return .tuesday
        case (UInt8(ascii: "W"), UInt8(ascii: "E")): return .wednesday
        case (UInt8(ascii: "T"), UInt8(ascii: "H")): return .thursday
        case (UInt8(ascii: "F"), UInt8(ascii: "R")): return .friday
        case (UInt8(ascii: "S"), UInt8(ascii: "A")): return .saturday
        case (UInt8(ascii: "S"), UInt8(ascii: "U")): return .sunday
        default: return nil
        }
    }

    /// BYDAY values; `ordinals` is the largest ordinal the rule's calendar allows (53, or 55 in a lunisolar RSCALE).
    static func days(_ part: Part?, ordinals: Int = 53) throws(RuleError) -> [RecurrenceRule.Day] {
        guard let part else { return [] }
        var days: [RecurrenceRule.Day] = []
        for item in items(part.value) {
            guard item.utf8.count >= 2, let weekday = weekday(Substring(item.utf8.suffix(2))) else {
                throw part.error(.malformed(expected: "weekdays MO ... SU, each with an optional ordinal (1MO, -1FR)"))
            }
            let number = Substring(item.utf8.dropLast(2))
            if number.isEmpty {
                days.append(RecurrenceRule.Day(weekday))
                continue
            }
            guard let ordinal = integer(number) else {
                throw part.error(.malformed(expected: "an ordinal -53 ... -1 or 1 ... 53 before the weekday (1MO, -1FR)"))
            }
            guard ordinal != 0 && ordinal.magnitude <= UInt(ordinals) else {
                throw part.error(.outOfRange(value: String(item), allowed: "ordinals -\(ordinals) ... -1 or 1 ... \(ordinals)"))
            }
            days.append(RecurrenceRule.Day(unchecked: ordinal, weekday))
        }
        return days
    }

    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`.
    static func untilValue(_ part: Part) throws(RuleError) -> RecurrenceRule.Until {
        let expected = RuleError.Reason.malformed(expected: "a date 19971224, a time 19971224T000000Z (UTC) or 19971224T000000 (floating)")
        let value = Array(part.value.utf8)
        guard value.count == 8 || value.count == 15 || value.count == 16 else { throw part.error(expected) }
        func number(_ range: Range<Int>) -> Int? {
            var result = 0
            for index in range {
                guard index < value.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(value[index]) else { return nil }
                result = result * 10 + Int(value[index] - UInt8(ascii: "0"))
            }
            return result
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) else { throw part.error(expected) }
        let date: ISODate
        do {
            date = try ISODate(year: year, month: month, day: day)
        } catch {
            throw part.error(.outOfRange(value: String(part.value), allowed: "real dates"))
        }
        if value.count == 8 { return .date(date) }
        guard value[8] == UInt8(ascii: "T") || value[8] == UInt8(ascii: "t"), let hour = number(9..<11), let minute = number(11..<13),
              let second = number(13..<15) else { throw part.error(expected) }
        let isUTC = value.count == 16
        if isUTC && value[15] != UInt8(ascii: "Z") && value[15] != UInt8(ascii: "z") { throw part.error(expected) }
        let local: LocalDateTime
        do {
            // A leap second (60) reads as the last second of its minute.
            local = try LocalDateTime(date, TimeOfDay(hour: hour, minute: minute, second: min(second, 59)))
        } catch {
            throw part.error(.outOfRange(value: String(part.value), allowed: "times 00:00:00 ... 23:59:60"))
        }
        guard second <= 60 else { throw part.error(.outOfRange(value: String(part.value), allowed: "times 00:00:00 ... 23:59:60")) }
        if isUTC {
            let wall = local.wallSeconds
            return .utc(Instant(seconds: wall.seconds, nanosecond: wall.nanosecond))
        }
        return .local(local)
    }

    // MARK: Formatting

    /// The RSCALE form of a calendar: its CLDR name in capitals (`ISLAMIC-CIVIL`).
    static func format(_ id: CalendarIdentifier) -> String { id.key.uppercased() }

    /// A BYMONTH value: `5`, or `5L` for a leap month.
    static func format(_ code: MonthCode) -> String { "\(code.number)" + (code.isLeap ? "L" : "") }

    static func format(_ rule: RecurrenceRule) -> String {
        var parts: [String] = []
        if let rscale = rule.rscale { parts.append("RSCALE=" + format(rscale)) }
        parts.append("FREQ=\(rule.frequency)")
        switch rule.end {
        case .never: break
        case .count(let count): parts.append("COUNT=\(count)")
        case .until(let until): parts.append("UNTIL=" + format(until))
        }
        if rule.interval != 1 { parts.append("INTERVAL=\(rule.interval)") }
        func list(_ name: String, _ values: [Int]) {
            if !values.isEmpty { parts.append(name + "=" + values.map(String.init).joined(separator: ",")) }
        }
        list("BYSECOND", rule.bySecond)
        list("BYMINUTE", rule.byMinute)
        list("BYHOUR", rule.byHour)
        if !rule.byDay.isEmpty { parts.append("BYDAY=" + rule.byDay.map(\.description).joined(separator: ",")) }
        list("BYMONTHDAY", rule.byMonthDay)
        list("BYYEARDAY", rule.byYearDay)
        list("BYWEEKNO", rule.byWeekNo)
        if !rule.byMonth.isEmpty { parts.append("BYMONTH=" + rule.byMonth.map { format($0) }.joined(separator: ",")) }
        list("BYSETPOS", rule.bySetPos)
        if rule.weekStart != .monday { parts.append("WKST=" + RecurrenceRule.weekdayCode(rule.weekStart)) }
        if rule.skip != .omit { parts.append("SKIP=\(rule.skip)") }
        return parts.joined(separator: ";")
    }

    static func format(_ until: RecurrenceRule.Until) -> String {
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value.magnitude)
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
        }
        func date(_ date: ISODate) -> String { digits(date.year, 4) + digits(date.month, 2) + digits(date.day, 2) }
        func time(_ local: LocalDateTime) -> String {
            let time = local.time
            return date(local.isoDate) + "T" + digits(time.hour, 2) + digits(time.minute, 2) + digits(time.second, 2)
        }
        switch until {
        case .date(let value): return date(value)
        case .local(let value): return time(value)
        case .utc(let instant):
            let day = instant.seconds.floorDivided(by: 86_400)
            let local = LocalDateTime(unchecked: day, instant.seconds.floorModulo(86_400) * 1_000_000_000)
            return time(local) + "Z"
        }
    }
}
