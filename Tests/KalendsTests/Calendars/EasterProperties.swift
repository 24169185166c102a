import KalendsCheck
import XCTest
@testable import Kalends

/// Properties of both computuses, and each checked on every year against
/// formulations of its own that share no arithmetic with the library's.
///
/// What holds:
/// - Easter is a Sunday, 22 March ... 25 April in the computus's calendar
///   (Gregorian, or Julian for the Julian computus).
/// - The Gregorian computus agrees with Gauss's algorithm (with its two
///   exceptions) and with the Lilian epact tables (Clavius's rules, the
///   weekday taken from the day number), every year 1583 ... 9999.
/// - The Julian computus agrees with the 19-year table of paschal full
///   moons and with Gauss's Julian algorithm, every year 1 ... 9999, and
///   repeats every 532 years (19 lunar years times 28 solar ones).
final class EasterProperties: XCTestCase {
    static let julian = JulianCalendar()
    static let gregorianYears = Gen.int(in: Easter.Computus.gregorian.years)
    static let julianYears = Gen.int(in: Easter.Computus.julian.years)

    func testGregorianEasterIsASundayFrom22MarchTo25April() {
        forAll(Self.gregorianYears, runs: 2000) { year in
            let easter = try Easter.gregorian(year)
            guard easter.year == year, DayNumber.isoWeekday(easter.dayNumber) == 7,
                  (3, 22) <= (easter.month, easter.day), (easter.month, easter.day) <= (4, 25) else {
                throw TestFailure("Gregorian Easter \(year) is \(easter), weekday \(DayNumber.isoWeekday(easter.dayNumber))")
            }
            return true
        }
    }

    func testJulianEasterIsASundayFrom22MarchTo25AprilJulian() {
        forAll(Self.julianYears, runs: 2000) { year in
            let easter = try Easter.julian(year)
            let date = easter.julian
            guard date.calendar == CalendarIdentifier(.julian), date.year == year, date.weekday == 7,
                  (3, 22) <= (date.month, date.day), (date.month, date.day) <= (4, 25) else {
                throw TestFailure("Julian Easter \(year) is \(CalendarDateText.format(date)), weekday \(date.weekday)")
            }
            guard easter.gregorian.dayNumber == date.dayNumber else {
                throw TestFailure("Julian Easter \(year): \(CalendarDateText.format(date)) is not \(easter.gregorian)")
            }
            return true
        }
    }

    /// e(y) and e(y + 532) are the same Julian month and day.
    func testJulianEasterRepeatsEvery532Years() {
        let last = Easter.Computus.julian.years.upperBound - 532
        forAll(Gen.int(in: 1...last), runs: 2000) { year in
            let a = try Easter.julian(year).julian, b = try Easter.julian(year + 532).julian
            guard (a.month, a.day) == (b.month, b.day) else {
                throw TestFailure("Julian Easter \(year) is \(CalendarDateText.format(a)), \(year + 532) is \(CalendarDateText.format(b))")
            }
            return true
        }
    }

    func testGregorianEasterMatchesGaussAndTheEpactTablesEveryYear() throws {
        for year in Easter.Computus.gregorian.years {
            let easter = try Easter.gregorian(year)
            let gauss = try Self.gaussGregorian(year)
            let epact = try Self.epactGregorian(year)
            if easter != gauss || easter != epact {
                return XCTFail("Gregorian Easter \(year): \(easter), Gauss \(gauss), epact tables \(epact)")
            }
        }
    }

    func testJulianEasterMatchesTheFullMoonTableAndGaussEveryYear() throws {
        for year in Easter.Computus.julian.years {
            let easter = try Easter.julian(year).julian
            let table = try Self.fullMoonTableJulian(year)
            let gauss = try Self.gaussJulian(year)
            if easter != table || easter != gauss {
                return XCTFail("Julian Easter \(year): \(CalendarDateText.format(easter)), full-moon table \(CalendarDateText.format(table)), Gauss \(CalendarDateText.format(gauss))")
            }
        }
    }

    // MARK: Independent formulations

    /// Gauss (1816): M and N from the century, d days from 21 March to the
    /// full moon, e days on to the Sunday; 26 April becomes 19 April, and 25
    /// April becomes 18 April when d = 28, e = 6 and (11 M + 11) mod 30 < 19.
    static func gaussGregorian(_ year: Int) throws -> ISODate {
        let k = year / 100
        let p = (13 + 8 * k) / 25
        let q = k / 4
        let m = (15 - p + k - q) % 30
        let n = (4 + k - q) % 7
        let d = (19 * (year % 19) + m) % 30
        let e = (2 * (year % 4) + 4 * (year % 7) + 6 * d + n) % 7
        if d == 29 && e == 6 { return try ISODate(year: year, month: 4, day: 19) }
        if d == 28 && e == 6 && (11 * m + 11) % 30 < 19 { return try ISODate(year: year, month: 4, day: 18) }
        let march = 22 + d + e
        return march <= 31 ? try ISODate(year: year, month: 3, day: march) : try ISODate(year: year, month: 4, day: march - 31)
    }

    /// Clavius's epact: the Julian epact of the golden number, less the
    /// leap days the reform skipped (solar equation), plus the lunar
    /// equation; the full moon is 44 - epact days into March (from 21 March
    /// on), with the epacts 24, and 25 after golden number 11, moved a day;
    /// Easter is the next Sunday strictly after it, by the day number's weekday.
    static func epactGregorian(_ year: Int) throws -> ISODate {
        let golden = year % 19 + 1
        let century = year / 100 + 1
        let solar = 3 * century / 4 - 12
        let lunar = (8 * century + 5) / 25 - 5
        var epact = ((11 * golden + 20 + lunar - solar) % 30 + 30) % 30
        if epact == 24 || (epact == 25 && golden > 11) { epact += 1 }
        var fullMoon = 44 - epact
        if fullMoon < 21 { fullMoon += 30 }
        let day = try ISODate(year: year, month: 3, day: 1).dayNumber + fullMoon - 1
        return ISODate(dayNumber: day + 7 - DayNumber.isoWeekday(day) % 7)
    }

    /// The Julian paschal full moons of the 19-year cycle, by golden number
    /// 1 ... 19 (the table of the Book of Common Prayer and Bede), as (month, day).
    static let julianFullMoons: [(Int, Int)] = [
        (4, 5), (3, 25), (4, 13), (4, 2), (3, 22), (4, 10), (3, 30), (4, 18), (4, 7), (3, 27),
        (4, 15), (4, 4), (3, 24), (4, 12), (4, 1), (3, 21), (4, 9), (3, 29), (4, 17),
    ]

    /// The Sunday strictly after the table's full moon, weekdays from the Julian day number.
    static func fullMoonTableJulian(_ year: Int) throws -> CalendarDate {
        let (month, day) = julianFullMoons[year % 19]
        let fullMoon = try julian.date(year: year, month: month, day: day)
        return try julian.date(dayNumber: fullMoon.dayNumber + 7 - fullMoon.weekday % 7)
    }

    /// Gauss's algorithm with the Julian constants M = 15, N = 6 (no exceptions).
    static func gaussJulian(_ year: Int) throws -> CalendarDate {
        let d = (19 * (year % 19) + 15) % 30
        let e = (2 * (year % 4) + 4 * (year % 7) + 6 * d + 6) % 7
        let march = 22 + d + e
        return march <= 31 ? try julian.date(year: year, month: 3, day: march) : try julian.date(year: year, month: 4, day: march - 31)
    }
}
