/// A JSON object written by hand, keys in insertion order, so output is stable
/// and fast (no Foundation encoder on the batch path).
///
/// ```swift
/// var object = JSONObject()
/// object.add("calendar", "hebrew")
/// object.add("day", 5)
/// object.encoded   // {"calendar":"hebrew","day":5}
/// ```
public struct JSONObject: Sendable {
    // UTF-8 bytes, written in place: one buffer per object instead of a
    // String grown (and reallocated) by every member.
    private var bytes: [UInt8]

    /// An empty object.
    public init() {
        bytes = [UInt8(ascii: "{")]
        bytes.reserveCapacity(320)
    }

    private mutating func key(_ name: String) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Adds a number member.
    public mutating func add(_ name: String, _ value: Int) {
        key(name)
        appendDecimal(value)
    }

    /// Adds a number member; a non-finite value becomes `null`.
    public mutating func add(_ name: String, _ value: Double) {
        key(name)
        bytes.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
    }

    /// Adds a `true` or `false` member.
    public mutating func add(_ name: String, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Adds a string member, or `null` for nil.
    public mutating func add(_ name: String, _ value: String?) {
        key(name)
        if let value { appendQuoted(value) } else { bytes.append(contentsOf: "null".utf8) }
    }

    /// Adds an array of strings.
    public mutating func add(_ name: String, _ values: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendQuoted(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Adds an array of objects.
    public mutating func add(_ name: String, objects: [JSONObject]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, object) in objects.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: object.encodedBytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Adds an already-encoded JSON value.
    public mutating func add(_ name: String, raw: String) {
        key(name)
        bytes.append(contentsOf: raw.utf8)
    }

    /// Adds a `YEAR-MM-DD` string (or `YEAR-Mxx[L]-DD` when `monthCode` is
    /// given) without building it as a `String` first: the batch path's dates.
    public mutating func addDate(_ name: String, year: Int, month: Int, day: Int, monthCode: String? = nil) {
        key(name)
        bytes.append(UInt8(ascii: "\""))
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = Int(year.magnitude)
        if magnitude < 1000 { bytes.append(UInt8(ascii: "0")) }
        if magnitude < 100 { bytes.append(UInt8(ascii: "0")) }
        if magnitude < 10 { bytes.append(UInt8(ascii: "0")) }
        appendDecimal(magnitude)
        bytes.append(UInt8(ascii: "-"))
        if let monthCode {
            bytes.append(contentsOf: monthCode.utf8)
        } else {
            if month < 10 { bytes.append(UInt8(ascii: "0")) }
            appendDecimal(month)
        }
        bytes.append(UInt8(ascii: "-"))
        if day < 10 { bytes.append(UInt8(ascii: "0")) }
        appendDecimal(day)
        bytes.append(UInt8(ascii: "\""))
    }

    /// The object as UTF-8 bytes, closing brace included.
    public var encodedBytes: [UInt8] {
        var result = bytes
        result.append(UInt8(ascii: "}"))
        return result
    }

    /// The object as JSON text.
    public var encoded: String {
        var result = bytes
        result.append(UInt8(ascii: "}"))
        return String(decoding: result, as: UTF8.self)
    }

    private mutating func appendDecimal(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                count &+= 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    private mutating func appendQuoted(_ value: String) {
        JSONString.append(value, to: &bytes)
    }

    /// A JSON string literal with the escapes RFC 8259 requires.
    public static func quoted(_ value: String) -> String {
        JSONString.quoted(value)
    }
}
