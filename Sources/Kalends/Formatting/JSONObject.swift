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
    private var text = "{"
    private var empty = true

    /// An empty object.
    public init() {}

    private mutating func key(_ name: String) {
        if !empty { text += "," }
        empty = false
        text += "\"" + name + "\":"
    }

    /// Adds a number member.
    public mutating func add(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    /// Adds a number member; a non-finite value becomes `null`.
    public mutating func add(_ name: String, _ value: Double) {
        key(name)
        text += value.isFinite ? String(value) : "null"
    }

    /// Adds a `true` or `false` member.
    public mutating func add(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    /// Adds a string member, or `null` for nil.
    public mutating func add(_ name: String, _ value: String?) {
        key(name)
        text += value.map(JSONObject.quoted) ?? "null"
    }

    /// Adds an already-encoded JSON value.
    public mutating func add(_ name: String, raw: String) {
        key(name)
        text += raw
    }

    /// The object as JSON text.
    public var encoded: String { text + "}" }

    /// A JSON string literal with the escapes RFC 8259 requires.
    public static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
