/// Reading and writing calendar dates as text.
///
/// Accepted forms (`kalends convert` documents them for users):
/// - `YEAR-MONTH-DAY`, MONTH a Foundation month number or a month code:
///   `5784-06-30`, `5784-M05L-30`, `-0044-03-15`;
/// - `ERA:YEAR-MONTH-DAY` with a Temporal era code: `reiwa:6-03-15`, `bce:44-03-15`;
/// - `D MONTHNAME YEAR` or `MONTHNAME D YEAR` with an English month name:
///   `5 Adar II 5784`, `Tishrei 1 5785`;
/// - `YYYYMMDD` (iCalendar basic form) and ISO date-times, whose date part is
///   used once the whole text has been read as a date-time.
public enum CalendarDateText {
    /// Parses `text` as a date of `calendar`; throws a `ConversionError` that
    /// names the part that is wrong.
    public static func parse(_ text: String, in calendar: any CalendarSystem, overflow: Overflow = .reject) throws(ConversionError) -> CalendarDate {
        // The common form, [+-]YEAR-MM-DD in ASCII digits, read byte by byte;
        // it makes the same call the general path below would.
        if let (year, month, day) = plainNumericDate(text) {
            return try calendar.date(year: year, foundationMonth: month, day: day, overflow: overflow)
        }
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw .malformedDate(text, detail: "the date is empty") }
        guard trimmed.utf8.count <= 100 else { throw .malformedDate(String(trimmed.prefix(40)) + "...", detail: "the text is too long to be a date") }
        if trimmed.contains(" ") || trimmed.utf8.first.map({ $0 >= 65 }) == true && !trimmed.contains(":") {
            return try parseNamed(trimmed, original: text, in: calendar, overflow: overflow)
        }
        var body = Substring(trimmed)
        var era: Substring?
        if let colon = body.firstIndex(of: ":"), body[..<colon].allSatisfy({ $0.isLetter || $0 == "-" }) {
            era = body[..<colon]
            body = body[body.index(after: colon)...]
        } else if let t = body.firstIndex(where: { $0 == "T" || $0 == "t" }), t > body.startIndex,
                  body[body.index(before: t)].isASCIIDigit {
            // A date-time: its time part is read (and refused when wrong) by the
            // one date-time reader, never dropped unread. That reader splits at a
            // T between digits, so it hands only the date part back here. (A T
            // after anything else, as in '/tmp', is no date-time: the text is
            // read, and refused, as a date.)
            let after = body.index(after: t)
            guard after < body.endIndex, body[after].isASCIIDigit else {
                let position = trimmed.distance(from: trimmed.startIndex, to: t) + 2
                throw .malformedDate(text, detail: "at character \(position): expected a time such as 09:30 after 'T'")
            }
            do {
                return try DateTimeText.parse(text, in: calendar, overflow: overflow).date
            } catch {
                switch error {
                case .date(_, let inner): throw inner
                case .malformed(let text, let position, let expected):
                    throw .malformedDate(text, detail: "at character \(position + 1): expected \(expected)")
                }
            }
        }
        var (yearText, monthText, dayText) = try split(body, original: text)
        if monthText == nil, dayText == nil {
            guard yearText.count == 8, yearText.allSatisfy(\.isASCIIDigit) else {
                throw .malformedDate(text, detail: "expected YEAR-MONTH-DAY (e.g. 2024-03-15 or 5784-M05L-30)")
            }
            monthText = yearText.dropFirst(4).prefix(2)
            dayText = yearText.suffix(2)
            yearText = yearText.prefix(4)
        }
        guard let monthPart = monthText, let dayPart = dayText else {
            throw .malformedDate(text, detail: "expected YEAR-MONTH-DAY (e.g. 2024-03-15 or 5784-M05L-30)")
        }
        var year = try number(yearText, field: "year", original: text)
        if let era {
            year = try calendar.arithmeticYear(era: String(era), eraYear: year)
        }
        let day = try number(dayPart, field: "day", original: text)
        let date: CalendarDate
        if monthPart.first == "M" || monthPart.first == "m" {
            let code = try MonthCode(parsing: String(monthPart))
            date = try calendar.date(year: year, monthCode: code, day: day, overflow: overflow)
        } else {
            let month = try number(monthPart, field: "month", original: text)
            date = try calendar.date(year: year, foundationMonth: month, day: day, overflow: overflow)
        }
        if let era, !calendar.isInEra(String(era), date) {
            throw .malformedDate(text, detail: "\(date.iso) is in era \(date.era.code ?? "-"), not \(era.lowercased())")
        }
        return date
    }

    /// `[+-]Y...Y-M[M]-D[D]`: 1 to 9 year digits, 1 or 2 for month and day,
    /// nothing else (no spaces, era, time or month code); nil otherwise.
    private static func plainNumericDate(_ text: String) -> (year: Int, month: Int, day: Int)? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> (Int, Int, Int)? in
            var index = 0
            var negative = false
            if index < bytes.count && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            func digits(_ maximum: Int) -> Int? {
                var value = 0
                var count = 0
                while index < bytes.count, let digit = bytes[index].asciiDigit {
                    guard count < maximum else { return nil }
                    value = value * 10 + digit
                    count += 1
                    index += 1
                }
                return count > 0 ? value : nil
            }
            guard let year = digits(9), index < bytes.count, bytes[index] == UInt8(ascii: "-") else { return nil }
            index += 1
            guard let month = digits(2), index < bytes.count, bytes[index] == UInt8(ascii: "-") else { return nil }
            index += 1
            guard let day = digits(2), index == bytes.count else { return nil }
            return (negative ? -year : year, month, day)
        } ?? nil
    }

    /// The canonical text of a date: `YEAR-MM-DD`, or `YEAR-Mxx[L]-DD` in
    /// calendars with leap months, so that it parses back to the same day.
    public static func format(_ date: CalendarDate) -> String {
        let month = monthText(date.monthCode, in: date.calendar)
        return "\(yearText(date.year))-\(month)-\(twoDigits(date.day))"
    }

    /// The English long form: `5 Adar II 5784`.
    public static func longForm(_ date: CalendarDate, in calendar: any CalendarSystem) -> String {
        let name = calendar.monthName(date.monthCode, leapYear: calendar.monthsInYear(date.year) > 12)
        return "\(date.day) \(name) \(date.year)"
    }

    /// A year with at least four digits and a sign when negative (`-0044`).
    static func yearText(_ year: Int) -> String {
        let digits = String(year.magnitude)
        let padded = String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
        return year < 0 ? "-" + padded : padded
    }

    /// A month in text: its code where the calendar has leap months (`M05L`,
    /// `M06`), else two digits (`03`); a registered calendar's by the code alone.
    static func monthText(_ code: MonthCode, in calendar: CalendarIdentifier) -> String {
        (calendar.builtIn.map { BuiltInFacts($0).hasLeapMonths } ?? code.isLeap) ? code.description : twoDigits(code.number)
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 && value >= 0 ? "0\(value)" : "\(value)"
    }

    private static func split(_ body: Substring, original: String) throws(ConversionError) -> (Substring, Substring?, Substring?) {
        var rest = body
        var sign = ""
        if let first = rest.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            rest = rest.dropFirst()
        }
        let parts = rest.split(separator: "-", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            return (Substring(sign + parts[0]), nil, nil)
        case 3:
            return (Substring(sign + parts[0]), parts[1], parts[2])
        default:
            throw .malformedDate(original, detail: "expected YEAR-MONTH-DAY with three parts, got \(parts.count)")
        }
    }

    private static func number(_ text: Substring, field: String, original: String) throws(ConversionError) -> Int {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else {
            throw .malformedDate(original, detail: "the \(field) '\(text)' is not a number")
        }
        guard digits.count <= 9, let value = Int(text) else {
            throw .malformedDate(original, detail: "the \(field) '\(text)' is out of range")
        }
        return value
    }

    private static func parseNamed(_ text: String, original: String, in calendar: any CalendarSystem, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        func isNumber(_ word: String) -> Bool {
            word.contains(where: \.isASCIIDigit) && word.allSatisfy { $0.isASCIIDigit || $0 == "-" }
        }
        // "Adar 2" or "Adar 1": a numeral right after a month name that only
        // makes a name together with it.
        if words.filter(isNumber).count == 3 {
            for index in words.indices.dropFirst() where isNumber(words[index]) && !isNumber(words[index - 1]) {
                let joined = words[index - 1] + " " + words[index]
                if calendar.monthCode(forName: joined) != nil {
                    words[index - 1] = joined
                    words.remove(at: index)
                    break
                }
            }
        }
        let numbers = words.enumerated().filter { isNumber($0.element) }
        guard numbers.count == 2 else {
            throw .malformedDate(original, detail: "expected YEAR-MONTH-DAY (2024-03-15, 5784-M05L-30) or DAY MONTHNAME YEAR (5 Adar II 5784)")
        }
        let nameWords = words.enumerated().filter { index, _ in !numbers.contains { $0.offset == index } }.map(\.element)
        let name = nameWords.joined(separator: " ")
        guard let code = calendar.monthCode(forName: name) else {
            throw .unknownMonthName(calendar.id, name: name)
        }
        let day = try number(Substring(numbers[0].element), field: "day", original: original)
        let year = try number(Substring(numbers[1].element), field: "year", original: original)
        return try calendar.date(year: year, monthCode: code, day: day, overflow: overflow)
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}

extension String {
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }
}

extension CalendarDateText {
    /// Parses a month of a calendar: `YEAR-MONTH` (`2024-03`, `5784-M05L`,
    /// `5784-06` in Foundation's numbering, `reiwa:6-03`) or `MONTHNAME YEAR`
    /// (`Adar I 5784`). Returns the month's first day.
    public static func parseMonth(_ text: String, in calendar: any CalendarSystem) throws(ConversionError) -> CalendarDate {
        let trimmed = text.trimmingSpaces
        let named = trimmed.contains(" ")
        let expected = "expected YEAR-MONTH (e.g. 2024-03, 5784-M05L) or MONTHNAME YEAR (Adar I 5784)"
        // A month has no time: refuse a date-time before "-01" is appended to it.
        if !named, trimmed.contains(where: { $0 == "T" || $0 == "t" }), trimmed.first?.isASCIIDigit == true || trimmed.first == "-" {
            throw .malformedDate(text, detail: expected)
        }
        do {
            return try parse(named ? "1 " + trimmed : trimmed + "-01", in: calendar)
        } catch {
            guard case .malformedDate(_, let detail) = error else { throw error }
            if detail.contains(" is in era "), !named {
                // An era month whose 1st lies in the era before (January Heisei 1
                // is 8 ... 31 January 1989): the month starts where the era does.
                for day in 2...31 {
                    if let date = try? parse(trimmed + "-" + twoDigits(day), in: calendar) { return date }
                }
                throw error
            }
            if detail.hasPrefix("expected") || detail.contains("three parts") {
                throw .malformedDate(text, detail: expected)
            }
            throw .malformedDate(text, detail: detail)
        }
    }
}
