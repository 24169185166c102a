/// A JSON object written by hand, keys in insertion order, so output is stable
/// and fast (no Foundation encoder on the batch path).
struct JSONObject {
    private var text = "{"
    private var empty = true

    private mutating func key(_ name: String) {
        if !empty { text += "," }
        empty = false
        text += "\"" + name + "\":"
    }

    mutating func add(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    mutating func add(_ name: String, _ value: Double) {
        key(name)
        text += value.isFinite ? String(value) : "null"
    }

    mutating func add(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    mutating func add(_ name: String, _ value: String?) {
        key(name)
        text += value.map(JSONObject.quoted) ?? "null"
    }

    /// Adds an already-encoded JSON value.
    mutating func add(_ name: String, raw: String) {
        key(name)
        text += raw
    }

    var encoded: String { text + "}" }

    /// A JSON string literal with the escapes RFC 8259 requires.
    static func quoted(_ value: String) -> String {
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
