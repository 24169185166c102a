/// The Hebrew calendar computed from its own rules (molad and postponements).
///
/// ICU, and so Foundation, start 74 years from AM 1 on a day late (17 of
/// them between AM 3706 and 6893) and misplace most years before AM 1; this
/// engine follows the rules (Docs/Conformance.md lists the years).
/// Year starts come from `HebrewYearTable` (computed once), month starts from
/// the year's length by arithmetic, so a conversion is two table reads.
public struct HebrewCalendar: CalendarSystem {
    public var id: CalendarIdentifier { CalendarIdentifier(.hebrew) }
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

extension HebrewCalendar {
    public var name: String { "Hebrew" }

    public var hasLeapMonths: Bool { true }

    /// M01 ... M12, and M05L (Adar I) in leap years.
    @inline(__always)
    public func hasMonthCode(_ code: MonthCode) -> Bool {
        (1...12).contains(code.number) && (!code.isLeap || code.number == 5)
    }

    public var monthCodesDescription: String { "M01 ... M12 and M05L (Adar I)" }
    public var ruleMonthsDescription: String { "1 ... 12 and 5L (Adar I)" }

    /// Months of 29 or 30 days; deficient common years of 353 days to complete leap years of 385.
    public var monthLengths: ClosedRange<Int> { 29...30 }
    public var yearLengths: ClosedRange<Int> { 353...385 }

    public var icuCalendar: ICUCalendarType? { ICUCalendarType("hebrew") }

    /// Adar I becomes Adar (M06) in a common year, as Temporal constrains it.
    public func constrainedMonthCode(_ code: MonthCode) -> MonthCode? {
        code.isLeap ? MonthCode(6) : nil
    }

    public func missingMonthDetail(_ code: MonthCode, year: Int, codes: [MonthCode]) -> String {
        "hebrew \(year) is not a leap year: it has no Adar I (\(code))"
    }

    /// ICU's English names; M06 is Adar II in a leap year, Adar otherwise.
    public func monthName(_ code: MonthCode, leapYear: Bool) -> String {
        if code.isLeap { return "Adar I" }
        if code.number == 6 { return leapYear ? "Adar II" : "Adar" }
        return Self.monthNames[min(max(code.number, 1), 12) - 1]
    }

    public func monthCode(forName name: String) -> MonthCode? {
        Self.spellings[MonthNames.normalized(name)]
    }

    private static let monthNames = ["Tishri", "Heshvan", "Kislev", "Tevet", "Shevat", "Adar", "Nisan", "Iyar", "Sivan",
                                     "Tamuz", "Av", "Elul"]

    /// The names and their common transliterations.
    private static let spellings: [String: MonthCode] = {
        var table: [String: MonthCode] = [:]
        let spellings: [(Int, Bool, [String])] = [
            (1, false, ["tishri", "tishrei", "tisri", "tishre"]),
            (2, false, ["heshvan", "cheshvan", "hesvan", "marcheshvan", "marheshvan", "chesvan", "heshwan"]),
            (3, false, ["kislev", "kislew", "chislev"]),
            (4, false, ["tevet", "teveth", "tebeth", "tebet", "teves"]),
            (5, false, ["shevat", "shvat", "shebat", "sebat", "shevet"]),
            (5, true, ["adari", "adar1", "adarrishon", "adaraleph", "adaralef", "firstadar", "adara"]),
            (6, false, ["adar", "adarii", "adar2", "adarsheni", "adarbet", "adarbeit", "adarbeth", "secondadar", "veadar", "adarb"]),
            (7, false, ["nisan", "nissan"]),
            (8, false, ["iyar", "iyyar", "iyyor"]),
            (9, false, ["sivan", "siwan"]),
            (10, false, ["tamuz", "tammuz", "tamus"]),
            (11, false, ["av", "ab", "menachemav"]),
            (12, false, ["elul", "ellul"]),
        ]
        for (number, leap, names) in spellings {
            for name in names { table[name] = MonthCode(number, isLeap: leap) }
        }
        return table
    }()

    @inline(__always)
    public func standardEra(year: Int) -> Era { Era.single(year, EraCode.am) }

    public var eraCodes: [String] { ["am"] }

    /// Anno Mundi years may be 0 or negative (before the epoch).
    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        try arithmeticYear(era: code, eraYear: eraYear, canonical: { $0 == "hebrew" ? "am" : $0 }, allowsYearsBelowOne: true) { _, year in year }
    }

    /// Foundation numbers the months of a leap year 1 ... 13, Adar I being 6;
    /// in a common year it skips 6.
    @inline(__always)
    public func foundationMonth(_ code: MonthCode) -> Int {
        if code.isLeap { return 6 }
        return code.number <= 5 ? code.number : code.number + 1
    }

    public func monthCode(foundationMonth month: Int, isLeapMonth: Bool) -> MonthCode? {
        guard (1...13).contains(month) else { return nil }
        if month == 6 { return MonthCode(5, isLeap: true) }
        return MonthCode(month <= 5 ? month : month - 1)
    }

    public var maxFoundationMonth: Int { 13 }

    /// Foundation says Adar I is month 6, not a leap month.
    public func foundationIsLeapMonth(_ code: MonthCode) -> Bool { false }
}
