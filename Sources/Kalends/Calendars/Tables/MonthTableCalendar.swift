/// A calendar that only ICU can compute (astronomical or observational:
/// `chinese`, `dangi`, `islamic`, `islamic-umalqura`, `islamic-rgsa`), made
/// fast by asking the reference engine once per year for the year's first
/// day, month codes and month lengths, and converting by table afterwards.
///
/// The first use of a year costs what the reference needs for it (a few
/// dozen ICU calls); later conversions in that year are table reads. A class
/// so copies share `cache`; immutable apart from that thread-safe cache.
public final class MonthTableCalendar: CalendarSystem {
    public let id: CalendarID
    public let supportedYears: ClosedRange<Int>
    let reference: any CalendarSystem
    private let cache: YearLayoutCache
    /// The related Gregorian year starts within about two months of January 1.
    private let isLunisolar: Bool

    /// A table engine over `reference`, which must answer every year the
    /// supported days touch (and one on either side).
    init(reference: any CalendarSystem, cacheCapacity: Int = 4_096) {
        self.reference = reference
        id = reference.id
        supportedYears = reference.supportedYears
        cache = YearLayoutCache(capacity: cacheCapacity)
        isLunisolar = reference.id == .chinese || reference.id == .dangi
    }

    /// The layout of `year`, from the cache or the reference; nil when the
    /// reference describes a year no `YearLayout` can hold.
    @inline(__always)
    func layout(ofYear year: Int) -> YearLayout? {
        if let layout = cache.layout(ofYear: year) { return layout }
        return loadLayout(ofYear: year)
    }

    private func loadLayout(ofYear year: Int) -> YearLayout? {
        let count = reference.monthsInYear(year)
        guard count >= 1 else { return nil }
        let months = 1...count
        guard let layout = YearLayout(
            firstDay: reference.dayNumber(year: year, month: 1, day: 1),
            codes: months.map { reference.monthCode(year: year, month: $0) },
            lengths: months.map { reference.daysInMonth(year: year, month: $0) }
        ) else { return nil }
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

    public func ordinalDate(ofDay day: Int) -> OrdinalDate {
        var year = estimatedYear(ofDay: day)
        // Two steps cover any estimate within two years; beyond that, or for a
        // year that has no layout, the reference answers directly.
        for _ in 0..<3 {
            guard let layout = layout(ofYear: year) else { break }
            let dayOfYear = day &- Int(layout.firstDay)
            if dayOfYear < 0 {
                year &-= 1
            } else if dayOfYear >= Int(layout.dayCount) {
                year &+= 1
            } else {
                let found = layout.monthAndDay(dayOfYear: dayOfYear)
                return OrdinalDate(year: year, month: found.month, day: found.day)
            }
        }
        return reference.ordinalDate(ofDay: day)
    }

    public func dayNumber(year: Int, month: Int, day: Int) -> Int {
        guard let layout = layout(ofYear: year) else { return reference.dayNumber(year: year, month: month, day: day) }
        return Int(layout.firstDay) &+ layout.daysBefore(month: month) &+ day &- 1
    }

    public func monthsInYear(_ year: Int) -> Int {
        guard let layout = layout(ofYear: year) else { return reference.monthsInYear(year) }
        return Int(layout.monthCount)
    }

    public func daysInMonth(year: Int, month: Int) -> Int {
        guard let layout = layout(ofYear: year) else { return reference.daysInMonth(year: year, month: month) }
        return month >= 1 && month <= Int(layout.monthCount) ? layout.length(ofMonth: month) : 0
    }

    public func monthCode(year: Int, month: Int) -> MonthCode {
        guard let layout = layout(ofYear: year) else { return reference.monthCode(year: year, month: month) }
        return layout.code(ofMonth: month)
    }

    public func month(of code: MonthCode, inYear year: Int) -> Int? {
        guard let layout = layout(ofYear: year) else { return reference.month(of: code, inYear: year) }
        return layout.month(of: code)
    }
}
