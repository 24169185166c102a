import KalendsCheck
import XCTest
@testable import KalendsStore

/// The windowed read's table of series by UID (open addressing over the UIDs'
/// hashes) numbers UIDs as a dictionary of their texts does: the first time
/// a UID is met it gets the next slot, every later time the same one, whatever
/// the hashes (here often equal, to make them collide) and however it grows.
final class UIDTableProperties: XCTestCase {
    func testSlotsAreThoseOfADictionary() {
        // UIDs from a small alphabet (repeats), each with a hash of few values (collisions), in any order.
        let uid = Gen.int(in: 0...300).map { "uid-\($0)" }
        forAll(uid.array(count: 0...2_000), Gen.int(in: 1...64), Gen.int(in: 0...64), runs: 300) { uids, spread, reserved in
            var table = CalendarFileReader.UIDTable()
            table.reserveCapacity(reserved)
            var reference: [String: Int] = [:]
            for text in uids {
                let hash = text.utf8.reduce(0) { $0 &+ Int($1) } % spread
                let found = table.slot(.text(text), hash: hash) { a, b in
                    guard case .text(let x) = a, case .text(let y) = b else { return false }
                    return x == y
                }
                let want = reference[text] ?? reference.count
                reference[text] = want
                guard found == want else { throw Failure("\(text) got slot \(found), not \(want), after \(reference.count) UIDs") }
            }
            cover(minPercent: 20, uids.count > 600, "a table grown past its first cells")
            cover(minPercent: 3, Set(uids).count > 100 && spread < 8, "many UIDs on few hashes")
            return true
        }
    }
}
