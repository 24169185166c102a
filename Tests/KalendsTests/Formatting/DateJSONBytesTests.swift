import KalendsCheck
import XCTest
@testable import Kalends

/// `DateJSON.append(_:in:to:)`, the batch path's writer, gives exactly the
/// bytes of `DateJSON.object(_:in:)` in every calendar and engine, on random
/// days across the supported range and at its ends.
final class DateJSONBytesTests: XCTestCase {
    func testTheBytesEqualTheObjectsInEveryCalendar() throws {
        let engines = try CalendarID.allCases.map { try Calendars.system($0) }
        let days = Gen.oneOf([Gen.int(in: DayNumber.supported), Gen.int(in: -25_000...50_000),
                              Gen.element(of: [DayNumber.supported.lowerBound, DayNumber.supported.upperBound, 0, -1])])
        forAll(Gen.zip(Gen.int(in: 0...(engines.count - 1)), days), runs: 20_000) { index, day in
            let engine = engines[index]
            let date = try engine.date(dayNumber: day)
            var bytes: [UInt8] = [1, 2]
            DateJSON.append(date, in: engine, to: &bytes)
            guard Array(bytes.dropFirst(2)) == DateJSON.object(date, in: engine).encodedBytes, bytes.prefix(2) == [1, 2] else {
                throw TestFailure("\(engine.id) day \(day): \(String(decoding: bytes.dropFirst(2), as: UTF8.self))")
            }
            return true
        }
    }
}
