import Kalends

/// A YEAR where `kalends month` also takes a YEAR-MONTH (`cal 2024` beside
/// `cal 3 2024`): a bare number (`2024`, `5784`, `-0044`) or an era year
/// (`reiwa:6`). Anything else is left to the month reader, which judges it.
enum YearArgument {
    /// The arithmetic year `text` names in `calendar`, or nil when `text` is
    /// not written as a year (`2024-03`, `Adar I 5784`, garbage).
    ///
    /// A negative year has at least four digits (`-0044`), as dates write it,
    /// so that `-1` or `-12` (which `cal` users type as options) is a usage
    /// error that says so, never year -1 drawn silently.
    ///
    ///     try YearArgument.read("2024", in: Calendars.system(.iso8601))   // 2024
    ///     try YearArgument.read("2024-03", in: Calendars.system(.iso8601))   // nil
    static func read(_ text: String, in calendar: any CalendarSystem) throws -> Int? {
        var body = Substring(text)
        var era: Substring?
        if let colon = body.firstIndex(of: ":"), colon > body.startIndex,
           body[..<colon].allSatisfy({ $0.isASCIILetter || $0 == "-" }) {
            era = body[..<colon]
            body = body[body.index(after: colon)...]
        }
        let sign = body.first == "-" || body.first == "+" ? body.first : nil
        let digits = sign == nil ? body : body.dropFirst()
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if era == nil, sign == "-", digits.count < 4 {
            throw UsageError.negativeYearDigits(text)
        }
        guard digits.count <= 9, let value = Int(body) else {
            throw YearArgumentError.outOfRange(text, calendar: calendar.id, allowed: calendar.supportedYears)
        }
        guard let era else { return value }
        return try calendar.arithmeticYear(era: String(era), eraYear: value)
    }
}

/// Why a YEAR argument names no year of the calendar.
enum YearArgumentError: Error, CustomStringConvertible {
    /// More digits than any year of any calendar has.
    case outOfRange(String, calendar: CalendarIdentifier, allowed: ClosedRange<Int>)
    /// A supported year some of whose months lie outside ISO -9999 ... 9999.
    case partlyOutOfRange(CalendarIdentifier, year: Int, months: ClosedRange<Int>)

    var description: String {
        switch self {
        case .outOfRange(let text, let calendar, let allowed):
            "\(calendar) year \(text) is out of the supported range \(allowed.lowerBound) ... \(allowed.upperBound)"
        case .partlyOutOfRange(let calendar, let year, let months):
            "\(calendar) year \(year) reaches past the supported range, ISO -9999-01-01 ... 9999-12-31: "
                + (months.count == 1 ? "its month \(months.lowerBound) is" : "its months \(months.lowerBound) ... \(months.upperBound) are") + " outside it"
        }
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}
