/// Gregorian months and days with years counted from another epoch: the
/// Thai Buddhist calendar (BE = Gregorian year + 543, one era numbered 0 as
/// ICU does) and the Republic of China (Minguo) calendar (year 1 = 1912;
/// Temporal's arithmetic year runs on through 0, `broc` 1, and below).
///
/// One engine, since the two differ only in the offset and their eras.
public struct GregorianOffsetCalendar: PlainMonthCalendar, GregorianMonthNames {
    /// `buddhist` or `roc`.
    public let kind: CalendarID
    /// Gregorian year minus this calendar's year: -543 (Buddhist) or 1911 (ROC).
    let gregorianYearOffset: Int

    /// The Buddhist calendar.
    public static let buddhist = GregorianOffsetCalendar(kind: .buddhist, gregorianYearOffset: -543)
    /// The Republic of China calendar.
    public static let roc = GregorianOffsetCalendar(kind: .roc, gregorianYearOffset: 1911)

    private init(kind: CalendarID, gregorianYearOffset: Int) {
        self.kind = kind
        self.gregorianYearOffset = gregorianYearOffset
        supportedYears = (-9999 - gregorianYearOffset)...(9999 - gregorianYearOffset)
    }

    public var id: CalendarIdentifier { CalendarIdentifier(kind) }

    /// The years of ISO -9999 ... 9999.
    public let supportedYears: ClosedRange<Int>

    /// The direct fields -> day path, on the Gregorian year: every date of
    /// ISO -9999 ... 9999 is a supported day number.
    @inline(__always)
    public func dayNumberIfValid(year: Int, monthCode: MonthCode, day: Int) -> Int? {
        let month = monthCode.number
        // A year so large that adding the offset wraps lands far outside -9999 ... 9999.
        let gregorianYear = year &+ gregorianYearOffset
        guard !monthCode.isLeap, UInt(bitPattern: month &- 1) < 12, UInt(bitPattern: gregorianYear &+ 9999) <= 19_998,
              UInt(bitPattern: day &- 1) < UInt(bitPattern: GregorianMath.daysInMonth(year: gregorianYear, month: month))
        else { return nil }
        return GregorianMath.dayNumber(year: gregorianYear, month: month, day: day)
    }

    @inline(__always)
    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let date = GregorianMath.date(dayNumber: day)
        return OrdinalDate(year: date.year &- gregorianYearOffset, month: date.month, day: date.day)
    }

    @inline(__always)
    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        GregorianMath.dayNumber(year: year &+ gregorianYearOffset, month: month, day: day)
    }

    @inline(__always)
    public func monthsInYear(_ year: Int) -> Int { 12 }

    @inline(__always)
    public func daysInMonth(year: Int, month: Int) -> Int {
        GregorianMath.daysInMonth(year: year &+ gregorianYearOffset, month: month)
    }

    // Facts.

    public var name: String { kind == .buddhist ? "Thai Buddhist" : "Republic of China (Minguo)" }

    @inline(__always)
    public func standardEra(year: Int) -> Era {
        kind == .buddhist ? Era.single(year, EraCode.be) : Era.split(year, after: EraCode.roc, before: EraCode.broc)
    }

    public var eraCodes: [String] { kind == .buddhist ? ["be"] : ["roc", "broc"] }

    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        let spellings = kind == .buddhist ? ["buddhist": "be"] : ["minguo": "roc", "minguo-qian": "broc", "roc-inverse": "broc"]
        // BE is one era holding every year, 0 and below included.
        return try arithmeticYear(era: code, eraYear: eraYear, canonical: { spellings[$0] ?? $0 }, allowsYearsBelowOne: kind == .buddhist) { era, year in
            era == "broc" ? 1 - year : year
        }
    }

    public func arithmeticYear(foundationEra era: Int, eraYear: Int) -> Int {
        kind == .roc && era == 0 ? 1 - eraYear : eraYear
    }

    /// ICU keeps the Gregorian year in EXTENDED_YEAR.
    public var icuYear: ICUYearField { .extended(offset: gregorianYearOffset) }
}
