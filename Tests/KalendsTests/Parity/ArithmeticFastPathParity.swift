import KalendsCheck
import XCTest
@testable import Kalends

/// The plain-month fast path of `adding` against Temporal's steps
/// (`temporalAdd`), its reference: same date, or the same error.
final class ArithmeticFastPathParity: XCTestCase {
    static let plain: [CalendarID] = [.gregorian, .iso8601, .julian, .buddhist, .japanese, .roc, .islamicCivil,
                                      .islamicTabular, .persian, .indian, .coptic, .ethiopic, .ethiopicAmeteAlem]

    private func outcome(_ body: () throws(ArithmeticError) -> CalendarDate) -> String {
        do { return "\(try body())" } catch { return "error: \(error)" }
    }

    /// Durations are signed as a whole: `months` takes the sign of `years` when both are set.
    private func same(_ calendar: any CalendarSystem, _ day: Int, _ years: Int, _ months: Int, _ overflow: Overflow) throws -> Bool {
        let date = try calendar.date(dayNumber: day)
        let signedMonths = years < 0 ? -abs(months) : (years > 0 ? abs(months) : months)
        let duration = try DateDuration(years: years, months: signedMonths)
        return outcome { () throws(ArithmeticError) in try calendar.adding(duration, to: date, overflow: overflow) }
            == outcome { () throws(ArithmeticError) in try calendar.temporalAdd(duration, to: date, overflow: overflow) }
    }

    /// A million cases (scaled by KALENDS_PROPERTY_RUNS / 1000), from a fixed seed.
    func testAMillionAdditions() throws {
        let runs = CheckConfig.fromEnvironment(runs: 1_000_000).runs
        var rng = SplitMix64(seed: 0x4B41_4C45_4E44_5321)
        let engines = try Self.plain.map { try Calendars.system($0) }
        for index in 0..<runs {
            let calendar = engines[index % engines.count]
            let day = Int(rng.next() % UInt64(DayNumber.supported.count)) + DayNumber.supported.lowerBound
            let years = Int(rng.next() % 41) - 20
            let months = index % 7 == 0 ? Int(rng.next() % 200_001) - 100_000 : Int(rng.next() % 61) - 30
            let overflow: Overflow = rng.next() % 2 == 0 ? .constrain : .reject
            guard try same(calendar, day, years, months, overflow) else {
                XCTFail("\(calendar.id) day \(day) + \(years) years \(months) months (\(overflow)) differs from temporalAdd")
                return
            }
        }
    }

    func testShrinkingProperty() throws {
        let input = Gen<(CalendarID, Int, Int, Int)>.zip(Gen.element(of: Self.plain), Gen.dayNumber,
                                                         Gen.int(in: -30_000...30_000), Gen.int(in: -400_000...400_000))
        forAll(input, Gen.bool, runs: 3000) { value, reject in
            let (id, day, years, months) = value
            return try self.same(Calendars.system(id), day, years, months, reject ? .reject : .constrain)
        }
    }
}
