/// The calendar a rule counts in: the Gregorian engine, called directly, for
/// plain RFC 5545 rules and RSCALE=GREGORIAN; any other calendar's engine
/// (RSCALE, RFC 7529) through its existential: a built-in calendar's fast
/// standard engine, or the engine registered for a calendar defined outside
/// Kalends. One engine type serves all, so the expansion code is written
/// once; the Gregorian path pays one predictable branch a call.
struct RuleCalendar: CalendarSystem, FactsForwarding {
    let facts: AnyCalendarFacts
    /// The calendar's engine, or nil for the Gregorian one.
    private let other: (any CalendarSystem)?
    private let gregorian = GregorianCalendar()
    /// Kept, since month arithmetic asks on every period.
    let hasLeapMonths: Bool
    let supportedYears: ClosedRange<Int>

    /// The plain RFC 5545 calendar.
    init() {
        self.init(facts: BuiltInFacts(.gregorian).facts, other: nil, hasLeapMonths: false, supportedYears: GregorianCalendar().supportedYears)
    }

    /// The calendar of RSCALE=`id`.
    init(_ id: CalendarIdentifier?) throws(ConversionError) {
        guard let id, id != .gregorian && id != .iso8601 else {
            self.init()
            return
        }
        let engine = try Calendars.system(id)
        self.init(facts: AnyCalendarFacts(engine), other: engine, hasLeapMonths: engine.hasLeapMonths, supportedYears: engine.supportedYears)
    }

    private init(facts: AnyCalendarFacts, other: (any CalendarSystem)?, hasLeapMonths: Bool, supportedYears: ClosedRange<Int>) {
        self.facts = facts
        self.other = other
        self.hasLeapMonths = hasLeapMonths
        self.supportedYears = supportedYears
    }

    /// True for the Gregorian engine, whose facts repeat every 400 years.
    var isGregorian: Bool { other == nil }

    @inline(__always)
    func ordinalDate(ofDay day: Int) -> OrdinalDate {
        if let other { return other.ordinalDate(ofDay: day) }
        return gregorian.ordinalDate(ofDay: day)
    }

    @inline(__always)
    func dayNumber(year: Int, month: Int, day: Int) -> Int {
        if let other { return other.dayNumber(year: year, month: month, day: day) }
        return gregorian.dayNumber(year: year, month: month, day: day)
    }

    @inline(__always)
    func monthsInYear(_ year: Int) -> Int {
        if let other { return other.monthsInYear(year) }
        return 12
    }

    @inline(__always)
    func daysInMonth(year: Int, month: Int) -> Int {
        if let other { return other.daysInMonth(year: year, month: month) }
        return gregorian.daysInMonth(year: year, month: month)
    }

    @inline(__always)
    func daysInYear(_ year: Int) -> Int {
        if let other { return other.daysInYear(year) }
        return gregorian.daysInYear(year)
    }

    func isLeapYear(_ year: Int) -> Bool {
        if let other { return other.isLeapYear(year) }
        return gregorian.isLeapYear(year)
    }

    @inline(__always)
    func monthCode(year: Int, month: Int) -> MonthCode {
        if let other { return other.monthCode(year: year, month: month) }
        return MonthCode(month)
    }

    @inline(__always)
    func month(of code: MonthCode, inYear year: Int) -> Int? {
        if let other { return other.month(of: code, inYear: year) }
        return gregorian.month(of: code, inYear: year)
    }

    func era(ofDay day: Int, year: Int) -> Era {
        if let other { return other.era(ofDay: day, year: year) }
        return gregorian.era(ofDay: day, year: year)
    }
}
