/// Unix time as text: `@SECONDS` on input, as GNU `date -d @1700000000`
/// reads it, and the bare seconds on output (`kalends ... --epoch`).
///
///     try UnixTimeText.parse("@1700000000.25")   // 2023-11-14T22:13:20.25Z
///     UnixTimeText.format(Instant(seconds: -2, nanosecond: 750_000_000))   // "-1.25"
public enum UnixTimeText {
    /// Reads `@SECONDS`: `@`, an optional sign, decimal digits, and
    /// optionally `.` and 1 ... 9 digits of fraction (`@1700000000`, `@-1`,
    /// `@1700000000.25`). The instant must be in `Instant.supportedSeconds`.
    public static func parse(_ text: String) throws(UnixTimeError) -> Instant {
        let bytes = Array(text.utf8)
        func malformed(_ position: Int, _ expected: String) -> UnixTimeError {
            .malformed(text: text, position: position, expected: expected)
        }
        guard bytes.first == UInt8(ascii: "@") else { throw malformed(0, "'@'") }
        var index = 1
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        // The syntax first, so a malformed text is malformed however many digits it has.
        let wholeStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        let wholeEnd = index
        guard wholeEnd > wholeStart else { throw malformed(index, "a digit") }
        var fractionStart = index, fractionEnd = index
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            fractionEnd = index
            guard fractionEnd > fractionStart else { throw malformed(index, "a digit after the point") }
        }
        guard index == bytes.count else { throw malformed(index, "a digit, '.' or the end") }
        let fractionDigits = fractionEnd - fractionStart
        guard fractionDigits <= 9 else { throw .tooPrecise(text: text, digits: fractionDigits) }

        var whole = 0
        for byte in bytes[wholeStart..<wholeEnd] {
            let (times, overflowTimes) = whole.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { throw .outOfRange(text: text) }
            whole = sum
        }
        var fraction = 0
        for byte in bytes[fractionStart..<fractionEnd] { fraction = fraction * 10 + Int(byte - UInt8(ascii: "0")) }
        for _ in fractionDigits..<9 { fraction *= 10 }
        // -1.25 s is 2 s before the epoch plus 0.75 s.
        let instant = negative
            ? Instant(seconds: -whole - (fraction > 0 ? 1 : 0), normalizedNanosecond: fraction > 0 ? 1_000_000_000 - fraction : 0)
            : Instant(seconds: whole, normalizedNanosecond: fraction)
        guard Instant.supportedSeconds.contains(instant.seconds) else { throw .outOfRange(text: text) }
        return instant
    }

    /// The seconds since the epoch, with a fraction only when it is not
    /// zero and without trailing zeros: `1700000000`, `1700000000.25`, `-0.5`.
    /// `parse("@" + format(instant))` gives `instant` back.
    public static func format(_ instant: Instant) -> String {
        guard instant.nanosecond != 0 else { return String(instant.seconds) }
        // Written toward zero: seconds -2 and 0.75 s are -1.25.
        let whole = instant.seconds < 0 ? "-" + String((instant.seconds + 1).magnitude) : String(instant.seconds)
        let nanoseconds = instant.seconds < 0 ? 1_000_000_000 - instant.nanosecond : instant.nanosecond
        var digits = String(nanoseconds)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return whole + "." + digits
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

/// `@SECONDS` text that is not Unix time Kalends can hold.
public enum UnixTimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not `@`, a sign, digits and a fraction; `position` is the 0-based
    /// offset of the first character that could not be read.
    case malformed(text: String, position: Int, expected: String)
    /// More than nine digits after the point: finer than a nanosecond.
    case tooPrecise(text: String, digits: Int)
    /// Outside `Instant.supportedSeconds` (ISO years -9999 ... 9999).
    case outOfRange(text: String)

    public var description: String {
        switch self {
        case .malformed(let text, let position, let expected):
            return "cannot read Unix time '\(Self.shown(text))' at character \(position + 1): expected \(expected) (e.g. @1700000000, @-1, @1700000000.25)"
        case .tooPrecise(let text, let digits):
            return "Unix time '\(Self.shown(text))' has \(digits) digits after the point: at most 9 (nanoseconds)"
        case .outOfRange(let text):
            let range = Instant.supportedSeconds
            return "Unix time '\(Self.shown(text))' is out of the supported range @\(range.lowerBound) ... @\(range.upperBound) (ISO years -9999 ... 9999)"
        }
    }

    private static func shown(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(60)) + "..." : text
    }
}
