import Kalends
import KalendsCheck
import XCTest

/// `@SECONDS` (`UnixTimeText.parse`) and the seconds `--epoch` prints
/// (`UnixTimeText.format`): examples, and properties over the whole
/// supported span of instants.
final class InputFormsProperties: XCTestCase {
    /// Instants anywhere in the supported span; the nanosecond is often zero
    /// or a few digits, sometimes all nine.
    static let instants: Gen<Instant> = Gen.zip(
        Gen.frequency([
            (3, Gen.int(in: Instant.supportedSeconds)),
            (2, Gen.int(in: -2_000_000_000...4_000_000_000)),
            (1, Gen.int(in: -3...3)),
            (1, Gen.element(of: [Instant.supportedSeconds.lowerBound, Instant.supportedSeconds.upperBound])),
        ]),
        Gen.frequency([
            (2, Gen.constant(0)),
            (2, Gen.int(in: 1...9).map { $0 * 100_000_000 }),
            (1, Gen.int(in: 1...999).map { $0 * 1_000_000 }),
            (3, Gen.int(in: 0...999_999_999)),
            (1, Gen.element(of: [1, 999_999_999])),
        ])
    ).map { Instant(seconds: $0.0, nanosecond: $0.1) }

    func testTheSecondsPrintedReadBackAsTheSameInstant() {
        forAll(Self.instants) { instant in
            try UnixTimeText.parse("@" + UnixTimeText.format(instant)) == instant
        }
    }

    func testAFractionIsPrintedOnlyWhenItIsNotZero() {
        forAll(Self.instants) { instant in
            let text = UnixTimeText.format(instant)
            guard instant.nanosecond != 0 else { return text == String(instant.seconds) }
            guard let point = text.firstIndex(of: ".") else { return false }
            let fraction = text[text.index(after: point)...]
            return (1...9).contains(fraction.count) && fraction.last != "0" && fraction.allSatisfy(\.isNumber)
        }
    }

    func testTheSecondsOfADaysStartInUTCAreItsDayNumberTimes86400() {
        forAll(Gen.int(in: DayNumber.supported)) { day in
            let start = try ZoneRules.utc.startOfDay(day)
            let read = try UnixTimeText.parse("@" + UnixTimeText.format(start))
            return UnixTimeText.format(start) == String(day * 86_400) && ZoneRules.utc.dayNumber(of: read) == day
        }
    }

    func testTheTextIsTheDecimalValue() {
        // The text's value, seconds and fraction apart (seconds * 1e9 does not fit in Int),
        // against the instant's seconds (floor) and nanosecond.
        forAll(Self.instants) { instant in
            let text = UnixTimeText.format(instant)
            let negative = text.hasPrefix("-")
            let digits = negative ? text.dropFirst() : Substring(text)
            let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
            guard let whole = Int(parts[0]) else { return false }
            let fraction = parts.count > 1 ? Int(parts[1] + String(repeating: "0", count: 9 - parts[1].count)) ?? -1 : 0
            guard (0...999_999_999).contains(fraction) else { return false }
            guard negative else { return whole == instant.seconds && fraction == instant.nanosecond }
            // -w.f is -(w + 1) seconds plus (1 - 0.f).
            return fraction == 0
                ? -whole == instant.seconds && instant.nanosecond == 0
                : -whole - 1 == instant.seconds && 1_000_000_000 - fraction == instant.nanosecond
        }
    }

    func testExamples() throws {
        XCTAssertEqual(try UnixTimeText.parse("@1700000000"), Instant(seconds: 1_700_000_000))
        XCTAssertEqual(try UnixTimeText.parse("@1700000000.25"), Instant(seconds: 1_700_000_000, nanosecond: 250_000_000))
        XCTAssertEqual(try UnixTimeText.parse("@-1"), Instant(seconds: -1))
        XCTAssertEqual(try UnixTimeText.parse("@-1.25"), Instant(seconds: -2, nanosecond: 750_000_000))
        XCTAssertEqual(try UnixTimeText.parse("@-0.000000001"), Instant(seconds: -1, nanosecond: 999_999_999))
        XCTAssertEqual(try UnixTimeText.parse("@+5"), Instant(seconds: 5))
        XCTAssertEqual(try UnixTimeText.parse("@-0"), Instant(seconds: 0))
        XCTAssertEqual(try UnixTimeText.parse("@007.100"), Instant(seconds: 7, nanosecond: 100_000_000))
        XCTAssertEqual(UnixTimeText.format(Instant(seconds: -2, nanosecond: 750_000_000)), "-1.25")
        XCTAssertEqual(UnixTimeText.format(Instant(seconds: -1, nanosecond: 500_000_000)), "-0.5")
        XCTAssertEqual(UnixTimeText.format(Instant(seconds: 0, nanosecond: 1)), "0.000000001")
        XCTAssertEqual(UnixTimeText.format(Instant(seconds: -377_705_116_800)), "-377705116800")

        let errors: [(String, UnixTimeError)] = [
            ("@", .malformed(text: "@", position: 1, expected: "a digit")),
            ("@1e9", .malformed(text: "@1e9", position: 2, expected: "a digit, '.' or the end")),
            ("@abc", .malformed(text: "@abc", position: 1, expected: "a digit")),
            ("@1.", .malformed(text: "@1.", position: 3, expected: "a digit after the point")),
            ("@.5", .malformed(text: "@.5", position: 1, expected: "a digit")),
            ("1700000000", .malformed(text: "1700000000", position: 0, expected: "'@'")),
            ("@1.0000000000", .tooPrecise(text: "@1.0000000000", digits: 10)),
            ("@99999999999999999999", .outOfRange(text: "@99999999999999999999")),
            ("@-99999999999999999999", .outOfRange(text: "@-99999999999999999999")),
            ("@253402300800", .outOfRange(text: "@253402300800")),
            ("@-377705116800.5", .outOfRange(text: "@-377705116800.5")),
        ]
        for (text, expected) in errors {
            XCTAssertThrowsError(try UnixTimeText.parse(text), text) { XCTAssertEqual($0 as? UnixTimeError, expected, text) }
        }
        XCTAssertEqual(try UnixTimeText.parse("@253402300799.999999999"), Instant(seconds: 253_402_300_799, nanosecond: 999_999_999))
        XCTAssertEqual("\(UnixTimeError.outOfRange(text: "@1e99"))",
                       "Unix time '@1e99' is out of the supported range @-377705116800 ... @253402300799 (ISO years -9999 ... 9999)")
    }
}
