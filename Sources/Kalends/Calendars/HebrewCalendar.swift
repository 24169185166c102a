/// The Hebrew calendar computed from its own rules (molad and postponements).
///
/// ICU, and so Foundation, start 74 years from AM 1 on a day late (17 of
/// them between AM 3706 and 6893) and misplace most years before AM 1; this
/// engine follows the rules (Docs/Conformance.md lists the years).
/// Year starts come from `HebrewYearTable` (computed once), month starts from
/// the year's length by arithmetic, so a conversion is two table reads.
public struct HebrewCalendar: CalendarSystem {
    public var id: CalendarID { .hebrew }
    /// AM -6239 ... 13760, the years of ISO -9999 ... 9999 (a test checks them).
    public var supportedYears: ClosedRange<Int> { -6_239...13_760 }
    /// The year words, read directly; `owner` keeps them alive. Together 24
    /// bytes, so the engine fits an existential's inline buffer.
    private let table: HebrewYearTable.View
    private let owner: HebrewYearTable

    public init() {
        self.init(table: .shared)
    }

    /// The calendar over other year starts (tests model ICU's with it).
    init(table: HebrewYearTable) {
        self.table = table.view
        owner = table
    }

    /// True in the 7 leap years (13 months, with Adar I) of each 19-year cycle.
    @inline(__always)
    public func isLeapYear(_ year: Int) -> Bool { HebrewMath.isLeapYear(year) }

    /// Days in `year`: 353, 354, 355, 383, 384 or 385.
    @inline(__always)
    public func daysInYear(_ year: Int) -> Int {
        table.start(ofYear: year).length
    }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let found = table.year(containing: day)
        let dayOfYear = day &- found.newYear
        let shape = HebrewMath.YearShape(length: found.length)
        // Months have 29 or 30 days, so dayOfYear / 30 + 1 is the month or the one before it.
        var month = Int(bitPattern: UInt(bitPattern: dayOfYear) / 30) &+ 1
        if HebrewMath.daysBefore(month: month &+ 1, in: shape) <= dayOfYear { month &+= 1 }
        return OrdinalDate(year: found.year, month: month, day: dayOfYear &- HebrewMath.daysBefore(month: month, in: shape) &+ 1)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let start = table.start(ofYear: year)
        return start.newYear &+ HebrewMath.daysBefore(month: month, in: HebrewMath.YearShape(length: start.length)) &+ day &- 1
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { isLeapYear(year) ? 13 : 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        guard month >= 1 && month <= monthsInYear(year) else { return 0 }
        let shape = HebrewMath.YearShape(length: daysInYear(year))
        return HebrewMath.daysBefore(month: month &+ 1, in: shape) &- HebrewMath.daysBefore(month: month, in: shape)
    }

    /// A date that exists takes one table read (the shared implementation
    /// reads the year for each check); anything else goes through it.
    @inline(__always)
    public func date(year: Int, monthCode: MonthCode, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        if let (number, month) = existingDay(year: year, monthCode: monthCode, day: day) {
            return CalendarDate(calendar: .hebrew, dayNumber: number, year: year, month: month, monthCode: monthCode,
                                day: day, era: era(ofDay: number, year: year))
        }
        return try standardDate(year: year, monthCode: monthCode, day: day, overflow: overflow)
    }

    /// The same direct path for the day number alone.
    @inline(__always)
    public func dayNumberIfValid(year: Int, monthCode: MonthCode, day: Int) -> Int? {
        existingDay(year: year, monthCode: monthCode, day: day)?.dayNumber
    }

    /// The day number and ordinal month of a date that exists as given, in
    /// the supported range; nil for anything else.
    @inline(__always)
    private func existingDay(year: Int, monthCode: MonthCode, day: Int) -> (dayNumber: Int, month: Int)? {
        guard supportedYears.contains(year) else { return nil }
        let start = table.start(ofYear: year)
        let shape = HebrewMath.YearShape(length: start.length)
        guard let month = HebrewMath.month(of: monthCode, leap: shape.isLeap) else { return nil }
        let before = HebrewMath.daysBefore(month: month, in: shape)
        guard day >= 1 && day <= HebrewMath.daysBefore(month: month &+ 1, in: shape) &- before else { return nil }
        let number = start.newYear &+ before &+ day &- 1
        return DayNumber.supported.contains(number) ? (number, month) : nil
    }

    @inline(__always)
    public func monthCode(year: Int, month: Int) -> MonthCode {
        HebrewMath.monthCode(month: month, leap: isLeapYear(year))
    }

    @inline(__always)
    public func month(of code: MonthCode, inYear year: Int) -> Int? {
        HebrewMath.month(of: code, leap: isLeapYear(year))
    }
}
