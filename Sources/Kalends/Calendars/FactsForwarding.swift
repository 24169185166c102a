/// An engine that serves several calendars and answers every calendar fact
/// from the facts of the calendar it serves (the month-table and reference
/// engines; the tabular Islamic engine from `IslamicFacts`). Generic over the
/// facts type, so calls are direct.
public protocol FactsForwarding: CalendarFacts {
    associatedtype Facts: CalendarFacts
    /// The facts of the calendar this engine serves.
    var facts: Facts { get }
}

extension FactsForwarding {
    public var id: CalendarIdentifier { facts.id }
    public var name: String { facts.name }
    public var hasLeapMonths: Bool { facts.hasLeapMonths }
    @inline(__always) public func hasMonthCode(_ code: MonthCode) -> Bool { facts.hasMonthCode(code) }
    public var monthCodesDescription: String { facts.monthCodesDescription }
    public var ruleMonthsDescription: String { facts.ruleMonthsDescription }
    public var monthLengths: ClosedRange<Int> { facts.monthLengths }
    public var yearLengths: ClosedRange<Int> { facts.yearLengths }
    public var hasNumberedMonths: Bool { facts.hasNumberedMonths }
    public func constrainedMonthCode(_ code: MonthCode) -> MonthCode? { facts.constrainedMonthCode(code) }
    public func monthCode(skipping code: MonthCode, forward: Bool) -> MonthCode? { facts.monthCode(skipping: code, forward: forward) }
    public func missingMonthDetail(_ code: MonthCode, year: Int, codes: [MonthCode]) -> String {
        facts.missingMonthDetail(code, year: year, codes: codes)
    }
    public func monthName(_ code: MonthCode, leapYear: Bool) -> String { facts.monthName(code, leapYear: leapYear) }
    public func monthCode(forName name: String) -> MonthCode? { facts.monthCode(forName: name) }
    @inline(__always) public func standardEra(year: Int) -> Era { facts.standardEra(year: year) }
    public var eraCodes: [String] { facts.eraCodes }
    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        try facts.arithmeticYear(era: code, eraYear: eraYear)
    }
    public func isInEra(_ code: String, _ date: CalendarDate) -> Bool { facts.isInEra(code, date) }
    public func longFormYear(of date: CalendarDate) -> String { facts.longFormYear(of: date) }
    public func titleYear(of date: CalendarDate) -> String { facts.titleYear(of: date) }
    public var hasRelatedGregorianYear: Bool { facts.hasRelatedGregorianYear }
    @inline(__always) public func foundationMonth(_ code: MonthCode) -> Int { facts.foundationMonth(code) }
    public func monthCode(foundationMonth month: Int, isLeapMonth: Bool) -> MonthCode? {
        facts.monthCode(foundationMonth: month, isLeapMonth: isLeapMonth)
    }
    public var maxFoundationMonth: Int { facts.maxFoundationMonth }
    @inline(__always) public func foundationIsLeapMonth(_ code: MonthCode) -> Bool { facts.foundationIsLeapMonth(code) }
    public func arithmeticYear(foundationEra era: Int, eraYear: Int) throws(ConversionError) -> Int {
        try facts.arithmeticYear(foundationEra: era, eraYear: eraYear)
    }
    public func foundationEra(year: Int, monthCode: MonthCode, day: Int) -> (era: Int, year: Int) {
        facts.foundationEra(year: year, monthCode: monthCode, day: day)
    }
    public func era(foundationEra value: Int, eraYear: Int, year: Int, day: Int) -> Era {
        facts.era(foundationEra: value, eraYear: eraYear, year: year, day: day)
    }
    public var icuYear: ICUYearField { facts.icuYear }
    public var icuCalendar: ICUCalendarType? { facts.icuCalendar }
}

/// The facts of any built-in calendar, for engines (the reference and
/// month-table engines) that serve a calendar chosen at run time.
public struct BuiltInFacts: FactsForwarding {
    /// The calendar.
    public let kind: CalendarID
    /// Its facts: its standard engine's, or its family's.
    public let facts: AnyCalendarFacts

    /// The facts of `kind`: its standard engine's, or its family's.
    public init(_ kind: CalendarID) {
        self.kind = kind
        let facts: any CalendarFacts
        switch kind {
        case .gregorian, .iso8601: facts = GregorianCalendar(kind)
        case .julian: facts = JulianCalendar()
        case .buddhist: facts = BuddhistCalendar()
        case .roc: facts = ROCCalendar()
        case .japanese: facts = JapaneseCalendar()
        case .hebrew: facts = Calendars.hebrew
        case .islamic, .islamicCivil, .islamicTabular, .islamicUmmAlQura, .islamicRGSA: facts = IslamicFacts(kind)
        case .persian: facts = PersianCalendar()
        case .indian: facts = IndianCalendar()
        case .coptic: facts = CopticCalendar()
        case .ethiopic, .ethiopicAmeteAlem: facts = EthiopicCalendar(kind)
        case .chinese, .dangi: facts = ChineseFacts(kind)
        }
        self.facts = AnyCalendarFacts(facts)
    }
}

/// Any calendar's facts as one concrete type, for code that serves a
/// calendar chosen at run time, built in or registered (`BuiltInFacts`,
/// RSCALE's calendar). An existential does not conform to its protocol, so
/// this forwards every question to it.
public struct AnyCalendarFacts: CalendarFacts {
    private let facts: any CalendarFacts

    /// The facts `facts` answers.
    public init(_ facts: any CalendarFacts) {
        self.facts = facts
    }

    public var id: CalendarIdentifier { facts.id }
    public var name: String { facts.name }
    public var hasLeapMonths: Bool { facts.hasLeapMonths }
    public func hasMonthCode(_ code: MonthCode) -> Bool { facts.hasMonthCode(code) }
    public var monthCodesDescription: String { facts.monthCodesDescription }
    public var ruleMonthsDescription: String { facts.ruleMonthsDescription }
    public var monthLengths: ClosedRange<Int> { facts.monthLengths }
    public var yearLengths: ClosedRange<Int> { facts.yearLengths }
    public var hasNumberedMonths: Bool { facts.hasNumberedMonths }
    public func constrainedMonthCode(_ code: MonthCode) -> MonthCode? { facts.constrainedMonthCode(code) }
    public func monthCode(skipping code: MonthCode, forward: Bool) -> MonthCode? { facts.monthCode(skipping: code, forward: forward) }
    public func missingMonthDetail(_ code: MonthCode, year: Int, codes: [MonthCode]) -> String {
        facts.missingMonthDetail(code, year: year, codes: codes)
    }
    public func monthName(_ code: MonthCode, leapYear: Bool) -> String { facts.monthName(code, leapYear: leapYear) }
    public func monthCode(forName name: String) -> MonthCode? { facts.monthCode(forName: name) }
    public func standardEra(year: Int) -> Era { facts.standardEra(year: year) }
    public var eraCodes: [String] { facts.eraCodes }
    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        try facts.arithmeticYear(era: code, eraYear: eraYear)
    }
    public func isInEra(_ code: String, _ date: CalendarDate) -> Bool { facts.isInEra(code, date) }
    public func longFormYear(of date: CalendarDate) -> String { facts.longFormYear(of: date) }
    public func titleYear(of date: CalendarDate) -> String { facts.titleYear(of: date) }
    public var hasRelatedGregorianYear: Bool { facts.hasRelatedGregorianYear }
    public func foundationMonth(_ code: MonthCode) -> Int { facts.foundationMonth(code) }
    public func monthCode(foundationMonth month: Int, isLeapMonth: Bool) -> MonthCode? {
        facts.monthCode(foundationMonth: month, isLeapMonth: isLeapMonth)
    }
    public var maxFoundationMonth: Int { facts.maxFoundationMonth }
    public func foundationIsLeapMonth(_ code: MonthCode) -> Bool { facts.foundationIsLeapMonth(code) }
    public func arithmeticYear(foundationEra era: Int, eraYear: Int) throws(ConversionError) -> Int {
        try facts.arithmeticYear(foundationEra: era, eraYear: eraYear)
    }
    public func foundationEra(year: Int, monthCode: MonthCode, day: Int) -> (era: Int, year: Int) {
        facts.foundationEra(year: year, monthCode: monthCode, day: day)
    }
    public func era(foundationEra value: Int, eraYear: Int, year: Int, day: Int) -> Era {
        facts.era(foundationEra: value, eraYear: eraYear, year: year, day: day)
    }
    public var icuYear: ICUYearField { facts.icuYear }
    public var icuCalendar: ICUCalendarType? { facts.icuCalendar }
}
