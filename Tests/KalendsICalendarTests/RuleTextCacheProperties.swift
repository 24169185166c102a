import Kalends
import KalendsCheck
import XCTest
@testable import KalendsICalendar

/// The RRULE texts a process keeps (`RuleTexts`): the rule, or the error, a
/// text is answered with is what reading it anew gives, first time or
/// kept, from any thread; past the limit, texts are read anew.
final class RuleTextCacheProperties: XCTestCase {
    /// RRULE texts, valid and not: parts of every kind, repeated, misspelled, out of range.
    static let part = Gen<String>.element(of: [
        "FREQ=DAILY", "FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "FREQ=HOURLY", "FREQ=SECONDLY", "FREQ=SOMETIMES",
        "INTERVAL=2", "INTERVAL=0", "COUNT=10", "COUNT=-1", "UNTIL=20241231T235959Z", "UNTIL=20241231", "UNTIL=2024",
        "BYDAY=MO,WE,FR", "BYDAY=-1FR", "BYDAY=XX", "BYMONTHDAY=31", "BYMONTHDAY=32", "BYMONTH=2", "BYMONTH=5L",
        "RSCALE=HEBREW", "SKIP=FORWARD", "BYSETPOS=-1", "WKST=SU", "BYHOUR=9", "X-NAME=1", "", "=", ";",
    ])
    static let text = part.array(count: 0...6).map { $0.joined(separator: ";") }

    func testAKeptAnswerIsTheAnswerOfANewRead() {
        forAll(Self.text.array(count: 1...8), runs: 2_000) { texts in
            // Each text twice: the first read may keep it, the second may be the kept one.
            for text in texts + texts {
                let kept = Result { () throws(RuleError) in try RuleTexts.read(text) }
                let anew = Result { () throws(RuleError) in try RuleTexts.readAnew(text) }
                switch (kept, anew) {
                case (.success(let a), .success(let b)) where a == b: continue
                case (.failure(let a), .failure(let b)) where a == b: continue
                default: throw Failure("\(text): kept \(kept), anew \(anew)")
                }
            }
            return true
        }
    }

    func testThreadsShareTheKeptAnswers() {
        let texts = (try? Self.text.sample(seed: 7, count: 400)) ?? []
        let reference = texts.map { text in Result { () throws(RuleError) in try RuleTexts.readAnew(text) } }
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for (text, expected) in zip(texts, reference) {
                let got = Result { () throws(RuleError) in try RuleTexts.read(text) }
                if "\(got)" != "\(expected)" { mismatches.withLock { $0 += 1 } }
            }
        }
        XCTAssertEqual(mismatches.withLock { $0 }, 0)
        XCTAssertEqual(texts.count, 400)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
