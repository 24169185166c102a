import Kalends
import KalendsCheck
import XCTest

/// The package's JSON reader and string writer: each syntax error with its
/// line, column and message, the depth limit, and quoting read back.
final class JSONDocumentExamples: XCTestCase {
    func parse(_ text: String) throws -> JSONValue {
        try Array(text.utf8).withUnsafeBytes { raw in try JSONDocument.parse(raw) }
    }

    func error(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch let error as JSONSyntaxError {
            return error
        } catch {
            return nil
        }
    }

    func testErrorsSayWhereAndWhat() {
        let cases: [(String, String)] = [
            ("", "syntax error at line 1, column 1: the text ends where a value should be"),
            ("{\"a\":1,}", "syntax error at line 1, column 8: a comma before '}' (no member follows it)"),
            ("[1,\n ]", "syntax error at line 2, column 2: a comma before ']' (no value follows it)"),
            ("{\"a\":1,\"a\":2}", "syntax error at line 1, column 8: the key \"a\" appears twice in one object"),
            ("{\"a\" 1}", "syntax error at line 1, column 6: expected ':' after a member name"),
            ("[1 2]", "syntax error at line 1, column 4: expected ',' or ']' after a value"),
            ("{\"a\":1 \"b\"}", "syntax error at line 1, column 8: expected ',' or '}' after a member"),
            ("[tru]", "syntax error at line 1, column 2: expected true"),
            ("012", "syntax error at line 1, column 2: a number may not start with 0"),
            ("1.", "syntax error at line 1, column 3: expected a digit after '.'"),
            ("1e", "syntax error at line 1, column 3: expected a digit in the exponent"),
            ("\"a\u{1}\"", "syntax error at line 1, column 3: a control character (U+1) in a string must be escaped"),
            ("\"\\x\"", "syntax error at line 1, column 2: '\\x' is not a JSON escape"),
            ("\"\\ud83d\"", "syntax error at line 1, column 2: \\uD83D is half of a surrogate pair without the other half"),
            ("\"\\u12\"", "syntax error at line 1, column 6: expected four hex digits after \\u"),
            ("{} x", "syntax error at line 1, column 4: text after the JSON value"),
            ("{1:2}", "syntax error at line 1, column 2: expected a member name in quotes"),
            ("[", "syntax error at line 1, column 2: the text ends where a value should be"),
            ("[1", "syntax error at line 1, column 3: the text ends inside an array"),
        ]
        for (text, message) in cases {
            XCTAssertEqual(error(text)?.description, message, text)
        }
        XCTAssertEqual(error("[1,\n\n  x]").map { [$0.line, $0.column] }, [3, 3])
    }

    func testNestingStopsAtTheDocumentedDepth() throws {
        let limit = JSONDocument.maximumDepth
        XCTAssertEqual(limit, 512)
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        XCTAssertNoThrow(try parse(deepest))
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        XCTAssertEqual(error(tooDeep), .nestedTooDeep(limit: limit, at: JSONTextPosition(line: 1, column: limit + 1)))
        XCTAssertEqual(error(tooDeep)?.reason, "nested more than 512 levels deep")
        // Far deeper input is refused as quickly, without exhausting the stack.
        XCTAssertNotNil(error(String(repeating: "{\"a\":", count: 100_000)))
    }

    /// Any string, quoted by `JSONString` (the writers' one escaping), reads
    /// back as itself, and `JSONObject` writes the same quoting.
    func testQuotedStringsReadBack() {
        let scalars = Gen.oneOf([Gen.int(in: 0...0x7F), Gen.int(in: 0x80...0xD7FF), Gen.int(in: 0xE000...0x10FFFF)])
            .map { Character(Unicode.Scalar(UInt32($0)) ?? " ") }
        forAll(scalars.array(count: 0...24), runs: 5000) { characters in
            let text = String(characters)
            let quoted = JSONString.quoted(text)
            guard try self.parse(quoted) == .string(text) else { throw JSONExampleFailure("\(quoted) does not read back") }
            var object = JSONObject()
            object.add("k", text)
            var bytes: [UInt8] = []
            JSONString.append(text, to: &bytes)
            guard object.encoded == "{\"k\":\(quoted)}", bytes == Array(quoted.utf8), JSONString.isPlain(text) == (quoted == "\"\(text)\"") else {
                throw JSONExampleFailure("the writers quote \(quoted) differently")
            }
            return true
        }
    }
}

private struct JSONExampleFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
