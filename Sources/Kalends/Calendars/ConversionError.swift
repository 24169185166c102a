/// Why a date could not be read, built or converted. Every message names the
/// offending value, what was allowed, and the calendar.
public enum ConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No calendar has this key or alias.
    case unknownCalendar(String)
    /// Not of the form `M01` ... `M13` with an optional `L`.
    case malformedMonthCode(String)
    /// The text is not a date this calendar can read; `detail` says why.
    case malformedDate(String, detail: String)
    /// The year lies outside the years Kalends supports for this calendar.
    case yearOutOfRange(CalendarIdentifier, year: Int, allowed: ClosedRange<Int>)
    /// The month number is not in this year (e.g. month 13 of a common Hebrew year).
    case monthOutOfRange(CalendarIdentifier, year: Int, month: Int, allowed: ClosedRange<Int>)
    /// The month code does not occur in this year; `detail` says why.
    case monthCodeNotInYear(CalendarIdentifier, year: Int, monthCode: MonthCode, detail: String)
    /// The day is beyond the month's length (or below 1).
    case dayOutOfRange(CalendarIdentifier, year: Int, monthCode: MonthCode, day: Int, allowed: ClosedRange<Int>)
    /// The day number is outside the supported span (ISO years -9999 ... 9999).
    case dayNumberOutOfRange(Int, allowed: ClosedRange<Int>)
    /// The era code is not one of this calendar's.
    case unknownEra(CalendarIdentifier, era: String, known: [String])
    /// The year is not valid within that era (e.g. `heisei:32`).
    case eraYearOutOfRange(CalendarIdentifier, era: String, year: Int, allowed: ClosedRange<Int>)
    /// No month of this calendar has this English name.
    case unknownMonthName(CalendarIdentifier, name: String)
    /// No calendar of Kalends has this era code (`Era.init(code:value:year:)`).
    case unknownEraCode(String)
    /// Foundation has no calendar of this kind (`--engine foundation` with
    /// Julian, whose only source is the system ICU).
    case foundationLacksCalendar(CalendarID)
    /// ICU refused an operation; `status` is ICU's error name.
    case icuFailure(operation: String, status: String)

    public var description: String {
        switch self {
        case .unknownCalendar(let text):
            return "unknown calendar '\(text)'"
        case .malformedMonthCode(let text):
            return "malformed month code '\(text)': expected M01 ... M13, with L for a leap month (M05L)"
        case .malformedDate(let text, let detail):
            return "cannot read date '\(text)': \(detail)"
        case .yearOutOfRange(let calendar, let year, let allowed):
            return "\(calendar) year \(year) is out of the supported range \(allowed.lowerBound) ... \(allowed.upperBound)"
        case .monthOutOfRange(let calendar, let year, let month, let allowed):
            return "\(calendar) year \(year) has no month \(month): months are \(allowed.lowerBound) ... \(allowed.upperBound)"
        case .monthCodeNotInYear(_, _, _, let detail):
            return detail
        case .dayOutOfRange(let calendar, let year, let code, let day, let allowed):
            let month = CalendarDateText.monthText(code, in: calendar)
            return "\(calendar) \(year)-\(month) has no day \(day): days are \(allowed.lowerBound) ... \(allowed.upperBound)"
        case .dayNumberOutOfRange(let day, _):
            // Name the day as an ISO date when it is near enough to have one.
            let when = (-1_000_000_000...1_000_000_000).contains(day) ? "ISO \(ISODate(dayNumber: day))" : "day \(day)"
            return "\(when) is out of the supported range, ISO -9999-01-01 ... 9999-12-31"
        case .unknownEra(let calendar, let era, let known):
            let list = known.isEmpty ? "it has no era codes" : "its eras are " + known.joined(separator: ", ")
            return "\(calendar) has no era '\(era)': \(list)"
        case .eraYearOutOfRange(let calendar, let era, let year, let allowed):
            let range = allowed.upperBound == Int.max ? "\(allowed.lowerBound) or more" : "\(allowed.lowerBound) ... \(allowed.upperBound)"
            return "\(calendar) era \(era) has no year \(year): years are \(range)"
        case .unknownMonthName(let calendar, let name):
            return "\(calendar) has no month named '\(name)'"
        case .unknownEraCode(let code):
            let shown = code.count > 60 ? String(code.prefix(60)) + "..." : code
            return "unknown era code '\(shown)': the era codes are \(Era.knownCodes.joined(separator: ", "))"
        case .foundationLacksCalendar(let calendar):
            return "Foundation has no \(calendar) calendar (its Calendar.Identifier has none); the system ICU engine has one"
        case .icuFailure(let operation, let status):
            return "ICU failed to \(operation): \(status)"
        }
    }
}
