/// What the Chinese calendar and the Korean Dangi calendar know: twelve
/// months and, in some years, a leap month after any of them (`M04L`); the
/// arithmetic year is the related Gregorian year, as in Temporal, while
/// Foundation and ICU count 60-year cycles from 2637 BCE (Dangi's cycles too).
/// Their days come from month tables (`MonthTableCalendar`).
public struct ChineseFacts: CalendarFacts {
    /// `chinese` or `dangi`.
    public let kind: CalendarID

    /// The facts of `chinese` or `dangi`.
    public init(_ kind: CalendarID) { self.kind = kind }

    public var id: CalendarIdentifier { CalendarIdentifier(kind) }

    public var name: String { kind == .dangi ? "Dangi (Korean)" : "Chinese" }

    public var hasLeapMonths: Bool { true }

    /// Any of the twelve months, leap or not.
    @inline(__always)
    public func hasMonthCode(_ code: MonthCode) -> Bool { (1...12).contains(code.number) }

    public var monthCodesDescription: String { "M01 ... M12 and leap months M01L ... M12L" }
    public var ruleMonthsDescription: String { "1 ... 12, each also as a leap month (1L ... 12L)" }

    /// Months from one new moon to the next (29 or 30 days); twelve of them
    /// in a common year (353 ... 355 days), thirteen in a leap year (383 ... 385).
    public var monthLengths: ClosedRange<Int> { 29...30 }
    public var yearLengths: ClosedRange<Int> { 353...385 }

    /// The months' names are their numbers (`Fourth Month`).
    public var hasNumberedMonths: Bool { true }

    public var icuCalendar: ICUCalendarType? { ICUCalendarType(kind.rawValue) }

    public func missingMonthDetail(_ code: MonthCode, year: Int, codes: [MonthCode]) -> String {
        if let leap = codes.first(where: \.isLeap) {
            return "\(kind) \(year) has no leap month \(code) (its leap month is \(leap))"
        }
        return "\(kind) \(year) has no leap month \(code) (it has no leap month)"
    }

    /// ICU's English names; a leap month is "Leap Second Month" where ICU
    /// writes "Second Monthbis" (`MonthNames.englishOverrides` says why).
    public func monthName(_ code: MonthCode, leapYear: Bool) -> String {
        (code.isLeap ? "Leap " : "") + Self.monthNames[min(max(code.number, 1), 12) - 1]
    }

    /// `Second Month`, `Second Monthbis` or `Leap Second Month`.
    public func monthCode(forName name: String) -> MonthCode? {
        let key = MonthNames.normalized(name)
        for (index, month) in Self.monthNames.enumerated() {
            let base = MonthNames.normalized(month)
            if key == base { return MonthCode(index + 1) }
            if key == base + "bis" || key == "leap" + base { return MonthCode(index + 1, isLeap: true) }
        }
        return nil
    }

    private static let monthNames = ["First Month", "Second Month", "Third Month", "Fourth Month", "Fifth Month", "Sixth Month",
                                     "Seventh Month", "Eighth Month", "Ninth Month", "Tenth Month", "Eleventh Month", "Twelfth Month"]

    /// Years before the epoch of the cycles: 2637 BCE is cycle 1, year 1.
    static let cycleEpochOffset = 2637

    /// The 60-year cycle (Foundation's era) and the year in it; no era code.
    @inline(__always)
    public func standardEra(year: Int) -> Era {
        let extended = year &+ Self.cycleEpochOffset
        return Era(codeIndex: EraCode.none, value: (extended &- 1).floorDivided(by: 60) &+ 1, year: (extended &- 1).floorModulo(60) &+ 1)
    }

    public func longFormYear(of date: CalendarDate) -> String { "\(date.year)" }

    public var hasRelatedGregorianYear: Bool { true }

    public func monthCode(foundationMonth month: Int, isLeapMonth: Bool) -> MonthCode? {
        (1...12).contains(month) ? MonthCode(month, isLeap: isLeapMonth) : nil
    }

    public func arithmeticYear(foundationEra era: Int, eraYear: Int) throws(ConversionError) -> Int {
        let (cycles, overflow) = (era &- 1).multipliedReportingOverflow(by: 60)
        let (sum, overflowSum) = cycles.addingReportingOverflow(eraYear &- Self.cycleEpochOffset)
        guard !overflow, !overflowSum else { throw .yearOutOfRange(CalendarIdentifier(kind), year: eraYear, allowed: -9999...9999) }
        return sum
    }

    /// ICU's EXTENDED_YEAR counts from each calendar's own epoch: 2637 BCE
    /// (Chinese) and 2333 BCE (Dangi).
    public var icuYear: ICUYearField { .extended(offset: kind == .dangi ? 2333 : Self.cycleEpochOffset) }
}
