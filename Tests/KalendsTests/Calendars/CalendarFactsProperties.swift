import KalendsCheck
import XCTest
@testable import Kalends

/// Each calendar's facts agree with its engine, in every built-in calendar:
/// what the engine produces, the facts can name, number and read back.
final class CalendarFactsProperties: XCTestCase {
    /// A calendar and a year of it (ISO 1800 ... 2200, where every engine is fast).
    static let calendarYears: Gen<(CalendarID, Int)> = Gen.element(of: CalendarID.allCases).flatMap { id in
        let calendar = (try? Calendars.system(id)) ?? GregorianCalendar()
        let first = calendar.ordinalDate(ofDay: GregorianMath.dayNumber(year: 1800, month: 1, day: 1)).year
        let last = calendar.ordinalDate(ofDay: GregorianMath.dayNumber(year: 2200, month: 1, day: 1)).year
        return Gen.int(in: first...last).map { (id, $0) }
    }

    func testFactsNameNumberAndReadBackEveryMonth() {
        forAll(Self.calendarYears, runs: 600) { id, year in
            let calendar = try Calendars.system(id)
            let leapYear = calendar.monthsInYear(year) > 12
            for month in 1...calendar.monthsInYear(year) {
                let code = calendar.monthCode(year: year, month: month)
                guard calendar.hasMonthCode(code) else { throw Failure("\(id) \(year): \(code) is not among \(calendar.monthCodesDescription)") }
                guard code.isLeap == false || calendar.hasLeapMonths else { throw Failure("\(id) has leap month \(code) but says it has none") }
                // Foundation's numbering round-trips.
                let foundation = calendar.foundationMonth(code)
                guard (1...calendar.maxFoundationMonth).contains(foundation),
                      calendar.monthCode(foundationMonth: foundation, isLeapMonth: calendar.foundationIsLeapMonth(code)) == code else {
                    throw Failure("\(id) \(year) \(code): Foundation month \(foundation) does not read back")
                }
                // The English name reads back to the code (Hebrew M06 in both its names).
                let name = calendar.monthName(code, leapYear: leapYear)
                guard calendar.monthCode(forName: name) == code else {
                    throw Failure("\(id) \(year) \(code): its name '\(name)' reads as \(String(describing: calendar.monthCode(forName: name)))")
                }
            }
            return true
        }
    }

    func testMissingLeapMonthsConstrainAndSkipToMonthsOfTheYear() throws {
        // Only the leap month codes each calendar has (Hebrew: M05L alone), so
        // the cases discarded are the years that have that leap month.
        let leapNumbers = try Dictionary(uniqueKeysWithValues: CalendarID.allCases.filter(\.hasLeapMonthCodes).map { id in
            let calendar = try Calendars.system(id)
            return (id, (1...12).filter { calendar.hasMonthCode(MonthCode($0, isLeap: true)) })
        })
        let lunisolar = Gen.element(of: CalendarID.allCases.filter(\.hasLeapMonthCodes)).flatMap { id in
            Gen<(CalendarID, Int, Int)>.zip(Gen.constant(id), Gen.int(in: 1800...2200), Gen.element(of: leapNumbers[id] ?? []))
        }
        forAll(lunisolar, runs: 400) { id, isoYear, number in
            let calendar = try Calendars.system(id)
            let year = calendar.ordinalDate(ofDay: GregorianMath.dayNumber(year: isoYear, month: 6, day: 1)).year
            let code = MonthCode(number, isLeap: true)
            try assume(calendar.hasMonthCode(code), "a leap month code the calendar never has")
            try assume(calendar.month(of: code, inYear: year) == nil, "a year that has the leap month")
            for fallback in [calendar.constrainedMonthCode(code), calendar.monthCode(skipping: code, forward: false),
                             calendar.monthCode(skipping: code, forward: true)] {
                guard let fallback, fallback.number <= 12 else { continue }
                guard calendar.month(of: fallback, inYear: year) != nil else {
                    throw Failure("\(id) \(year) lacks \(code); its fallback \(fallback) is missing too")
                }
            }
            guard let before = calendar.monthCode(skipping: code, forward: false), let after = calendar.monthCode(skipping: code, forward: true),
                  before.number < after.number || after.number > 12 else {
                throw Failure("\(id) \(code): SKIP neighbours out of order")
            }
            return true
        }
    }

    func testErasReadBack() {
        forAll(Gen<(CalendarID, Int)>.zip(Gen.element(of: CalendarID.allCases), Gen.int(in: DayNumber.supported)), runs: 800) { id, day in
            let calendar = try Calendars.system(id)
            let date = try calendar.date(dayNumber: day)
            guard let code = date.era.code else { throw Discard("a date without an era code") }
            guard calendar.eraCodes.contains(code) else { throw Failure("\(id) day \(day): era \(code) not in \(calendar.eraCodes)") }
            // The era year reads back as text (`be:-5`, `bce:44`). The year
            // typed is Temporal's, which differs from Foundation's year in
            // the era for BH (Foundation: 0, -1, ...) and for Japanese dates
            // before Meiji (code `ce`, Foundation's year in Keio etc.).
            let typed = switch code {
            case "bh", "bce": 1 - date.year
            case "ce": date.year
            default: date.era.year
            }
            let year = try calendar.arithmeticYear(era: code, eraYear: typed)
            guard year == date.year else { throw Failure("\(id) \(code):\(typed) reads as year \(year), not \(date.year)") }
            // And Foundation's era and year do too.
            let foundation = try calendar.arithmeticYear(foundationEra: date.era.value, eraYear: date.era.year)
            guard foundation == date.year else { throw Failure("\(id) Foundation era \(date.era.value)/\(date.era.year) reads as \(foundation)") }
            return true
        }
    }

    func testAnOutsideIdentifierRegistersOnceAndDecodesOnlyWhenKnown() throws {
        let first = try CalendarIdentifier.register("facts-test-calendar")
        XCTAssertEqual(try CalendarIdentifier.register("facts-test-calendar"), first)
        XCTAssertNil(first.builtIn)
        XCTAssertEqual(first.key, "facts-test-calendar")
        XCTAssertEqual(try CalendarIdentifier(key: "facts-test-calendar"), first)
        XCTAssertEqual(try CalendarIdentifier(key: "Jewish"), CalendarIdentifier(.hebrew))
        for refused in ["", "Hebrew", "hebrew", "gregory", "has space", String(repeating: "a", count: 41), "ümlaut"] {
            XCTAssertThrowsError(try CalendarIdentifier.register(refused), refused)
        }
        XCTAssertThrowsError(try JSONDecoder().decode(CalendarIdentifier.self, from: Data("\"never-registered\"".utf8)))
        XCTAssertEqual(try JSONDecoder().decode(CalendarIdentifier.self, from: Data("\"facts-test-calendar\"".utf8)), first)
        XCTAssertEqual(String(decoding: try JSONEncoder().encode(CalendarIdentifier(.islamicUmmAlQura)), as: UTF8.self), "\"islamic-umalqura\"")
    }
}

private struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The facts Recurrence and formatting read instead of asking which calendar
/// it is, held to the engines: month and year lengths, and the ordinal.
final class CalendarLengthFactsProperties: XCTestCase {
    /// Every month and year of sampled years over the whole supported range
    /// has a length within the calendar's `monthLengths` and `yearLengths`.
    func testSampledLengthsLieWithinTheFacts() {
        let gen = Gen.element(of: CalendarID.allCases).flatMap { id in
            let years = (try? Calendars.system(id).supportedYears) ?? 1...1
            return Gen.int(in: years).map { (id, $0) }
        }
        forAll(gen, runs: 400) { id, year in
            let calendar = try Calendars.system(id)
            if let violation = CalendarLengthFacts.violation(in: calendar, year: year) { throw Failure(violation) }
            return true
        }
    }

    /// The bounds are exact: the shortest and longest month and year each
    /// occur within ISO 1600 ... 2600 (the baked years of the table
    /// calendars) or -2000 ... -1500 (where the astronomical Islamic
    /// calendars have their years of 353 days).
    func testEveryBoundOccurs() throws {
        for id in CalendarID.allCases {
            let calendar = try Calendars.system(id)
            var months: ClosedRange<Int>?, years: ClosedRange<Int>?
            for (from, to) in [(1600, 2600), (-2000, -1500)] {
                let first = calendar.ordinalDate(ofDay: GregorianMath.dayNumber(year: from, month: 1, day: 1)).year
                let last = calendar.ordinalDate(ofDay: GregorianMath.dayNumber(year: to, month: 1, day: 1)).year
                let seen = CalendarLengthFacts.observed(in: calendar, years: first...last)
                months = months.map { Swift.min($0.lowerBound, seen.months.lowerBound)...Swift.max($0.upperBound, seen.months.upperBound) } ?? seen.months
                years = years.map { Swift.min($0.lowerBound, seen.years.lowerBound)...Swift.max($0.upperBound, seen.years.upperBound) } ?? seen.years
            }
            XCTAssertEqual(months, calendar.monthLengths, "\(id)")
            XCTAssertEqual(years, calendar.yearLengths, "\(id)")
        }
    }

    /// The ordinal is the position in `allCases` (the identifier's index),
    /// and every built-in calendar names the ICU calendar it is checked against.
    func testOrdinalsFollowAllCasesAndEveryBuiltInHasAnICUType() {
        XCTAssertEqual(MemoryLayout<CalendarID>.size, 1)
        for (index, id) in CalendarID.allCases.enumerated() {
            XCTAssertEqual(Int(id.ordinal), index, "\(id)")
            XCTAssertEqual(CalendarIdentifier(id).builtIn, id)
            XCTAssertNotNil(BuiltInFacts(id).icuCalendar, "\(id)")
        }
    }
}
