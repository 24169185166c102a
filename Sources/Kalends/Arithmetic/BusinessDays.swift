import CICU

/// The days of the week that are not business days.
public struct Weekend: Hashable, Sendable, Codable {
    /// The weekdays that are not business days.
    public let days: Set<Weekday>

    /// A weekend of the given days.
    public init(_ days: Set<Weekday>) { self.days = days }

    /// Saturday and Sunday (most of the world).
    public static let saturdaySunday = Weekend([.saturday, .sunday])
    /// Friday and Saturday (Israel, Saudi Arabia, ...).
    public static let fridaySaturday = Weekend([.friday, .saturday])

    /// The weekend of a locale as CLDR (through ICU) gives it: `he_IL` and
    /// `ar_SA` have Friday and Saturday, `en_US` Saturday and Sunday.
    public init(locale: String) throws(ArithmeticError) {
        var days = Set<Weekday>()
        for weekday in Weekday.allCases {
            var status: Int32 = 0
            let weekend = kicu_is_weekend_day(locale, Int32(weekday.foundationNumber), &status)
            guard status <= 0 else {
                let name = kicu_error_name(status).map { String(cString: $0) } ?? "error \(status)"
                throw .conversion(.icuFailure(operation: "read the weekend of locale '\(locale)'", status: name))
            }
            if weekend != 0 { days.insert(weekday) }
        }
        self.days = days
    }

    /// True when `weekday` is a weekend day.
    public func contains(_ weekday: Weekday) -> Bool { days.contains(weekday) }
}

/// Business days: days that are neither in the weekend nor holidays.
///
///     let israel = BusinessDays(weekend: try Weekend(locale: "he_IL"))
///     try israel.adding(1, to: thursday, in: iso)   // the next Sunday
public struct BusinessDays: Hashable, Sendable {
    /// The weekdays that are never business days.
    public let weekend: Weekend
    /// Holidays as day numbers, sorted.
    public let holidays: [Int]

    /// Business days with `weekend` and `holidays` (day numbers) off.
    public init(weekend: Weekend = .saturdaySunday, holidays: Set<Int> = []) {
        self.weekend = weekend
        self.holidays = holidays.sorted()
    }

    /// Business days in a full week.
    var perWeek: Int { 7 - weekend.days.count }

    /// True when `dayNumber` is neither a weekend day nor a holiday.
    public func isBusinessDay(_ dayNumber: Int) -> Bool {
        !weekend.contains(Weekday(dayNumber: dayNumber)) && !isHoliday(dayNumber)
    }

    private func isHoliday(_ day: Int) -> Bool {
        let index = firstHoliday(atOrAfter: day)
        return index < holidays.count && holidays[index] == day
    }

    private func firstHoliday(atOrAfter day: Int) -> Int {
        var low = 0, high = holidays.count
        while low < high {
            let mid = (low + high) / 2
            if holidays[mid] < day { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The business days arrived at moving from `from` to `to`: those with
    /// `from` < d <= `to`, or, backwards, minus those with `to` <= d < `from`.
    /// So `count(from: a, to: adding(n, to: a))` is `n`.
    public func count(from: Int, to: Int) -> Int {
        if to < from { return -count(from: to - 1, to: from - 1) }
        let days = to - from
        var total = days / 7 * perWeek
        var day = from + days / 7 * 7
        while day < to {
            day += 1
            if !weekend.contains(Weekday(dayNumber: day)) { total += 1 }
        }
        // Holidays on business weekdays inside the span.
        var index = firstHoliday(atOrAfter: from + 1)
        while index < holidays.count, holidays[index] <= to {
            if !weekend.contains(Weekday(dayNumber: holidays[index])) { total -= 1 }
            index += 1
        }
        return total
    }

    /// The business days from `start` to `end` in `calendar`'s dates: see `count(from:to:)`.
    public func count(from start: CalendarDate, to end: CalendarDate) -> Int {
        count(from: start.dayNumber, to: end.dayNumber)
    }

    /// The date `n` business days after `date` (before, for negative `n`);
    /// `n` = 0 gives `date` itself.
    public func adding(_ n: Int, to date: CalendarDate, in calendar: any CalendarSystem) throws(ArithmeticError) -> CalendarDate {
        guard n != 0 else { return date }
        guard perWeek > 0 else { throw .noBusinessDays }
        let direction = n > 0 ? 1 : -1
        var remaining = n.magnitude
        var day = date.dayNumber
        // Whole weeks first, leaving at least a week's worth to step through.
        while remaining > UInt(2 * perWeek) {
            let weeks = Int(remaining / UInt(perWeek)) - 1
            let (jump, overflow) = weeks.multipliedReportingOverflow(by: 7 * direction)
            guard !overflow, DayNumber.supported.contains(day &+ jump) else {
                throw .outOfRange(calendar.id, detail: "\(n) business days from \(date.iso)")
            }
            remaining -= UInt(count(from: day, to: day + jump).magnitude)
            day += jump
        }
        while remaining > 0 {
            day += direction
            guard DayNumber.supported.contains(day) else {
                throw .outOfRange(calendar.id, detail: "\(n) business days from \(date.iso)")
            }
            if isBusinessDay(day) { remaining -= 1 }
        }
        return try calendar.adding(days: day - date.dayNumber, to: date)
    }
}
