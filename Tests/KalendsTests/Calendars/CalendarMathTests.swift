import XCTest
@testable import Kalends

/// The Euclidean-affine Gregorian and Julian arithmetic against plain
/// textbook versions (era-based days-from-civil; the Julian Day Number
/// formulas), over every day of the supported range and far beyond it.
final class CalendarMathTests: XCTestCase {
    /// Days from civil in 400-year eras (the body GregorianMath had before).
    static func textbookGregorianDay(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
    }

    /// The Julian calendar's Julian Day Number (Fliegel-Van Flandern style,
    /// with floor division so it holds for negative years), minus the epoch.
    static func textbookJulianDay(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let a = (14 - month) / 12
        let y = year + 4800 - a
        let m = month + 12 * a - 3
        return day + (153 * m + 2) / 5 + 365 * y + y.floorDivided(by: 4) - 32_083 - DayNumber.julianDayOfEpoch
    }

    func testGregorianEveryDayOfTheSupportedRange() {
        var expected = Self.textbookGregorianDay(-9999, 1, 1)
        XCTAssertEqual(expected, DayNumber.supported.lowerBound)
        var failures = 0
        for year in -9999...9999 {
            for month in 1...12 {
                let length = GregorianMath.daysInMonth(year: year, month: month)
                for day in 1...length {
                    let number = GregorianMath.dayNumber(year: year, month: month, day: day)
                    let back = GregorianMath.date(dayNumber: expected)
                    if number != expected || back != (year, month, day) {
                        failures += 1
                        if failures < 5 { XCTFail("\(year)-\(month)-\(day): \(number) vs \(expected), back \(back)") }
                    }
                    expected += 1
                }
            }
        }
        XCTAssertEqual(expected - 1, DayNumber.supported.upperBound)
        XCTAssertEqual(failures, 0)
    }

    func testGregorianLeapYearsAndMonthLengths() {
        for year in -12_000...12_000 {
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            XCTAssertEqual(GregorianMath.isLeapYear(year), leap, "\(year)")
            XCTAssertEqual(GregorianMath.daysInMonth(year: year, month: 2), leap ? 29 : 28)
        }
        XCTAssertEqual((1...12).map { GregorianMath.daysInMonth(year: 2023, month: $0) }, [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
    }

    /// Far outside the fast span the cycle-splitting path takes over.
    func testGregorianFarDays() {
        let days = [Int.min / 1_000, -1_000_000_000, -150_322_797, -150_322_796, -150_322_795, 923_418_000, 1 << 30, 5_000_000_000]
        for day in days + (0..<2000).map({ $0 * 1_000_003 - 1_000_000_000 }) {
            let (year, month, dayOfMonth) = GregorianMath.date(dayNumber: day)
            XCTAssertEqual(GregorianMath.dayNumber(year: year, month: month, day: dayOfMonth), day, "\(day)")
            XCTAssertEqual(Self.textbookGregorianDay(year, month, dayOfMonth), day, "\(day)")
        }
    }

    func testJulianEveryDayOfTheSupportedRange() {
        let first = JulianMath.date(dayNumber: DayNumber.supported.lowerBound)
        var expected = DayNumber.supported.lowerBound
        var failures = 0
        var date = first
        while expected <= DayNumber.supported.upperBound {
            let number = JulianMath.dayNumber(year: date.year, month: date.month, day: date.day)
            let textbook = Self.textbookJulianDay(date.year, date.month, date.day)
            let back = JulianMath.date(dayNumber: expected)
            if number != expected || textbook != expected || back != date {
                failures += 1
                if failures < 5 { XCTFail("\(date): \(number), textbook \(textbook), expected \(expected), back \(back)") }
            }
            expected += 1
            date = date.day < JulianMath.daysInMonth(year: date.year, month: date.month)
                ? (date.year, date.month, date.day + 1)
                : (date.month < 12 ? (date.year, date.month + 1, 1) : (date.year + 1, 1, 1))
        }
        XCTAssertEqual(failures, 0)
        // 2024-03-15 (Gregorian) is 2 March 2024 in the Julian calendar.
        XCTAssertEqual(JulianMath.date(dayNumber: Self.textbookGregorianDay(2024, 3, 15)).day, 2)
    }

    func testJulianFarDays() {
        for day in [-1_000_000_000, -146_821_000, 584_000_000, 1 << 31] + (0..<1000).map({ $0 * 2_000_003 - 1_000_000_000 }) {
            let (year, month, dayOfMonth) = JulianMath.date(dayNumber: day)
            XCTAssertEqual(JulianMath.dayNumber(year: year, month: month, day: dayOfMonth), day, "\(day)")
            XCTAssertEqual(Self.textbookJulianDay(year, month, dayOfMonth), day, "\(day)")
        }
    }

    /// Coptic, Ethiopic, tabular Islamic, Persian and Indian: continuity
    /// (each day is the previous one plus one, the fields advance by one day)
    /// and round trips over every day of the supported range.
    func testArithmeticCalendarsAreContinuousOverTheSupportedRange() {
        let calendars: [any CalendarSystem] = [
            CopticCalendar(), EthiopicCalendar(.ethiopic), EthiopicCalendar(.ethiopicAmeteAlem),
            IslamicArithmeticCalendar(.islamicCivil), IslamicArithmeticCalendar(.islamicTabular),
            PersianCalendar(), IndianCalendar(), JulianCalendar(), HebrewCalendar(),
        ]
        for calendar in calendars {
            var previous = calendar.ordinalDate(ofDay: DayNumber.supported.lowerBound)
            XCTAssertEqual(previous.year, calendar.supportedYears.lowerBound, "\(calendar.id)")
            var failures = 0
            for day in (DayNumber.supported.lowerBound + 1)...DayNumber.supported.upperBound {
                let date = calendar.ordinalDate(ofDay: day)
                let expected = previous.day < calendar.daysInMonth(year: previous.year, month: previous.month)
                    ? OrdinalDate(year: previous.year, month: previous.month, day: previous.day + 1)
                    : (previous.month < calendar.monthsInYear(previous.year)
                        ? OrdinalDate(year: previous.year, month: previous.month + 1, day: 1)
                        : OrdinalDate(year: previous.year + 1, month: 1, day: 1))
                if date != expected || calendar.dayNumber(year: date.year, month: date.month, day: date.day) != day {
                    failures += 1
                    if failures < 5 { XCTFail("\(calendar.id) day \(day): \(date), expected \(expected)") }
                }
                previous = date
            }
            XCTAssertEqual(previous.year, calendar.supportedYears.upperBound, "\(calendar.id)")
            XCTAssertEqual(failures, 0, "\(calendar.id)")
        }
    }
}

extension CalendarMathTests {
    func testSupportedSpanIsISOMinus9999To9999() {
        XCTAssertEqual(DayNumber.supported.lowerBound, GregorianMath.dayNumber(year: -9999, month: 1, day: 1))
        XCTAssertEqual(DayNumber.supported.upperBound, GregorianMath.dayNumber(year: 9999, month: 12, day: 31))
    }
}

extension CalendarMathTests {
    func testMarchFirst() {
        for year in stride(from: -500_000, through: 3_000_000, by: 997) + Array(-10_000...10_000) {
            XCTAssertEqual(GregorianMath.dayNumberOfMarchFirst(year), GregorianMath.dayNumber(year: year, month: 3, day: 1), "\(year)")
        }
    }
}
