/// A JSON object written by hand as UTF-8 bytes, keys in insertion order, so
/// output is stable and the batch path builds no intermediate strings.
struct JSONObject {
    private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var empty = true

    init() { bytes.reserveCapacity(256) }

    private mutating func key(_ name: StaticString) {
        if !empty { bytes.append(UInt8(ascii: ",")) }
        empty = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func add(_ name: StaticString, _ value: Int) {
        key(name)
        JSONObject.appendInteger(value, to: &bytes)
    }

    mutating func add(_ name: StaticString, _ value: Double) {
        key(name)
        bytes.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
    }

    mutating func add(_ name: StaticString, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    mutating func add(_ name: StaticString, _ value: String?) {
        key(name)
        if let value {
            JSONObject.appendQuoted(value, to: &bytes)
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }

    /// Adds a `YEAR-MM-DD` (or `YEAR-Mxx[L]-DD` with `monthCode`) string
    /// without building it as a `String` first.
    mutating func addDate(_ name: StaticString, year: Int, month: Int, day: Int, monthCode: String? = nil) {
        key(name)
        bytes.append(UInt8(ascii: "\""))
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = Int(year.magnitude)
        if magnitude < 1000 { bytes.append(UInt8(ascii: "0")) }
        if magnitude < 100 { bytes.append(UInt8(ascii: "0")) }
        if magnitude < 10 { bytes.append(UInt8(ascii: "0")) }
        JSONObject.appendInteger(magnitude, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        if let monthCode {
            bytes.append(contentsOf: monthCode.utf8)
        } else {
            if month < 10 { bytes.append(UInt8(ascii: "0")) }
            JSONObject.appendInteger(month, to: &bytes)
        }
        bytes.append(UInt8(ascii: "-"))
        if day < 10 { bytes.append(UInt8(ascii: "0")) }
        JSONObject.appendInteger(day, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Adds an already-encoded JSON value.
    mutating func add(_ name: StaticString, raw: String) {
        key(name)
        bytes.append(contentsOf: raw.utf8)
    }

    /// The finished object's bytes.
    var encodedBytes: [UInt8] { bytes + [UInt8(ascii: "}")] }

    /// The finished object as text.
    var encoded: String { String(decoding: encodedBytes, as: UTF8.self) }

    /// Appends the decimal digits of `value`.
    static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// Appends a JSON string literal with the escapes RFC 8259 requires.
    static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
            case 10: bytes.append(contentsOf: [92, 110])
            case 13: bytes.append(contentsOf: [92, 114])
            case 9: bytes.append(contentsOf: [92, 116])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [92, 117, 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A JSON string literal.
    static func quoted(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
