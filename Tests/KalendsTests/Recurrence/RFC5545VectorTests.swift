import Foundation
import XCTest
@testable import Kalends
import KalendsICalendar

/// The examples of RFC 5545 section 3.8.5.3, read from
/// `Vectors/rfc5545-examples.txt` (the standard's syntax, the expected
/// starts written from its text).
final class RFC5545VectorTests: XCTestCase {
    struct Vector {
        let title: String
        let lines: String
        let expected: [String]
        let limit: Int?
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vectors")

    /// The vectors of a file in `Vectors/`.
    static func vectors(_ name: String = "rfc5545-examples.txt") throws -> [Vector] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        var result: [Vector] = []
        for block in text.components(separatedBy: "\n=== ").dropFirst() {
            let parts = block.components(separatedBy: "\n---\n")
            guard parts.count == 2 else { throw NSError(domain: "vector", code: 1, userInfo: [NSLocalizedDescriptionKey: block]) }
            var header = parts[0].split(separator: "\n").map(String.init)
            let title = header.removeFirst()
            var expected: [String] = [], limit: Int?
            for line in parts[1].split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                switch words.first {
                case "limit": limit = Int(words[1])
                case "rfc-differs": continue
                case "range": expected += try Self.range(words[1], words[2], Int(words[3]) ?? 1)
                default: expected += words
                }
            }
            result.append(Vector(title: title, lines: header.joined(separator: "\n"), expected: expected, limit: limit))
        }
        return result
    }

    /// FIRST, FIRST + step days, ... up to LAST, at FIRST's time.
    static func range(_ first: String, _ last: String, _ step: Int) throws -> [String] {
        let calendar = GregorianCalendar()
        func day(_ text: String) throws -> Int {
            let digits = Int(text.prefix(8)) ?? 0
            return try calendar.checkedDayNumber(year: digits / 10_000, month: digits / 100 % 100, day: digits % 100)
        }
        let time = first.dropFirst(8)
        var result: [String] = []
        var current = try day(first)
        let end = try day(last)
        while current <= end {
            result.append(basic(ISODate(dayNumber: current)) + time)
            current += step
        }
        return result
    }

    static func basic(_ date: ISODate) -> String {
        date.description.replacingOccurrences(of: "-", with: "")
    }

    /// An occurrence's wall clock in basic form, as the vectors write it.
    static func wall(_ occurrence: Occurrence) -> String {
        if case .date(let date) = occurrence.value { return basic(date) }
        let local = occurrence.local
        return basic(local.isoDate) + DateTimeText.format(local.time).replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "^", with: "T", options: .regularExpression)
    }

    func testEveryExampleOfSection3853() throws {
        let vectors = try Self.vectors()
        XCTAssertGreaterThanOrEqual(vectors.count, 40)
        for vector in vectors {
            let set = try RecurrenceSet(parsing: vector.lines)
            let limit = vector.limit ?? 10_000
            let got = set.occurrences().prefix(limit).map(Self.wall)
            XCTAssertEqual(got, vector.expected, vector.title)
            if let limit = vector.limit { XCTAssertEqual(vector.expected.count, limit, "\(vector.title): the file's list") }
        }
    }

    /// The zoned starts carry the offset in force: EDT before 26 October 1997, EST after.
    func testOffsetsFollowTheZone() throws {
        let set = try RecurrenceSet(parsing: "DTSTART;TZID=America/New_York:19970902T090000\nRRULE:FREQ=WEEKLY;COUNT=10")
        let texts = set.occurrences().map(\.description)
        XCTAssertEqual(texts.first, "1997-09-02T09:00:00-04:00")
        XCTAssertEqual(texts[7], "1997-10-21T09:00:00-04:00")
        XCTAssertEqual(texts[8], "1997-10-28T09:00:00-05:00")
    }
}
