import Kalends

/// The Symmetry454 calendar of Irv Bromberg (University of Toronto), with its
/// preferred 52/293 leap rule: a calendar Kalends does not ship, written
/// entirely against the public `CalendarSystem` protocol to prove the
/// protocol open to calendars defined outside the library.
///
/// The rules, as Bromberg publishes them ("Basic Symmetry454 and Symmetry010
/// Calendar Arithmetic", version 12.08(328), 2019, and the Symmetry454 FAQ,
/// version 12.08(327), both at http://individual.utoronto.ca/kalendis/ and
/// http://www.sym454.org/; summarized in Wikipedia's "Symmetry454" article):
///
/// - Twelve months; each quarter has months of 4, 5 and 4 whole weeks
///   (28, 35, 28 days), so every month and every year starts on a Monday.
/// - A leap year appends a leap week to December (35 days instead of 28):
///   a year is leap when `(52 * year + 146) mod 293 < 52`, 52 leap years in
///   a 293-year cycle, at intervals of 5 or 6 years.
/// - The epoch: year 1 January 1 is the Monday that is proleptic Gregorian
///   0001-01-01.
///
/// Only these facts are used; the arithmetic below is derived here (see
/// `firstDay(of:)`), not copied from any implementation.
///
/// A value type with one stored range: `Sendable` by construction. The
/// primitives use wrapping arithmetic, so they never trap, whatever they are
/// asked (the protocol lets them answer anything for invalid fields); every
/// checked entry point of the shared extension tests the year against
/// `supportedYears` first, and there the arithmetic cannot overflow.
public struct Symmetry454Calendar: CalendarSystem {
    /// Registered once: a calendar outside Kalends names itself with a key
    /// of its own. The key is a literal that `register` accepts, so the
    /// fallback (a built-in's identifier) is never taken; it only keeps this
    /// stored constant free of `try!`.
    public static let identifier = (try? CalendarIdentifier.register("symmetry454")) ?? CalendarIdentifier(.iso8601)

    public var id: CalendarIdentifier { Self.identifier }

    public var name: String { "Symmetry454" }

    /// Months of four or five weeks; years of 52 weeks, or 53 with the leap week.
    public var monthLengths: ClosedRange<Int> { 28...35 }
    public var yearLengths: ClosedRange<Int> { 364...371 }

    /// Months of 4, 5 and 4 weeks in each quarter, December with the leap week.
    public func monthName(_ code: MonthCode, leapYear: Bool) -> String {
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
         "November", "December"][min(max(code.number, 1), 12) - 1]
    }

    /// Symmetry454 years -9999 ... 9999: the Symmetry454 year -9999 starts on
    /// ISO -9999-01-01 itself, and ISO 9999-12-31 falls in Symmetry454 9999,
    /// so these are exactly the years that meet `DayNumber.supported`.
    public let supportedYears: ClosedRange<Int>

    /// The day number of Symmetry454 0001-01-01 = proleptic Gregorian
    /// 0001-01-01, a Monday (Julian Day 1,721,426).
    public static let epoch = 1_721_426 - DayNumber.julianDayOfEpoch

    /// Days in a 293-year leap cycle: 293 * 364 + 52 * 7.
    static let daysPerCycle = 107_016

    public init() {
        supportedYears = Self.year(containing: DayNumber.supported.lowerBound)
            ... Self.year(containing: DayNumber.supported.upperBound)
    }

    /// True when `year` has the leap week: `(52 * year + 146) mod 293 < 52`.
    public func isLeapYear(_ year: Int) -> Bool {
        Self.isLeapYear(year)
    }

    /// The day number of 1 January of `year`, for any year (wrapping far outside `supportedYears`).
    public func firstDay(of year: Int) -> Int {
        Self.firstDay(of: year)
    }

    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let year = Self.year(containing: day)
        let dayOfYear = day &- Self.firstDay(of: year)        // 0 ... 370
        // Weeks 0 ... 51 fall in quarters of 13 weeks (4 + 5 + 4); the leap
        // week, week 52, is the sixth week of December.
        let week = dayOfYear / 7
        let quarter = Swift.min(week / 13, 3)
        let weekInQuarter = week &- 13 &* quarter
        let monthInQuarter = weekInQuarter < 4 ? 0 : (weekInQuarter < 9 ? 1 : 2)
        let month = 3 &* quarter &+ monthInQuarter &+ 1
        return OrdinalDate(year: year, month: month, day: dayOfYear &- Self.daysBefore(month: month) &+ 1)
    }

    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        Self.firstDay(of: year) &+ Self.daysBefore(month: month) &+ day &- 1
    }

    public func monthsInYear(_ year: Int) -> Int { 12 }

    public func daysInMonth(year: Int, month: Int) -> Int {
        if month == 12 && Self.isLeapYear(year) { return 35 }
        return month % 3 == 2 ? 35 : 28
    }

    /// Twelve plain months: the code is the position, `M01` ... `M12`.
    public func monthCode(year: Int, month: Int) -> MonthCode {
        MonthCode(month)
    }

    public func month(of code: MonthCode, inYear year: Int) -> Int? {
        !code.isLeap && (1...12).contains(code.number) ? code.number : nil
    }

    // MARK: The arithmetic

    static func isLeapYear(_ year: Int) -> Bool {
        floorModulo(52 &* year &+ 146, 293) < 52
    }

    /// Weeks before month `m` are 4 (m - 1) + floor(m / 3): each completed
    /// quarter, and the middle month of the current one once passed, adds a fifth week.
    static func daysBefore(month: Int) -> Int {
        7 &* (4 &* (month &- 1) &+ month / 3)
    }

    /// Year y is leap exactly when floor((52 y + 146) / 293) steps up from
    /// y - 1 to y (the remainder wrapped past 293, which it does exactly when
    /// it lands below 52). So the leap years in 1 ... n number
    /// floor((52 n + 146) / 293) - floor(146 / 293) = floor((52 n + 146) / 293),
    /// and for n < 0 the same expression counts them with a minus sign.
    static func firstDay(of year: Int) -> Int {
        let before = year &- 1
        return epoch &+ 364 &* before &+ 7 &* floorDivide(52 &* before &+ 146, 293)
    }

    /// The year containing `day`: a first guess from the mean year (107,016 /
    /// 293 days), which the leap weeks' spread keeps within a year of the
    /// answer, then corrected.
    static func year(containing day: Int) -> Int {
        let elapsed = day &- epoch
        var year = floorDivide(293 &* elapsed, daysPerCycle) &+ 1
        // At most one step each way for a supported day; bounded anyway.
        for _ in 0..<4 {
            if firstDay(of: year) > day {
                year &-= 1
            } else if firstDay(of: year &+ 1) <= day {
                year &+= 1
            } else {
                break
            }
        }
        return year
    }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient &- 1 : quotient
    }

    static func floorModulo(_ a: Int, _ b: Int) -> Int {
        a &- b &* floorDivide(a, b)
    }
}
