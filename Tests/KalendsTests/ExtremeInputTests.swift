import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// The public initializers, conversions and decoders over extreme values
/// (Int.min, Int.max, 0, -1, near the supported bounds, random): none traps,
/// and every failure is one of Kalends' typed errors. A trap ends the test
/// process, so reaching the end of each test is the check.
final class ExtremeInputTests: XCTestCase {
    static let extremes: [Int] = [.min, .min + 1, -1, 0, 1, .max - 1, .max, Int(Int32.max), Int(Int32.min),
                                  DayNumber.supported.lowerBound, DayNumber.supported.upperBound,
                                  Instant.supportedSeconds.lowerBound, Instant.supportedSeconds.upperBound,
                                  1_000_000_000, -86_400, 86_400, 13, 999_999_999]
    static let values: Gen<Int> = Gen.frequency([
        (3, Gen.element(of: extremes)),
        (1, Gen.int(in: Int.min...Int.max)),
        (1, Gen.int(in: -100...100)),
    ])

    var runs: Int { max(50, (Int(ProcessInfo.processInfo.environment["KALENDS_PROPERTY_RUNS"] ?? "") ?? 200)) }

    /// True for the error types the library throws.
    func isTyped(_ error: any Error) -> Bool {
        error is ConversionError || error is TimeError || error is DurationError || error is ArithmeticError
            || error is RangeError || error is DecodingError
    }

    /// The error `body` throws, if any.
    func attempt(_ body: () throws -> Void) -> (any Error)? {
        do { try body() } catch { return error }
        return nil
    }

    func testInitializersNeverTrap() {
        forAll(Gen.zip(Gen.zip(Self.values, Self.values), Gen.zip(Self.values, Self.values)), runs: runs) { ab, cd in
            let ((a, b), (c, d)) = (ab, cd)
            let instant = Instant(seconds: a, nanosecond: b)
            guard (0...999_999_999).contains(instant.nanosecond) else { return false }
            _ = instant.description
            _ = instant.span(to: Instant(seconds: c, nanosecond: d))
            _ = try? instant.checkedSpan(to: Instant(seconds: c))
            _ = try? instant.adding(ExactSpan(seconds: c, nanoseconds: d % 1_000_000_000))
            _ = ISODate(dayNumber: a).description
            _ = UTCOffset(seconds: a).description
            _ = ZoneRules.utc.offset(at: instant)
            _ = try? ZonedDateTime(instant: instant, zone: .fixed(UTCOffset(seconds: b)))
            for result in [
                attempt { _ = try ISODate(year: a, month: b, day: c) },
                attempt { _ = try TimeOfDay(hour: a, minute: b, second: c, nanosecond: d) },
                attempt { _ = try LocalDateTime(dayNumber: a) },
                attempt { _ = try UTCOffset(validatingSeconds: a) },
                attempt { _ = try DateDuration(years: a, months: b, weeks: c, days: d) },
                attempt { _ = try TimeDuration(hours: a, minutes: b, seconds: c, nanoseconds: d).exactSeconds() },
                attempt { _ = try MonthCode(validating: a) },
                attempt { _ = try WeekRules(validatingFirstWeekday: a, minimumDaysInFirstWeek: b, weekend: [c, d]) },
                attempt { _ = try Era(code: a == 0 ? "ce" : "x\(a)", value: b, year: c) },
                attempt {
                    let calendar = try Calendars.system(.iso8601)
                    var slices = try DaySlices(from: instant, to: Instant(seconds: c), zone: .utc, calendar: calendar).makeIterator()
                    _ = try slices.nextSlice()
                },
            ] {
                if let error = result, !isTyped(error) { throw TestFailure("untyped \(error)") }
            }
            return true
        }
    }

    func testZonesAtExtremeInstants() throws {
        let zone = try ZoneRules(identifier: "America/New_York")
        for seconds in Self.extremes {
            let instant = Instant(seconds: seconds)
            _ = zone.offset(at: instant)
            _ = zone.dayNumber(of: instant)
            _ = zone.transitions(from: instant, to: Instant(seconds: seconds &+ 10))
            XCTAssertThrowsError(try ZonedDateTime(instant: Instant(seconds: .max), zone: zone))
        }
        XCTAssertEqual(zone.offset(at: Instant(seconds: .max)), zone.offset(at: Instant(seconds: .max - 1)))
    }

    /// Every refusal of a checked entry point, over extreme years, months and
    /// days, is a `ConversionError` that names the calendar and the value it
    /// refused (the error's payload is that value, its message spells it).
    func testEveryCalendarsCheckedEntryPoints() throws {
        var problems: [String] = []
        var refusals = 0, answers = 0
        /// Runs one entry point; a refusal must pass `misnaming`.
        func check(_ call: String, _ misnaming: (ConversionError) -> String?, _ body: () throws -> Void) {
            do {
                try body()
                answers += 1
            } catch {
                refusals += 1
                guard let error = error as? ConversionError else {
                    return problems.append("\(call): not a ConversionError: \(String(reflecting: type(of: error))) \(error)")
                }
                if error.description.isEmpty {
                    problems.append("\(call): an empty message")
                } else if let problem = misnaming(error) {
                    problems.append("\(call): \(problem): \(error)")
                }
            }
        }
        for id in CalendarID.allCases {
            let calendar = try Calendars.system(id)
            for year in Self.extremes + [calendar.supportedYears.lowerBound, calendar.supportedYears.upperBound, 2024] {
                for month in [Int.min, -1, 0, 1, 13, 14, Int.max] {
                    for day in [Int.min, 0, 1, 31, Int.max] {
                        let fields = "\(id) \(year)-\(month)-\(day)"
                        check("checkedDayNumber \(fields)", { Self.misnaming($0, calendar, year: year, month: month, day: day) }) {
                            _ = try calendar.checkedDayNumber(year: year, month: month, day: day)
                        }
                        check("date constrain \(fields)", { Self.misnaming($0, calendar, year: year, code: MonthCode(month), day: day) }) {
                            _ = try calendar.date(year: year, monthCode: MonthCode(month), day: day, overflow: .constrain)
                        }
                        let leap = MonthCode(month, isLeap: true)
                        check("dayNumber reject \(id) \(year)-\(leap)-\(day)", { Self.misnaming($0, calendar, year: year, code: leap, day: day) }) {
                            _ = try calendar.dayNumber(year: year, monthCode: leap, day: day, overflow: .reject)
                        }
                    }
                    check("checkedDaysInMonth \(id) \(year)-\(month)", { Self.misnaming($0, calendar, year: year, month: month) }) {
                        _ = try calendar.checkedDaysInMonth(year: year, month: month)
                    }
                }
                check("checkedMonthsInYear \(id) \(year)", { Self.misnaming($0, calendar, year: year) }) {
                    _ = try calendar.checkedMonthsInYear(year)
                }
                check("date(dayNumber:) \(id) \(year)", { Self.misnaming($0, dayNumber: year) }) {
                    _ = try calendar.date(dayNumber: year)
                }
            }
        }
        XCTAssertTrue(problems.isEmpty, "\(problems.count) refusals do not name what they refuse:\n"
                      + problems.prefix(20).joined(separator: "\n"))
        // Both outcomes occur, so neither branch is dead.
        XCTAssertGreaterThan(refusals, 10_000)
        XCTAssertGreaterThan(answers, 1_000)
    }

    /// Why `error`, thrown for these fields of `calendar`, fails to name what it
    /// refuses (its calendar, and the year, month, month code or day it
    /// was given), or nil when it names them.
    static func misnaming(_ error: ConversionError, _ calendar: any CalendarSystem, year: Int, month: Int? = nil,
                          code: MonthCode? = nil, day: Int? = nil) -> String? {
        let text = error.description
        let key = calendar.id.description
        switch error {
        case .yearOutOfRange, .monthOutOfRange, .monthCodeNotInYear, .dayOutOfRange:
            guard text.contains(key) else { return "the calendar \(key) is not named" }
        default:
            break
        }
        switch error {
        case let .yearOutOfRange(id, refused, allowed):
            guard id == calendar.id, refused == year, !allowed.contains(refused), text.contains("\(year)") else {
                return "not year \(year)"
            }
        case let .monthOutOfRange(id, refusedYear, refused, allowed):
            guard id == calendar.id, refusedYear == year, let month, refused == month, !allowed.contains(refused),
                  text.contains("month \(month)") else { return "not month \(month.map(String.init) ?? "(none given)")" }
        case let .monthCodeNotInYear(id, refusedYear, refused, _):
            guard id == calendar.id, refusedYear == year, let code, refused == code, text.contains(code.description) else {
                return "not month code \(code?.description ?? "(none given)")"
            }
        case let .dayOutOfRange(id, refusedYear, _, refused, allowed):
            guard id == calendar.id, refusedYear == year, let day, refused == day, !allowed.contains(refused),
                  text.contains("day \(day)") else { return "not day \(day.map(String.init) ?? "(none given)")" }
        case let .dayNumberOutOfRange(refused, allowed):
            // Valid fields whose day falls past the supported span (the last
            // supported year's last months): the day they name is the refusal.
            guard !allowed.contains(refused), text.contains("out of the supported range") else { return "not an unsupported day" }
        default:
            return "an error of another kind"
        }
        return nil
    }

    /// Why `error`, thrown for day number `day`, fails to name it, or nil.
    static func misnaming(_ error: ConversionError, dayNumber day: Int) -> String? {
        guard case let .dayNumberOutOfRange(refused, allowed) = error, refused == day, !allowed.contains(day) else {
            return "not day number \(day)"
        }
        let named = (-1_000_000_000...1_000_000_000).contains(day) ? "ISO \(ISODate(dayNumber: day))" : "day \(day)"
        return error.description.contains(named) ? nil : "the message does not say \(named)"
    }

    func testCheckedEntryPointsRefuseWhatThePrimitivesAnswer() throws {
        // The primitives answer garbage for invalid ordinals (documented);
        // the checked entry points throw.
        let gregorian = try Calendars.system(.gregorian)
        XCTAssertEqual(gregorian.daysInMonth(year: 2024, month: 13), 28, "the unchecked primitive: garbage")
        XCTAssertThrowsError(try gregorian.checkedDaysInMonth(year: 2024, month: 13)) { error in
            XCTAssertEqual(error as? ConversionError, .monthOutOfRange(.gregorian, year: 2024, month: 13, allowed: 1...12))
        }
        let hebrew = try Calendars.system(.hebrew)
        XCTAssertThrowsError(try hebrew.checkedDaysInMonth(year: 5785, month: 13))
        XCTAssertEqual(try hebrew.checkedDaysInMonth(year: 5784, month: 13), 29)
        XCTAssertThrowsError(try hebrew.checkedDayNumber(year: 5785, month: 13, day: 1))
        XCTAssertThrowsError(try gregorian.checkedDayNumber(year: 2024, month: 2, day: 30))
        XCTAssertThrowsError(try gregorian.checkedMonthsInYear(Int.max))
        XCTAssertEqual(try gregorian.checkedDayNumber(year: 1970, month: 1, day: 1), 0)
    }

    /// Each type's JSON with extreme or invalid values is refused with a
    /// `DecodingError.dataCorrupted` naming the key; the encoded form of a
    /// valid value decodes back.
    func testDecodersRefuseWhatTheInitializersRefuse() throws {
        func refuses<T: Decodable>(_ type: T.Type, _ json: String, key: String, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertThrowsError(try JSONDecoder().decode(T.self, from: Data(json.utf8)), json, file: file, line: line) { error in
                guard case DecodingError.dataCorrupted(let context) = error else {
                    return XCTFail("\(json): \(error)", file: file, line: line)
                }
                XCTAssertTrue(context.debugDescription.contains("key '\(key)'"), context.debugDescription, file: file, line: line)
            }
        }
        let max = Int.max, min = Int.min
        refuses(Instant.self, #"{"seconds":0,"nanosecond":1000000000}"#, key: "nanosecond")
        refuses(Instant.self, #"{"seconds":\#(max),"nanosecond":-1}"#, key: "nanosecond")
        refuses(LocalDateTime.self, #"{"dayNumber":\#(max),"nanosecondOfDay":0}"#, key: "dayNumber")
        refuses(LocalDateTime.self, #"{"dayNumber":0,"nanosecondOfDay":356400000000000}"#, key: "nanosecondOfDay")
        refuses(TimeOfDay.self, #"{"nanosecondOfDay":-1}"#, key: "nanosecondOfDay")
        refuses(TimeOfDay.self, #"{"nanosecondOfDay":\#(max)}"#, key: "nanosecondOfDay")
        refuses(ISODate.self, #"{"year":2024,"month":13,"day":1}"#, key: "month")
        refuses(ISODate.self, #"{"year":2023,"month":2,"day":29}"#, key: "day")
        refuses(ISODate.self, #"{"year":\#(min),"month":1,"day":1}"#, key: "year")
        refuses(UTCOffset.self, #"{"seconds":\#(max)}"#, key: "seconds")
        refuses(UTCOffset.self, #"{"seconds":86400}"#, key: "seconds")
        refuses(DateDuration.self, #"{"years":1,"months":-1,"weeks":0,"days":0}"#, key: "years")
        refuses(TimeDuration.self, #"{"hours":\#(max),"minutes":0,"seconds":0,"nanoseconds":0}"#, key: "hours")
        refuses(TimeDuration.self, #"{"hours":1,"minutes":-1,"seconds":0,"nanoseconds":0}"#, key: "hours")
        refuses(MonthCode.self, #"{"number":14,"isLeap":false}"#, key: "number")
        refuses(MonthCode.self, #"{"number":\#(min),"isLeap":true}"#, key: "number")
        refuses(WeekRules.self, #"{"firstWeekday":9,"minimumDaysInFirstWeek":1,"weekend":[6,7]}"#, key: "firstWeekday")
        refuses(WeekRules.self, #"{"firstWeekday":1,"minimumDaysInFirstWeek":0,"weekend":[6,7]}"#, key: "minimumDaysInFirstWeek")
        refuses(WeekRules.self, #"{"firstWeekday":1,"minimumDaysInFirstWeek":1,"weekend":[\#(max)]}"#, key: "weekend")
        refuses(Era.self, #"{"code":"untrusted","value":0,"year":1}"#, key: "code")

        // Valid values keep today's encoding and decode back.
        func roundTrips<T: Codable & Equatable>(_ value: T, _ json: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            XCTAssertEqual(String(decoding: try encoder.encode(value), as: UTF8.self), json, file: file, line: line)
            XCTAssertEqual(try JSONDecoder().decode(T.self, from: Data(json.utf8)), value, file: file, line: line)
        }
        try roundTrips(Instant(seconds: -5, nanosecond: 7), #"{"nanosecond":7,"seconds":-5}"#)
        try roundTrips(try LocalDateTime(dayNumber: 3, time: TimeOfDay(hour: 1)), #"{"dayNumber":3,"nanosecondOfDay":3600000000000}"#)
        try roundTrips(try TimeOfDay(hour: 0, minute: 0, second: 1), #"{"nanosecondOfDay":1000000000}"#)
        try roundTrips(try ISODate(year: 2024, month: 2, day: 29), #"{"day":29,"month":2,"year":2024}"#)
        try roundTrips(UTCOffset(seconds: -3600), #"{"seconds":-3600}"#)
        try roundTrips(try DateDuration(years: 1, days: 2), #"{"days":2,"months":0,"weeks":0,"years":1}"#)
        try roundTrips(try TimeDuration(hours: -1), #"{"hours":-1,"minutes":0,"nanoseconds":0,"seconds":0}"#)
        try roundTrips(MonthCode(5, isLeap: true), #"{"isLeap":true,"number":5}"#)
        // A set's order is not fixed, so the weekend is written as the encoder writes it.
        let weekend = String(decoding: try JSONEncoder().encode(WeekRules.iso.weekend), as: UTF8.self)
        try roundTrips(WeekRules.iso, #"{"firstWeekday":1,"minimumDaysInFirstWeek":4,"weekend":"# + weekend + "}")
    }

    func testDecodedLocalDateTimeCannotOverflow() throws {
        // Before decoding validated, hour 99 (a huge nanosecond of day) decoded
        // and then overflowed in the wall-clock arithmetic.
        let json = #"{"dayNumber":2932896,"nanosecondOfDay":\#(Int.max)}"#
        XCTAssertThrowsError(try JSONDecoder().decode(LocalDateTime.self, from: Data(json.utf8)))
        let zoned = #"{"instant":{"seconds":\#(Int.max),"nanosecond":0},"zone":"America/New_York"}"#
        XCTAssertThrowsError(try JSONDecoder().decode(ZonedDateTime.self, from: Data(zoned.utf8)))
    }

    func testDayOfYearThrowsInsteadOfZero() throws {
        let date = try Calendars.system(.hebrew).date(year: 5785, monthCode: MonthCode(1), day: 1)
        XCTAssertEqual(try date.dayOfYear, 1)
    }

    func testDaySlicesReportAFailureInsteadOfEndingSilently() throws {
        let slices = try DaySlices(from: Instant(seconds: 0), to: Instant(seconds: 3 * 86_400), zone: .utc, calendar: Calendars.system(.iso8601))
        var iterator = slices.makeIterator()
        var count = 0
        while try iterator.nextSlice() != nil { count += 1 }
        XCTAssertEqual(count, 3)
        XCTAssertNil(iterator.failure)
    }
}
