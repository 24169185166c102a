@testable import Kalends
import KalendsCheck
import XCTest

/// `QuotedText.escaped`'s fast path (printable ASCII returned as it is) gives
/// what escaping scalar by scalar gives, on texts mostly of that kind and
/// with every kind of exception mixed in, for every limit and quote.
final class QuotedTextProperties: XCTestCase {
    func testTheFastPathEqualsTheScalarByScalarEscape() {
        let characters: [Character] = Array("abcXYZ019 ~!'\"\\") + ["\n", "\t", "\r", "\u{7F}", "\u{1B}", "é", "中", "\u{200B}", "\u{2028}", "😀"]
        let plain = Gen.element(of: Array("abcXYZ019 ~!'\"\\")).array(count: 0...40).map { String($0) }
        let mixed = Gen.element(of: characters).array(count: 0...40).map { String($0) }
        let texts = Gen.frequency([(3, plain), (1, mixed)])
        let quotes: [Unicode.Scalar?] = [nil, "'", "\"", "é"]
        forAll(Gen.zip(texts, Gen.int(in: 0...50), Gen.element(of: quotes)), runs: 200_000) { text, limit, quote in
            let fast = QuotedText.escaped(text, limit: limit, escaping: quote)
            let reference = QuotedText.escapedByScalars(text, limit: limit, escaping: quote)
            guard fast == reference else { throw TestFailure("\(text.debugDescription) limit \(limit): \(fast) vs \(reference)") }
            return true
        }
    }
}
