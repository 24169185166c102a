import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// Kalends against Foundation's `Calendar.RecurrenceRule` on a family of
/// rules Foundation gets right and never hangs on (no BYSETPOS, BYWEEKNO,
/// BYDAY ordinals or monthly BYDAY: Foundation on Linux errs or hangs
/// there, Docs/Conformance.md). Foundation runs in a child process (this
/// test binary, re-run on one test) that is killed after a timeout, so a
/// Foundation hang cannot hang `swift test`.
final class FoundationRecurrenceComparisonTests: XCTestCase {
    static let childVariable = "KALENDS_FOUNDATION_RECURRENCE_CHILD"

    static let rules: Gen<String> = FoundationFamily.rules()

    /// The child: reads `DTSTART-seconds<TAB>RRULE` lines, writes Foundation's first 30 starts after DTSTART.
    func testChildExpandsWithFoundation() throws {
        guard let path = ProcessInfo.processInfo.environment[Self.childVariable] else {
            throw XCTSkip("the child half of testAgreesWithFoundationOnTheFamilyItHandles: runs only in the child process "
                          + "that test starts, with \(Self.childVariable)=<rules file> set")
        }
        let input = try String(contentsOfFile: path, encoding: .utf8)
        var output = ""
        for line in input.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let seconds = Int(fields[0]) else { continue }
            let rule = try RecurrenceRule(parsing: String(fields[1]))
            var foundation = try rule.foundationRule(in: TimeZone(secondsFromGMT: 0) ?? .current)
            foundation.matchingPolicy = .strict
            let start = Date(timeIntervalSince1970: Double(seconds))
            let dates = foundation.recurrences(of: start).lazy.filter { $0 > start }.prefix(30)
            output += dates.map { String(Int($0.timeIntervalSince1970)) }.joined(separator: " ") + "\n"
        }
        try output.write(toFile: path + ".out", atomically: true, encoding: .utf8)
    }

    func testAgreesWithFoundationOnTheFamilyItHandles() throws {
        let rules = try Self.rules.sample(seed: 20_261_202, count: 200)
        // Days 1 ... 28: from a 29th-31st Foundation's .strict policy moves a missing day
        // (1991-05-01 for "every 3 months from 31 December") where RFC 5545 skips it.
        let starts = try Gen<Int>.int(in: 0...(60 * 365)).map { day in
            (ISODate(dayNumber: day).day > 28 ? day - 5 : day) * 86_400 + 9 * 3600
        }.sample(seed: 7, count: 200)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-foundation-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("rules.tsv")
        try zip(starts, rules).map { "\($0)\t\($1)" }.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)

        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["KalendsTests.FoundationRecurrenceComparisonTests/testChildExpandsWithFoundation"]
        if CommandLine.arguments[0].hasSuffix("swiftpm-testing-helper") || CommandLine.arguments.count > 1 && CommandLine.arguments[1].hasSuffix(".xctest") {
            try XCTSkipIf(true, "running under a test helper; the child process needs the xctest binary itself")
        }
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = input.path
        child.environment = environment
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        let deadline = Date().addingTimeInterval(120)
        while child.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if child.isRunning {
            child.terminate()
            XCTFail("Foundation did not finish the generated rules within 120 s (a hang on one of them)")
            return
        }
        let lines = try String(contentsOf: URL(fileURLWithPath: input.path + ".out"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertGreaterThanOrEqual(lines.count, rules.count)
        var compared = 0
        for (index, (start, text)) in zip(starts, rules).enumerated() {
            let theirs = lines[index].split(separator: " ").compactMap { Int($0) }
            let set = try RecurrenceSet(start: .floating(LocalDateTime(unchecked: start / 86_400, start % 86_400 * 1_000_000_000)),
                                        rules: [try RecurrenceRule(parsing: text)])
            let ours = set.occurrences().dropFirst().prefix(30).map(\.key)
            XCTAssertEqual(ours, theirs, "\(text) from \(start)")
            compared += theirs.count
        }
        XCTAssertGreaterThan(compared, 2_000)
    }
}

enum FoundationFamily {
    /// Frequency, interval, BYMONTH, BYMONTHDAY, BYDAY weekdays (weekly only), BYHOUR, WKST.
    static func rules() -> Gen<String> {
        Gen<(Int, Int, [Int], [Int])>.zip(
            Gen<Int>.int(in: 0...3), Gen<Int>.frequency([(3, Gen<Int>.constant(1)), (1, Gen<Int>.int(in: 2...4))]),
            Gen<[Int]>.frequency([(2, Gen<[Int]>.constant([])), (1, Gen<Int>.int(in: 1...12).array(count: 1...3))]),
            Gen<[Int]>.frequency([(2, Gen<[Int]>.constant([])), (1, Gen<Int>.int(in: 1...28).array(count: 1...3))])
        ).flatMap { kind, interval, months, monthDays in
            Gen<([Int], [Int], Int)>.zip(
                Gen<Int>.int(in: 1...7).array(count: 1...3),
                Gen<[Int]>.frequency([(2, Gen<[Int]>.constant([])), (1, Gen<Int>.int(in: 0...23).array(count: 1...2))]),
                Gen<Int>.int(in: 1...7)
            ).map { weekdays, hours, weekStart in
                let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
                let frequency = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"][kind]
                var parts = ["FREQ=" + frequency]
                if interval != 1 { parts.append("INTERVAL=\(interval)") }
                if !months.isEmpty { parts.append("BYMONTH=" + months.map(String.init).joined(separator: ",")) }
                // YEARLY;BYMONTHDAY without BYMONTH: Foundation keeps DTSTART's month, Kalends (with
                // dateutil, libical, rrule.js) takes every month; Docs/Recurrence.md says why.
                if !monthDays.isEmpty && kind != 1 && !(kind == 3 && months.isEmpty) { parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ",")) }
                if kind == 1 { parts.append("BYDAY=" + weekdays.map { codes[$0 - 1] }.joined(separator: ",")) }
                if !hours.isEmpty { parts.append("BYHOUR=" + hours.map(String.init).joined(separator: ",")) }
                if kind == 1 && interval > 1 { parts.append("WKST=" + codes[weekStart - 1]) }
                return parts.joined(separator: ";")
            }
        }
    }
}
