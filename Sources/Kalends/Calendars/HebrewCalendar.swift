/// The Hebrew calendar computed from its own rules (molad and postponements).
///
/// ICU, and so Foundation, start 17 years between AM 3706 and 6893 a day
/// late; this engine follows the rules (Docs/Conformance.md lists the years).
/// Year starts come from `HebrewYearTable` (computed once), month starts from
/// the six possible year lengths, so a conversion is a few table reads.
public struct HebrewCalendar: CalendarSystem {
    public let id = CalendarID.hebrew
    public let supportedYears: ClosedRange<Int>
    private let table: HebrewYearTable

    public init() {
        self.init(table: .shared)
    }

    /// The calendar over other year starts (tests model ICU's with it).
    init(table: HebrewYearTable) {
        self.table = table
        supportedYears = HebrewMath.year(containing: DayNumber.supported.lowerBound)...HebrewMath.year(containing: DayNumber.supported.upperBound)
    }

    /// True in the 7 leap years (13 months, with Adar I) of each 19-year cycle.
    public func isLeapYear(_ year: Int) -> Bool { HebrewMath.isLeapYear(year) }

    /// Days in `year`: 353, 354, 355, 383, 384 or 385.
    public func daysInYear(_ year: Int) -> Int {
        table.newYear(year &+ 1) &- table.newYear(year)
    }

    /// Offset of the month starts of `year`'s kind in `HebrewMath.monthStartsByKind`.
    @inline(__always)
    private func monthStartsBase(yearLength: Int) -> Int {
        HebrewMath.yearKind(length: yearLength) &* 14
    }

    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let found = table.year(containing: day)
        let dayOfYear = day &- found.newYear
        let starts = HebrewMath.monthStartsByKind
        let base = monthStartsBase(yearLength: found.nextNewYear &- found.newYear)
        // Months have 29 or 30 days, so dayOfYear / 30 is the month or the one before it.
        var month = dayOfYear / 30
        if Int(starts[base &+ month &+ 1]) <= dayOfYear { month &+= 1 }
        return OrdinalDate(year: found.year, month: month &+ 1, day: dayOfYear &- Int(starts[base &+ month]) &+ 1)
    }

    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let newYear = table.newYear(year)
        let base = monthStartsBase(yearLength: table.newYear(year &+ 1) &- newYear)
        return newYear &+ Int(HebrewMath.monthStartsByKind[base &+ month &- 1]) &+ day &- 1
    }

    public func monthsInYear(_ year: Int) -> Int { isLeapYear(year) ? 13 : 12 }

    public func daysInMonth(year: Int, month: Int) -> Int {
        guard (1...monthsInYear(year)).contains(month) else { return 0 }
        let base = monthStartsBase(yearLength: daysInYear(year))
        let starts = HebrewMath.monthStartsByKind
        return Int(starts[base &+ month] &- starts[base &+ month &- 1])
    }

    public func monthCode(year: Int, month: Int) -> MonthCode {
        HebrewMath.monthCode(month: month, leap: isLeapYear(year))
    }

    public func month(of code: MonthCode, inYear year: Int) -> Int? {
        HebrewMath.month(of: code, leap: isLeapYear(year))
    }
}
