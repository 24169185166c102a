/// A calendar that only ICU can compute (astronomical or observational:
/// `chinese`, `dangi`, `islamic`, `islamic-umalqura`, `islamic-rgsa`), made
/// fast by converting through a table of each year's first day, month codes
/// and month lengths.
///
/// The years of a baked table (`BakedYearTable`, generated from the
/// reference and shipped as source) cost nothing to look up and no ICU call;
/// other years are asked of the reference engine once (a few dozen ICU
/// calls) and cached. The reference opens on first need. A class so copies
/// share `cache`; immutable apart from that thread-safe cache.
public final class MonthTableCalendar: CalendarSystem, FactsForwarding {
    /// The calendar's facts (names, month codes, eras): its family's.
    public let facts: BuiltInFacts
    public let supportedYears: ClosedRange<Int>
    private let lazyReference: LazyReference
    private let cache: YearLayoutCache
    /// The related Gregorian year starts within about two months of January 1.
    private let isLunisolar: Bool
    /// The baked years (empty without a table) and the first of them.
    private let baked: [YearLayout]
    private let firstBakedYear: Int

    /// A table engine over `reference`, which must answer every year the
    /// supported days touch (and one on either side), with no baked years.
    init(_ kind: CalendarID, reference: any CalendarSystem, cacheCapacity: Int = 4_096) {
        lazyReference = LazyReference(opened: reference)
        facts = BuiltInFacts(kind)
        supportedYears = reference.supportedYears
        // The years of ISO 1900 ... 2100 in this calendar go in the dense table.
        let first = reference.ordinalDate(ofDay: GregorianMath.dayNumber(year: 1900, month: 1, day: 1)).year
        let last = reference.ordinalDate(ofDay: GregorianMath.dayNumber(year: 2100, month: 12, day: 31)).year
        cache = YearLayoutCache(denseYears: first...Swift.max(first, last), capacity: cacheCapacity)
        isLunisolar = facts.hasLeapMonths
        baked = []
        firstBakedYear = 0
    }

    /// A table engine reading `table` first and `reference` (opened by the
    /// closure on first need) beyond it; nil when `table` does not decode.
    init?(_ id: CalendarID, table: BakedYearTable, cacheCapacity: Int = 4_096,
          reference: @escaping @Sendable () throws(ConversionError) -> any CalendarSystem) {
        guard table.calendar == id.rawValue, let layouts = table.layouts() else { return nil }
        lazyReference = LazyReference(reference)
        facts = BuiltInFacts(id)
        supportedYears = table.supportedYears
        baked = layouts
        firstBakedYear = table.years.lowerBound
        // The baked years need no cache; the dense part is a single year.
        cache = YearLayoutCache(denseYears: table.years.upperBound...table.years.upperBound, capacity: cacheCapacity)
        isLunisolar = facts.hasLeapMonths
    }

    /// The reference engine for years beyond the table, or nil when it could
    /// not be opened (then `date` and `dayNumberIfValid` report the failure).
    var reference: (any CalendarSystem)? { try? lazyReference.engine() }

    /// Whether the reference has been opened (for tests: a conversion in the
    /// baked years must not open it).
    var hasOpenedReference: Bool { lazyReference.isOpened }

    /// The years the baked table holds, or nil without one.
    var bakedYears: ClosedRange<Int>? {
        baked.isEmpty ? nil : firstBakedYear...(firstBakedYear + baked.count - 1)
    }

    /// The layout of `year`, from the baked table, the cache or the
    /// reference; nil when the reference describes a year no `YearLayout`
    /// can hold, or cannot be opened.
    @inline(__always)
    func layout(ofYear year: Int) -> YearLayout? {
        let index = year &- firstBakedYear
        if index >= 0 && index < baked.count { return baked[index] }
        if let layout = cache.layout(ofYear: year) { return layout }
        return loadLayout(ofYear: year)
    }

    /// The layout the reference gives `year`, skipping the baked table (for
    /// the tests that compare the two).
    func referenceLayout(ofYear year: Int) -> YearLayout? {
        guard let reference else { return nil }
        let count = reference.monthsInYear(year)
        guard count >= 1 else { return nil }
        let months = 1...count
        return YearLayout(
            firstDay: reference.dayNumber(year: year, month: 1, day: 1),
            codes: months.map { reference.monthCode(year: year, month: $0) },
            lengths: months.map { reference.daysInMonth(year: year, month: $0) }
        )
    }

    private func loadLayout(ofYear year: Int) -> YearLayout? {
        guard let layout = referenceLayout(ofYear: year) else { return nil }
        cache.store(layout, forYear: year)
        return layout
    }

    /// A year close to the one containing `day`: within one for every
    /// calendar served (mean year lengths, anchored at known new years).
    @inline(__always)
    private func estimatedYear(ofDay day: Int) -> Int {
        if isLunisolar {
            // New year falls between January 21 and February 21.
            return GregorianMath.date(dayNumber: day &- 35).year
        }
        // Lunar years of 10,631 / 30 days from 1 Muharram 1 AH (civil epoch).
        return (30 &* (day &- IslamicArithmeticMath.civilEpoch) &+ 10_646).floorDivided(by: 10_631)
    }

    /// Years cached outside the dense years (for tests of the bound).
    var cacheCount: Int { cache.otherCount }

    /// The year containing `day` and its layout, or nil when the reference
    /// describes a year no layout holds.
    @inline(__always)
    private func yearLayout(containing day: Int) -> (year: Int, layout: YearLayout)? {
        var year = estimatedYear(ofDay: day)
        // Two steps cover any estimate within two years.
        for _ in 0..<3 {
            guard let layout = layout(ofYear: year) else { return nil }
            let dayOfYear = day &- Int(layout.firstDay)
            if dayOfYear < 0 {
                year &-= 1
            } else if dayOfYear >= Int(layout.dayCount) {
                year &+= 1
            } else {
                return (year, layout)
            }
        }
        return nil
    }

    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        guard let found = yearLayout(containing: day) else {
            return reference?.ordinalDate(ofDay: day) ?? OrdinalDate(year: 0, month: 1, day: 1)
        }
        let monthAndDay = found.layout.monthAndDay(dayOfYear: day &- Int(found.layout.firstDay))
        return OrdinalDate(year: found.year, month: monthAndDay.month, day: monthAndDay.day)
    }

    /// One table lookup for the whole date (the shared implementation would
    /// look the year up for each field).
    public func date(dayNumber day: Int) throws(ConversionError) -> CalendarDate {
        guard DayNumber.supported.contains(day), let found = yearLayout(containing: day) else {
            if DayNumber.supported.contains(day) { _ = try lazyReference.engine() }
            return try standardDate(dayNumber: day)
        }
        let monthAndDay = found.layout.monthAndDay(dayOfYear: day &- Int(found.layout.firstDay))
        return CalendarDate(calendar: id, dayNumber: day, year: found.year, month: monthAndDay.month,
                            monthCode: found.layout.code(ofMonth: monthAndDay.month), day: monthAndDay.day,
                            era: era(ofDay: day, year: found.year))
    }

    /// One table lookup for a date that exists; anything else (a missing
    /// leap month, a day out of range, overflow handling, errors) takes the
    /// shared implementation.
    public func date(year: Int, monthCode: MonthCode, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        if let (number, month) = existingDay(year: year, monthCode: monthCode, day: day) {
            return CalendarDate(calendar: id, dayNumber: number, year: year, month: month, monthCode: monthCode,
                                day: day, era: era(ofDay: number, year: year))
        }
        if supportedYears.contains(year), layout(ofYear: year) == nil { _ = try lazyReference.engine() }
        return try standardDate(year: year, monthCode: monthCode, day: day, overflow: overflow)
    }

    /// The same lookup for the day number alone.
    public func dayNumberIfValid(year: Int, monthCode: MonthCode, day: Int) -> Int? {
        existingDay(year: year, monthCode: monthCode, day: day)?.dayNumber
    }

    /// The day number and ordinal month of a date that exists as given, in
    /// the supported range; nil for anything else.
    @inline(__always)
    private func existingDay(year: Int, monthCode: MonthCode, day: Int) -> (dayNumber: Int, month: Int)? {
        guard supportedYears.contains(year), let layout = layout(ofYear: year), let month = layout.month(of: monthCode),
              day >= 1, day <= layout.length(ofMonth: month)
        else { return nil }
        let number = Int(layout.firstDay) &+ layout.daysBefore(month: month) &+ day &- 1
        return DayNumber.supported.contains(number) ? (number, month) : nil
    }

    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        guard let layout = layout(ofYear: year) else { return reference?.dayNumber(year: year, month: month, day: day) ?? 0 }
        return Int(layout.firstDay) &+ layout.daysBefore(month: month) &+ day &- 1
    }

    public func monthsInYear(_ year: Int) -> Int {
        guard let layout = layout(ofYear: year) else { return reference?.monthsInYear(year) ?? 0 }
        return Int(layout.monthCount)
    }

    public func daysInMonth(year: Int, month: Int) -> Int {
        guard let layout = layout(ofYear: year) else { return reference?.daysInMonth(year: year, month: month) ?? 0 }
        return month >= 1 && month <= Int(layout.monthCount) ? layout.length(ofMonth: month) : 0
    }

    public func monthCode(year: Int, month: Int) -> MonthCode {
        guard let layout = layout(ofYear: year) else { return reference?.monthCode(year: year, month: month) ?? MonthCode(month) }
        return layout.code(ofMonth: month)
    }

    public func month(of code: MonthCode, inYear year: Int) -> Int? {
        guard let layout = layout(ofYear: year) else { return reference?.month(of: code, inYear: year) }
        return layout.month(of: code)
    }
}
