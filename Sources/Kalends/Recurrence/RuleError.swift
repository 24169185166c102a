/// Why a recurrence rule could not be read or built. The message names the
/// part (`BYWEEKNO`), where it starts in the rule text (1-based character),
/// and shows it as written, cut to 40 characters with control characters
/// escaped.
public struct RuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// The rule text is empty.
        case empty
        /// A part that is not `NAME=VALUE`, or a value not of its form.
        case malformed(expected: String)
        /// A part RFC 5545 does not define.
        case unknownPart
        /// A part given twice.
        case repeatedPart
        /// No FREQ part.
        case missingFrequency
        /// A value outside its range.
        case outOfRange(value: String, allowed: String)
        /// A part the rule's FREQ does not allow; `allowed` says with which it is.
        case notWithFrequency(RecurrenceRule.Frequency, allowed: String)
        /// Parts that exclude or need each other (COUNT with UNTIL, BYSETPOS alone, ...).
        case conflict(String)
        /// A part Kalends reads but does not evaluate yet.
        case unsupported(String)
    }

    /// What is wrong.
    public let reason: Reason
    /// The part's name (`BYDAY`), when one part is at fault.
    public let part: String?
    /// 0-based character offset of the part in the rule text, when the rule was read from text.
    public let offset: Int?
    /// The part as written, when the rule was read from text.
    public let text: String?

    /// An error; the parser fills in `offset` and `text`.
    public init(_ reason: Reason, part: String? = nil, offset: Int? = nil, text: String? = nil) {
        self.reason = reason
        self.part = part
        self.offset = offset
        self.text = text
    }

    /// The same error, placed at a part of the rule text.
    func placed(offset: Int, text: String) -> RuleError {
        RuleError(reason, part: part, offset: offset, text: text)
    }

    public var description: String {
        var place = "recurrence rule"
        if let part { place += " part \(part)" }
        if let text { place += " '\(Self.shown(text))'" }
        if let offset { place += " (character \(offset + 1))" }
        let what: String
        switch reason {
        case .empty: what = "is empty; expected FREQ=... (e.g. FREQ=WEEKLY;BYDAY=MO)"
        case .malformed(let expected): what = "cannot be read: expected \(expected)"
        case .unknownPart:
            what = "is not an RFC 5545 rule part (FREQ, UNTIL, COUNT, INTERVAL, BYSECOND, BYMINUTE, BYHOUR, BYDAY, "
                + "BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH, BYSETPOS, WKST) or RFC 7529 part (RSCALE, SKIP)"
        case .repeatedPart: what = "is given more than once"
        case .missingFrequency: what = "has no FREQ part (FREQ=SECONDLY ... YEARLY is required)"
        case .outOfRange(let value, let allowed): what = "has \(Self.shown(value)), outside \(allowed)"
        case .notWithFrequency(let frequency, let allowed): what = "is not allowed with FREQ=\(frequency): \(allowed)"
        case .conflict(let reason): what = reason
        case .unsupported(let reason): what = reason
        }
        return place + " " + what
    }

    /// `text` cut to 40 characters, control and format characters escaped.
    package static func shown(_ text: String) -> String {
        var result = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == 40 { return result + "..." }
            let category = scalar.properties.generalCategory
            if scalar.value < 0x20 || scalar.value == 0x7F || category == .format || category == .control {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
