import Kalends
/// Prints rows as an aligned table (for people) or one JSON object a line.
struct BenchmarkPrinter {
    var json: Bool
    private var headerPrinted = false

    init(json: Bool) {
        self.json = json
    }

    mutating func print(_ row: BenchmarkRow) {
        if json {
            Swift.print(Self.jsonLine(row))
            return
        }
        if !headerPrinted {
            headerPrinted = true
            Swift.print(Self.tableLine(["area", "operation", "n", "ours/s", "reference", "reference/s", "ratio", "x2 growth"]))
        }
        Swift.print(Self.tableLine([
            row.area, row.calendar.map { $0 + " " + row.operation } ?? row.operation, String(row.n), Self.compact(row.oursPerSecond),
            row.reference ?? "-", row.referencePerSecond.map(Self.compact) ?? "-",
            row.ratio.map { Self.fixed($0, decimals: 1) + "x" } ?? "-",
            row.doublingGrowth.map { Self.fixed($0, decimals: 2) + "x" } ?? "-",
        ] + (row.note.map { [$0] } ?? [])))
    }

    static func jsonLine(_ row: BenchmarkRow) -> String {
        var fields = [
            "\"area\":" + jsonString(row.area),
            "\"operation\":" + jsonString(row.operation),
        ]
        if let calendar = row.calendar { fields.append("\"calendar\":" + jsonString(calendar)) }
        fields += [
            "\"n\":" + String(row.n),
            "\"ours_per_s\":" + jsonNumber(row.oursPerSecond),
            "\"reference\":" + (row.reference.map(jsonString) ?? "null"),
            "\"reference_per_s\":" + (row.referencePerSecond.map(jsonNumber) ?? "null"),
            "\"ratio\":" + (row.ratio.map(jsonNumber) ?? "null"),
        ]
        if let growth = row.doublingGrowth { fields.append("\"doubling_growth\":" + jsonNumber(growth)) }
        if let note = row.note { fields.append("\"note\":" + jsonString(note)) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A JSON string literal (the library's escaping, one implementation).
    static func jsonString(_ text: String) -> String { JSONObject.quoted(text) }

    /// JSON has no NaN or infinity.
    static func jsonNumber(_ value: Double) -> String {
        value.isFinite ? fixed(value, decimals: 3) : "null"
    }

    /// `value` with exactly `decimals` decimals, no exponent (|value| < 9e15).
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64(max(min(value * scale, 9e18), -9e18).rounded())
        let negative = scaled < 0
        let magnitude = negative ? -scaled : scaled
        let whole = magnitude / Int64(scale)
        var text = (negative ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(magnitude % Int64(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// Throughputs for people: 1234567 -> "1.23M".
    static func compact(_ value: Double) -> String {
        if value >= 1e9 { return fixed(value / 1e9, decimals: 2) + "G" }
        if value >= 1e6 { return fixed(value / 1e6, decimals: 2) + "M" }
        if value >= 1e3 { return fixed(value / 1e3, decimals: 1) + "k" }
        return fixed(value, decimals: 1)
    }

    static func tableLine(_ cells: [String]) -> String {
        let widths = [8, 34, 8, 10, 10, 12, 9, 10]
        var line = ""
        for (index, cell) in cells.enumerated() {
            let width = index < widths.count ? widths[index] : 10
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            // Text left-aligned, numbers right-aligned.
            line += index < 2 || index == 4 || index > 7 ? cell + padding : padding + cell
            line += " "
        }
        return line
    }
}
