/// Why adding a duration to a date, or measuring between two, failed.
///
/// Each case names the step of Temporal's NonISODateAdd that threw, the
/// calendar and the values involved.
public enum ArithmeticError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Step 2 under `.reject`: the start's month (e.g. Adar I, `M05L`) does
    /// not exist in the year reached by adding the years.
    case monthCodeNotInYear(CalendarIdentifier, year: Int, monthCode: MonthCode, detail: String)
    /// Step 4 under `.reject`: the start's day does not exist in the month
    /// reached (31 January + 1 month).
    case dayNotInMonth(CalendarIdentifier, year: Int, monthCode: MonthCode, day: Int, daysInMonth: Int)
    /// The result, or a year passed on the way, lies outside the supported
    /// range (ISO years -9999 ... 9999).
    case outOfRange(CalendarIdentifier, detail: String)
    /// The month has no `n`-th such weekday (a fifth Monday, or n = 0).
    case noSuchWeekday(CalendarIdentifier, year: Int, monthCode: MonthCode, n: Int, weekday: Weekday)
    /// The year has no `n`-th such weekday (a 54th Monday, or n = 0).
    case noSuchWeekdayInYear(CalendarIdentifier, year: Int, n: Int, weekday: Weekday)
    /// A weekend covering the whole week leaves no business days to count.
    case noBusinessDays
    /// A duration's fields do not fit the arithmetic (Int overflow).
    case duration(DurationError)
    /// A date could not be built or converted (e.g. an engine failed to open).
    case conversion(ConversionError)
    /// A wall-clock time could not be placed in its zone.
    case time(TimeError)

    public var description: String {
        switch self {
        case .monthCodeNotInYear(_, _, _, let detail):
            return detail
        case .dayNotInMonth(let calendar, let year, let code, let day, let length):
            let month = CalendarDateText.monthText(code, in: calendar)
            return "\(calendar) \(CalendarDateText.yearText(year))-\(month) has no day \(day) (it has \(length) days)"
        case .outOfRange(let calendar, let detail):
            return "\(calendar): \(detail) is out of the supported range (ISO years -9999 ... 9999)"
        case .noSuchWeekday(let calendar, let year, let code, let n, let weekday):
            let month = CalendarDateText.monthText(code, in: calendar)
            return "\(calendar) \(CalendarDateText.yearText(year))-\(month) has no weekday number \(n) that is a \(weekday) (use 1 ... 5, or -1 ... -5 from the end)"
        case .noSuchWeekdayInYear(let calendar, let year, let n, let weekday):
            return "\(calendar) year \(CalendarDateText.yearText(year)) has no weekday number \(n) that is a \(weekday) (use 1 ... 53, or -1 ... -53 from the end)"
        case .noBusinessDays:
            return "the weekend covers every day of the week: there are no business days"
        case .duration(let error):
            return error.description
        case .conversion(let error):
            return error.description
        case .time(let error):
            return error.description
        }
    }
}
