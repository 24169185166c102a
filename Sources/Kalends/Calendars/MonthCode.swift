/// A month's identity, independent of its position in a year: a number plus a
/// leap flag, spelled as in ECMAScript Temporal (`M01` ... `M13`, `M05L`).
///
/// Hebrew Adar I is `M05L`, Adar (Adar II in leap years) is `M06`; a Chinese
/// leap fourth month is `M04L`; the Coptic and Ethiopic epagomenal month is `M13`.
public struct MonthCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The month number, 1 ... 13.
    public let number: Int
    /// True for a leap month inserted after month `number`.
    public let isLeap: Bool

    /// A month code, unchecked: give `number` 1 ... 13 (calendars refuse
    /// other numbers with a `ConversionError`); `init(validating:isLeap:)` checks.
    public init(_ number: Int, isLeap: Bool = false) {
        self.number = number
        self.isLeap = isLeap
    }

    /// A month code; throws `.malformedMonthCode` unless `number` is 1 ... 13.
    public init(validating number: Int, isLeap: Bool = false) throws(ConversionError) {
        guard (1...13).contains(number) else {
            throw .malformedMonthCode("month number \(number)\(isLeap ? " (leap)" : "")")
        }
        self.init(number, isLeap: isLeap)
    }

    /// Parses `M01` ... `M13`, optionally followed by `L`.
    public init(parsing text: String) throws(ConversionError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 3 || (bytes.count == 4 && (bytes[3] == UInt8(ascii: "L") || bytes[3] == UInt8(ascii: "l"))),
              bytes[0] == UInt8(ascii: "M") || bytes[0] == UInt8(ascii: "m"),
              let tens = bytes[1].asciiDigit, let ones = bytes[2].asciiDigit
        else { throw .malformedMonthCode(text) }
        let number = tens * 10 + ones
        guard (1...13).contains(number) else { throw .malformedMonthCode(text) }
        self.init(number, isLeap: bytes.count == 4)
    }

    public var description: String {
        (number < 10 ? "M0\(number)" : "M\(number)") + (isLeap ? "L" : "")
    }

    /// Orders months as they fall in a year: `M05` < `M05L` < `M06`.
    public static func < (a: MonthCode, b: MonthCode) -> Bool {
        a.number != b.number ? a.number < b.number : (!a.isLeap && b.isLeap)
    }
}

extension MonthCode: ExpressibleByIntegerLiteral {
    /// A month code without the leap flag (`3` is `M03`), unchecked like `init(_:isLeap:)`.
    public init(integerLiteral value: Int) {
        self.init(value)
    }
}

extension MonthCode: Codable {
    private enum CodingKeys: String, CodingKey { case number, isLeap }

    /// Decodes `{"number": 5, "isLeap": true}` through `init(validating:isLeap:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let number = try container.decode(Int.self, forKey: .number)
        let isLeap = try container.decode(Bool.self, forKey: .isLeap)
        do {
            try self.init(validating: number, isLeap: isLeap)
        } catch {
            throw container.corrupted(.number, "\(error)")
        }
    }

    /// Encodes the number and the leap flag.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(isLeap, forKey: .isLeap)
    }
}

extension UInt8 {
    /// The value of an ASCII digit, or nil.
    var asciiDigit: Int? {
        (48...57).contains(self) ? Int(self) - 48 : nil
    }
}
