import Dispatch
import XCTest
@testable import Kalends

/// The library's shared state hammered from 8 threads at once: calendars
/// opened on first use (their references opened lazily, far years), their
/// year caches, calendar names, zones opened by name, a recurrence set's
/// period counts for COUNT far from DTSTART. Each thread must get what one
/// thread gets; under `swift test --sanitize=thread` this is the race check
/// (Docs/Reliability.md).
final class ConcurrencyTests: XCTestCase {
    /// One thread's answers: conversions in every calendar (far years included), names, zones, a far recurrence window.
    static func work(_ worker: Int) -> [String] {
        var answers: [String] = []
        for id in CalendarID.allCases {
            guard let calendar = try? Calendars.system(id) else { answers.append("\(id): unavailable"); continue }
            for day in stride(from: -1_000_000 + worker * 7, through: 2_900_000, by: 191_009) {
                answers.append("\(id) \(day): " + ((try? calendar.date(dayNumber: day)).map { "\($0)" } ?? "-"))
            }
            answers.append("\(id) named: \(String(describing: try? Calendars.identifier(named: CalendarIdentifier(id).key)))")
        }
        for name in ["America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Kiritimati"] {
            answers.append(name + ": " + ((try? ZoneRules(identifier: name)).map { "\($0.offset(at: Instant(seconds: 1_700_000_000)))" } ?? "-"))
        }
        if let rule = try? RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2TU,-1FR;COUNT=2000"),
           let start = try? LocalDateTime(ISODate(year: 1990, month: 1, day: 1), TimeOfDay(hour: 9)),
           let set = try? RecurrenceSet(start: .floating(start), rules: [rule]),
           let lower = try? LocalDateTime(ISODate(year: 2060, month: 1, day: 1), TimeOfDay(hour: 0)),
           let window = try? set.occurrences(from: .local(lower)) {
            answers.append("recurrence: " + window.prefix(5).map(\.description).joined(separator: ","))
        }
        return answers
    }

    func testSharedStateFromEightThreadsAtOnce() {
        let expected = (0..<8).map(Self.work)
        let results = UnsafeMutableBufferPointer<[String]>.allocate(capacity: 8)
        results.initialize(repeating: [])
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let shared = results
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            shared[worker] = Self.work(worker)
        }
        for worker in 0..<8 {
            XCTAssertEqual(results[worker], expected[worker], "thread \(worker)")
        }
        XCTAssertGreaterThan(expected[0].count, 100)
    }
}
