import XCTest
@testable import Kalends

/// Every day of the supported range (ISO -9999 ... 9999, 7,304,850 days) of
/// every calendar, fast engine against reference in both directions, plus
/// every year's months. Slow (an hour or more of ICU and Foundation calls):
/// runs only with `KALENDS_EXHAUSTIVE=1`. `KALENDS_EXHAUSTIVE_STRIDE=n`
/// checks every n-th day only; `KALENDS_EXHAUSTIVE_CALENDARS=hebrew,persian`
/// limits the calendars. Documented ICU defects (`KnownReferenceDefects`)
/// are counted, anything else fails.
final class ExhaustiveParityTests: XCTestCase {
    func testEveryDayOfEveryCalendarMatchesTheReference() throws {
        guard TestEnvironment.value("KALENDS_EXHAUSTIVE") == "1" else {
            throw XCTSkip("set KALENDS_EXHAUSTIVE=1 to compare every day with ICU")
        }
        let stride = max(1, Int(TestEnvironment.value("KALENDS_EXHAUSTIVE_STRIDE") ?? "1") ?? 1)
        let ids = try TestEnvironment.value("KALENDS_EXHAUSTIVE_CALENDARS").map { list in
            try list.split(separator: ",").map { try CalendarID(parsing: String($0)) }
        } ?? CalendarID.allCases
        var totals = (days: 0, years: 0, defectDays: 0, defectYears: 0, unexplained: 0)
        let started = Date()
        for id in ids {
            let result = try check(id, stride: stride)
            totals.days += result.days
            totals.years += result.years
            totals.defectDays += result.defectDays
            totals.defectYears += result.defectYears
            totals.unexplained += result.unexplained
        }
        print(String(format: "exhaustive total: %d days and %d years in %d calendars, %d days and %d years with known ICU defects, %d unexplained differences, %.0f s",
                     totals.days, totals.years, ids.count, totals.defectDays, totals.defectYears, totals.unexplained,
                     Date().timeIntervalSince(started)))
    }

    private func check(_ id: CalendarID, stride: Int) throws -> (days: Int, years: Int, defectDays: Int, defectYears: Int, unexplained: Int) {
        let started = Date()
        let comparison = try EngineComparison(id)
        let defects = KnownReferenceDefects(comparison)
        var days = 0, years = 0, defectDays = 0, defectYears = 0, unexplained = 0
        var examples: [String] = []
        var lastYear = Int.min
        var day = DayNumber.supported.lowerBound
        while day <= DayNumber.supported.upperBound {
            let differences = try comparison.differences(onDay: day)
            days += 1
            if !differences.isEmpty {
                if try defects.explains(day: day) {
                    defectDays += 1
                } else {
                    unexplained += 1
                    if examples.count < 20 { examples += differences }
                }
            }
            let year = comparison.fast.ordinalDate(ofDay: day).year
            if year != lastYear {
                lastYear = year
                years += 1
                let yearDifferences = comparison.yearDifferences(year)
                if !yearDifferences.isEmpty {
                    if defects.explains(year: year) {
                        defectYears += 1
                    } else {
                        unexplained += 1
                        if examples.count < 20 { examples += yearDifferences }
                    }
                }
            }
            day += stride
        }
        print(String(format: "exhaustive %@: %d days, %d years; known ICU defects on %d days, in %d years; %d unexplained; %.0f s",
                     id.rawValue, days, years, defectDays, defectYears, unexplained, Date().timeIntervalSince(started)))
        for example in examples { print("  \(example)") }
        XCTAssert(examples.isEmpty, "\(id): differences from the reference:\n" + examples.joined(separator: "\n"))
        return (days, years, defectDays, defectYears, unexplained)
    }
}
