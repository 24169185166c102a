import KalendsCheck
import XCTest
@testable import Kalends

/// `DateJSON.append(_:in:to:)` and `DateJSONWriter`, the batch path's
/// writers, give exactly the bytes of `DateJSON.object(_:in:)` in every
/// calendar and engine, on random days across the supported range and at
/// its ends, and (the writer, whose months are cached) on runs of
/// consecutive days, days that jump between months sharing a slot, and the
/// months where an era starts mid-month.
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

    func testTheWriterEqualsTheObjectOnRunsOfDays() throws {
        let engines = try CalendarID.allCases.map { try Calendars.system($0) }
        // A run of up to 400 consecutive days, or of days that jump `stride` days
        // (1,948 ... 1,950 days are some 64 months, which share a slot), from a start mostly in 1900 ... 2100.
        let starts = Gen.oneOf([Gen.int(in: -25_000...50_000), Gen.int(in: DayNumber.supported.lowerBound...(DayNumber.supported.upperBound - 40_000))])
        let strides = Gen.element(of: [1, 1, 1, 29, 1_948, 1_949, 1_950, 12_345])
        var compared = 0
        forAll(Gen.zip(Gen.int(in: 0...(engines.count - 1)), starts, strides, Gen.int(in: 1...400)), runs: 2_000) { index, start, stride, count in
            let engine = engines[index]
            var writer = DateJSONWriter()
            for step in 0..<count {
                // Jumps go back and forth between the start's month and one up to 3 strides on.
                let day = stride == 1 ? start + step : (step % 2 == 0 ? start : start + stride * (step % 3 + 1))
                let date = try engine.date(dayNumber: day)
                var bytes: [UInt8] = [7]
                writer.append(date, in: engine, to: &bytes)
                compared += 1
                guard Array(bytes.dropFirst()) == DateJSON.object(date, in: engine).encodedBytes, bytes.first == 7 else {
                    throw TestFailure("\(engine.id) day \(day), step \(step) of a run from \(start) by \(stride): \(String(decoding: bytes.dropFirst(), as: UTF8.self))")
                }
            }
            return true
        }
        XCTAssertGreaterThan(compared, 0)
    }

    func testTheWriterFollowsAnEraStartingMidMonth() throws {
        // Heisei began on 1989-01-08 and Reiwa on 2019-05-01: January 1989 has two eras.
        let japanese = try Calendars.system(.japanese)
        var writer = DateJSONWriter()
        var eras: Set<String> = []
        for day in try ISODate(year: 1988, month: 12, day: 25).dayNumber...ISODate(year: 1989, month: 2, day: 5).dayNumber {
            let date = try japanese.date(dayNumber: day)
            var bytes: [UInt8] = []
            writer.append(date, in: japanese, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), DateJSON.object(date, in: japanese).encoded)
            eras.insert(date.era.code ?? "")
        }
        XCTAssertEqual(eras, ["showa", "heisei"])
    }
}

