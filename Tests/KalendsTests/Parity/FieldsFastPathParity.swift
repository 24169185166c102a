import KalendsCheck
import XCTest
@testable import Kalends

/// The direct paths from fields to a day (`date(year:monthCode:day:overflow:)`,
/// `dayNumber(year:monthCode:day:overflow:)` and `dayNumberIfValid`) against the
/// shared implementation (`standardDate`), their reference: the same date or
/// day number, or the same error, on valid and invalid fields alike.
final class FieldsFastPathParity: XCTestCase {
    private func outcome<T>(_ body: () throws(ConversionError) -> T) -> String {
        do { return "\(try body())" } catch { return "error: \(error)" }
    }

    /// Every path for one input; nil when they agree, else what differs.
    private func difference(_ calendar: any CalendarSystem, _ year: Int, _ code: MonthCode, _ day: Int,
                            _ overflow: Overflow) -> String? {
        let reference = outcome { () throws(ConversionError) in
            try calendar.standardDate(year: year, monthCode: code, day: day, overflow: overflow)
        }
        let date = outcome { () throws(ConversionError) in
            try calendar.date(year: year, monthCode: code, day: day, overflow: overflow)
        }
        let referenceDay = outcome { () throws(ConversionError) in
            try calendar.standardDate(year: year, monthCode: code, day: day, overflow: overflow).dayNumber
        }
        let number = outcome { () throws(ConversionError) in
            try calendar.dayNumber(year: year, monthCode: code, day: day, overflow: overflow)
        }
        let valid = (try? calendar.standardDate(year: year, monthCode: code, day: day, overflow: .reject))?.dayNumber
        let ifValid = calendar.dayNumberIfValid(year: year, monthCode: code, day: day)
        guard date == reference, number == referenceDay, ifValid == valid else {
            return "\(calendar.id) \(year) \(code) \(day) \(overflow): date \(date) vs \(reference); "
                + "dayNumber \(number) vs \(referenceDay); dayNumberIfValid \(String(describing: ifValid)) vs \(String(describing: valid))"
        }
        return nil
    }

    /// Years near and beyond the supported ends, month codes 1 ... 14 with and
    /// without the leap flag, days -1 ... 33.
    private func randomInput(_ calendar: any CalendarSystem, _ rng: inout SplitMix64) -> (Int, MonthCode, Int, Overflow) {
        let years = calendar.supportedYears
        let year: Int
        switch rng.next() % 4 {
        case 0: year = years.lowerBound - 2 + Int(rng.next() % 5)
        case 1: year = years.upperBound - 2 + Int(rng.next() % 5)
        default: year = years.lowerBound + Int(rng.next() % UInt64(years.count))
        }
        let code = MonthCode(Int(rng.next() % 14) + 1, isLeap: rng.next() % 8 == 0)
        let day = Int(rng.next() % 35) - 1
        return (year, code, day, rng.next() % 2 == 0 ? .constrain : .reject)
    }

    /// A million cases over the arithmetic engines (scaled by
    /// KALENDS_PROPERTY_RUNS / 1000), from a fixed seed.
    func testAMillionFieldsOnTheArithmeticEngines() throws {
        let runs = CheckConfig.fromEnvironment(runs: 1_000_000).runs
        var rng = SplitMix64(seed: 0x4649_454C_4453_2101)
        let ids = CalendarID.allCases.filter { ![.chinese, .dangi, .islamic, .islamicUmmAlQura, .islamicRGSA].contains($0) }
        let engines = try ids.map { try Calendars.system($0) }
        for index in 0..<runs {
            let calendar = engines[index % engines.count]
            let (year, code, day, overflow) = randomInput(calendar, &rng)
            if let difference = difference(calendar, year, code, day, overflow) {
                XCTFail(difference)
                return
            }
        }
    }

    /// The wrapping arithmetic of the direct paths at the ends of `Int`.
    func testExtremeInputs() throws {
        let extremes = [Int.min, Int.min + 1, -10_000, -9_999, -1, 0, 1, 2, 12, 13, 14, 29, 31, 32, 9_999, 10_000, Int.max - 1, Int.max]
        for id in CalendarID.allCases {
            let calendar = try Calendars.system(id)
            for year in extremes + [calendar.supportedYears.lowerBound, calendar.supportedYears.upperBound] {
                for month in extremes where month != Int.min && month != Int.max {
                    for day in [Int.min, -1, 0, 1, 29, 30, 31, Int.max] {
                        for overflow in [Overflow.constrain, .reject] {
                            if let difference = difference(calendar, year, MonthCode(month), day, overflow) {
                                XCTFail(difference)
                                return
                            }
                        }
                    }
                }
            }
        }
    }

    /// The table engines ask ICU once for each new year, so their million
    /// cases fall on the years of ISO 1800 ... 2200, plus a few thousand over
    /// the whole range.
    func testTableEngines() throws {
        var rng = SplitMix64(seed: 0x4649_454C_4453_2102)
        let ids: [CalendarID] = [.chinese, .dangi, .islamic, .islamicUmmAlQura, .islamicRGSA]
        let engines = try ids.map { try Calendars.system($0) }
        let window = try engines.map { calendar in
            try calendar.date(dayNumber: ISODate(year: 1800, month: 1, day: 1).dayNumber).year
                ... calendar.date(dayNumber: ISODate(year: 2200, month: 12, day: 31).dayNumber).year
        }
        let runs = CheckConfig.fromEnvironment(runs: 1_000_000).runs
        let wideRuns = CheckConfig.fromEnvironment(runs: 10_000).runs
        for index in 0..<(runs + wideRuns) {
            let which = index % engines.count
            var (year, code, day, overflow) = randomInput(engines[which], &rng)
            if index < runs {
                year = window[which].lowerBound + Int(rng.next() % UInt64(window[which].count))
            }
            if let difference = difference(engines[which], year, code, day, overflow) {
                XCTFail(difference)
                return
            }
        }
    }

    /// The same property with shrinking, for a readable counterexample.
    func testShrinkingProperty() throws {
        let input = Gen<(CalendarID, Int, MonthCode, Int)>.zip(
            Gen.element(of: [.gregorian, .iso8601, .japanese, .buddhist, .roc, .julian, .coptic, .hebrew, .persian]),
            Gen.int(in: -10_100...14_000),
            Gen.int(in: 0...14).flatMap { number in Gen.bool.map { MonthCode(number, isLeap: $0) } },
            Gen.int(in: -2...34))
        forAll(input, Gen.bool, runs: 3000) { value, reject in
            let (id, year, code, day) = value
            return try self.difference(Calendars.system(id), year, code, day, reject ? .reject : .constrain) == nil
        }
    }

    /// Documentation examples: 30 Adar I 5784 is 2024-03-10; Adar I 5785 does not exist.
    func testHebrewExample() throws {
        let hebrew = try Calendars.system(.hebrew)
        let number = try hebrew.dayNumber(year: 5784, monthCode: MonthCode(5, isLeap: true), day: 30, overflow: .reject)
        XCTAssertEqual(number, 19_792)
        XCTAssertEqual(ISODate(dayNumber: number), try ISODate(year: 2024, month: 3, day: 10))
        // Docs/Conversion.md: 14 Adar II 5784 is 2024-03-24.
        let purim = try hebrew.dayNumber(year: 5784, monthCode: MonthCode(6), day: 14, overflow: .reject)
        XCTAssertEqual("\(ISODate(dayNumber: purim))", "2024-03-24")
        XCTAssertNil(hebrew.dayNumberIfValid(year: 5785, monthCode: MonthCode(5, isLeap: true), day: 1))
        XCTAssertThrowsError(try hebrew.dayNumber(year: 5785, monthCode: MonthCode(5, isLeap: true), day: 1, overflow: .reject))
    }
}
