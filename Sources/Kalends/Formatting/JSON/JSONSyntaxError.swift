/// Where a JSON document stops being JSON, and why: every case carries its
/// place (line and column, counted in bytes from 1), and the message says
/// what was wrong there.
///
///     syntax error at line 3, column 9: expected a value (an object, array, string, number, true, false or null)
package enum JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text ends too soon: inside a string, array or object, or before a value.
    case textEnds(JSONTextContext, at: JSONTextPosition)
    /// More than white space follows the document's value.
    case textAfterValue(at: JSONTextPosition)
    /// No value starts here.
    case expectedValue(at: JSONTextPosition)
    /// A literal (`true`, `false`, `null`) is misspelt or cut short.
    case expectedLiteral(String, at: JSONTextPosition)
    /// A comma before the closing `}` or `]` of an object (true) or array.
    case trailingComma(inObject: Bool, at: JSONTextPosition)
    /// An object member without its name in quotes.
    case expectedMemberName(at: JSONTextPosition)
    /// A key given twice in one object.
    case duplicateKey(String, at: JSONTextPosition)
    /// A member name without its `:`.
    case expectedColon(at: JSONTextPosition)
    /// Neither `,` nor the closing `}` (in an object) or `]` after an element.
    case expectedCommaOrClose(inObject: Bool, at: JSONTextPosition)
    /// A number with a leading zero (`012`).
    case leadingZero(at: JSONTextPosition)
    /// A number missing digits in its `part`.
    case expectedDigit(JSONNumberPart, at: JSONTextPosition)
    /// A string whose bytes are not UTF-8.
    case invalidUTF8(at: JSONTextPosition)
    /// A control character (the byte) written into a string unescaped.
    case unescapedControlCharacter(UInt8, at: JSONTextPosition)
    /// A backslash followed by the byte, which escapes nothing.
    case invalidEscape(UInt8, at: JSONTextPosition)
    /// Half a UTF-16 surrogate pair (the code unit) without its other half.
    case loneSurrogate(UInt32, at: JSONTextPosition)
    /// `\u` without four hex digits.
    case expectedHexDigits(at: JSONTextPosition)
    /// Arrays and objects nested deeper than `limit` (`JSONDocument.maximumDepth`).
    case nestedTooDeep(limit: Int, at: JSONTextPosition)

    /// Where the problem is.
    package var position: JSONTextPosition {
        switch self {
        case .textEnds(_, let at), .textAfterValue(let at), .expectedValue(let at), .expectedLiteral(_, let at),
             .trailingComma(_, let at), .expectedMemberName(let at), .duplicateKey(_, let at), .expectedColon(let at),
             .expectedCommaOrClose(_, let at), .leadingZero(let at), .expectedDigit(_, let at), .invalidUTF8(let at),
             .unescapedControlCharacter(_, let at), .invalidEscape(_, let at), .loneSurrogate(_, let at),
             .expectedHexDigits(let at), .nestedTooDeep(_, let at):
            return at
        }
    }

    /// The line of the problem, from 1.
    package var line: Int { position.line }
    /// The column of the problem, in bytes from 1.
    package var column: Int { position.column }

    /// What is wrong, without the place.
    package var reason: String {
        switch self {
        case .textEnds(let context, _): return "the text ends \(context.rawValue)"
        case .textAfterValue: return "text after the JSON value"
        case .expectedValue: return "expected a value (an object, array, string, number, true, false or null)"
        case .expectedLiteral(let word, _): return "expected \(word)"
        case .trailingComma(let inObject, _):
            return inObject ? "a comma before '}' (no member follows it)" : "a comma before ']' (no value follows it)"
        case .expectedMemberName: return "expected a member name in quotes"
        case .duplicateKey(let key, _): return "the key \(JSONString.quoted(Self.cut(key))) appears twice in one object"
        case .expectedColon: return "expected ':' after a member name"
        case .expectedCommaOrClose(let inObject, _):
            return inObject ? "expected ',' or '}' after a member" : "expected ',' or ']' after a value"
        case .leadingZero: return "a number may not start with 0"
        case .expectedDigit(let part, _): return part.rawValue
        case .invalidUTF8: return "a string is not valid UTF-8"
        case .unescapedControlCharacter(let byte, _):
            return "a control character (U+\(String(byte, radix: 16, uppercase: true))) in a string must be escaped"
        case .invalidEscape(let byte, _): return "'\\\(Character(Unicode.Scalar(byte)))' is not a JSON escape"
        case .loneSurrogate(let unit, _):
            return "\\u\(String(unit, radix: 16, uppercase: true)) is half of a surrogate pair without the other half"
        case .expectedHexDigits: return "expected four hex digits after \\u"
        case .nestedTooDeep(let limit, _): return "nested more than \(limit) levels deep"
        }
    }

    package var description: String { "syntax error at line \(line), column \(column): \(reason)" }

    /// The first 60 scalars of a key echoed in a message, `...` after a longer one.
    private static func cut(_ key: String) -> String {
        key.unicodeScalars.count <= 60 ? key : String(String.UnicodeScalarView(key.unicodeScalars.prefix(60))) + "..."
    }
}

/// A place in a JSON text: line and column, both from 1, the column in bytes.
package struct JSONTextPosition: Hashable, Sendable {
    package let line: Int
    package let column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Where the text ended too soon (the words of the message).
package enum JSONTextContext: String, Hashable, Sendable {
    case value = "where a value should be"
    case object = "inside an object"
    case array = "inside an array"
    case string = "inside a string"
}

/// The part of a number that lacks its digits (the words of the message).
package enum JSONNumberPart: String, Hashable, Sendable {
    case integer = "expected a digit"
    case fraction = "expected a digit after '.'"
    case exponent = "expected a digit in the exponent"
}
