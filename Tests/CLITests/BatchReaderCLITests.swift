import Foundation
import XCTest

/// The block reader of batch input: lines split across 64 KiB blocks, a
/// line longer than a block, CRLF, a byte order mark, blank lines and a last
/// line without a newline give what one `readLine` a line would.
final class BatchReaderCLITests: XCTestCase {
    func testLinesAcrossBlocksReadAsLines() {
        // 7,000 dates of 11 bytes: many lines straddle a block boundary.
        var dates: [String] = []
        for index in 0..<7_000 {
            let year: Int = 2000 + index / 336, month: Int = index / 28 % 12 + 1, day: Int = index % 28 + 1
            dates.append("\(year)-" + (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)")
        }
        let result = CLI.run(["convert", "-", "--to", "iso8601", "--json"], stdin: dates.joined(separator: "\n"))
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, dates.count)
        for (line, date) in zip(lines, dates) where !line.contains("\"iso\":\"\(date)\"") {
            XCTFail("\(date): \(line)")
            break
        }
    }

    /// A standard input that cannot be read (here a directory) is exit 1
    /// with the system's reason, not an empty input and exit 0.
    func testUnreadableStandardInputIsExitOne() {
        for arguments in [["convert", "-", "--to", "hebrew"], ["add", "-", "P1D"], ["diff", "-"], ["layout", "-"], ["recur", "-"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" < /", CLI.binary.path] + arguments
            let finished = ChildProcess.run(process, stdin: Data(), timeout: 60)
            XCTAssertEqual(finished.status, 1, "\(arguments): \(finished.stderr)")
            XCTAssertEqual(finished.stderr, "kalends: error: standard input: cannot be read: is a directory\n", "\(arguments)")
            XCTAssertEqual(finished.stdout, "", "\(arguments)")
        }
    }

    func testLongLinesCRLFMarksAndBlanks() {
        // 65,000 bytes: within the line limit, and across the first block's end.
        let long = String(repeating: "x", count: 65_000)
        let input = "\u{FEFF}2024-03-15\r\n\n  \n" + long + "\n2024-02-30\n2024-03-16"
        let result = CLI.run(["convert", "-", "--to", "hebrew"], stdin: input)
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.count, 7, result.stdout)
        XCTAssertTrue(lines[0].hasPrefix("hebrew  5784-M06-05"), lines[0])
        XCTAssertEqual(Array(lines[1...4]), ["", "", "", ""])
        XCTAssertTrue(lines[5].hasPrefix("hebrew  5784-M06-06"), lines[5])
        XCTAssertTrue(result.stderr.contains("line 4"), result.stderr)
        XCTAssertTrue(result.stderr.contains("line 5"), result.stderr)
        XCTAssertTrue(result.stderr.contains("..."), "a long line is echoed cut: \(result.stderr.prefix(300))")
        XCTAssertLessThan(result.stderr.utf8.count, 1_000)
    }

    /// A line longer than the limit (64 KiB) fails as a line does, in order,
    /// without being kept whole: its error names it, its outputs are empty
    /// (text) or error objects with the input cut (JSON), and the next lines
    /// are read. 20 MB in one line costs no 20 MB, and is quick.
    func testLineLongerThanTheLimitFailsAlone() {
        let huge = String(repeating: "9", count: 20_000_000)
        let input = "2024-03-15\n" + huge + "\n2024-03-16\n"
        for json in [false, true] {
            let started = Date()
            let result = CLI.run(["convert", "-", "--to", "hebrew", "--to", "julian"] + (json ? ["--json"] : []), stdin: input)
            XCTAssertLessThan(Date().timeIntervalSince(started), 20)
            XCTAssertEqual(result.status, 1)
            XCTAssertEqual(result.stderr, "kalends: error: line 2 is longer than 65536 bytes (64 KiB), the limit for a line of batch input\n")
            XCTAssertEqual(result.lines.count, 6, String(result.stdout.prefix(500)))
            if json {
                XCTAssertEqual(result.lines[2], #"{"input":"\#(String(repeating: "9", count: 60))...","error":"line 2 is longer than 65536 bytes (64 KiB), the limit for a line of batch input"}"#)
            } else {
                XCTAssertEqual(Array(result.lines[2...3]), ["", ""])
            }
            XCTAssertTrue(result.lines[4].contains("5784-M06-06"), result.lines[4])
        }
    }
}

/// The batch fast paths (ISO dates read from bytes, text and JSON written
/// straight into the output) print exactly what the general reader and the
/// String-built output print (`KALENDS_BATCH_REFERENCE=1`), in every
/// calendar, on random days across the supported range and runs of
/// consecutive days, plus lines the fast reader leaves to the general one.
final class BatchFastPathParityTests: XCTestCase {
    func testFastPathsEqualTheReference() {
        var generator = SystemRandomNumberGenerator()
        var lines: [String] = []
        for index in 0..<1_000 {
            // Mostly 1900 ... 2100; one line in 20 anywhere (far years of the table calendars ask ICU, slowly).
            let day = index % 20 == 0 ? Int.random(in: -4_371_587...2_932_896, using: &generator)
                : Int.random(in: -25_567...47_482, using: &generator)
            let year = Int.random(in: 0...9999, using: &generator)
            let pick = Int.random(in: 0...9, using: &generator)
            switch pick {
            case 0: lines.append("\(year)-02-30")
            case 1: lines.append("+\(year)-01-01")
            case 2: lines.append("2024-3-5")
            default:
                let date = Self.isoText(day)
                lines.append(date)
            }
        }
        // Runs of consecutive days, as a real batch has: the writers' cached months.
        for length in [120, 120, 120, 400] {
            let start = Int.random(in: -25_567...47_000, using: &generator)
            lines += (start..<start + length).map(Self.isoText)
        }
        let input = lines.joined(separator: "\n") + "\n"
        for extra in [[], ["--json"]] {
            let arguments = ["convert", "-", "--to", "all"] + extra
            let fast = CLI.run(arguments, stdin: input)
            let reference = CLI.run(arguments, stdin: input, environment: ["KALENDS_BATCH_REFERENCE": "1"])
            XCTAssertEqual(fast.status, reference.status)
            XCTAssertEqual(fast.stderr, reference.stderr)
            if fast.stdout != reference.stdout {
                let a = fast.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                let b = reference.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
                XCTFail("\(extra): first difference at output line \(first?.offset ?? -1): \(first?.element.0 ?? "") vs \(first?.element.1 ?? "")")
            }
        }
    }

    /// `add -` and `diff -`: plain ISO dates (and pairs) take the byte path,
    /// everything else the general reader; both give the reference's bytes,
    /// errors, error lines and exit status included.
    func testAddAndDiffFastPathsEqualTheReference() {
        var generator = SystemRandomNumberGenerator()
        var dates: [String] = [], pairs: [String] = []
        for index in 0..<1_000 {
            let day = index % 10 == 0 ? Int.random(in: -719_528...2_932_896, using: &generator)
                : Int.random(in: -25_567...47_482, using: &generator)
            let later = day + Int.random(in: -800...800, using: &generator)
            switch Int.random(in: 0...9, using: &generator) {
            case 0: dates.append("2023-02-29"); pairs.append("2024-02-30\t" + Self.isoText(later))
            case 1: dates.append("9999-12-31"); pairs.append(Self.isoText(day) + "  " + Self.isoText(later))
            case 2: dates.append(Self.isoText(day) + "T10:00"); pairs.append(Self.isoText(day))
            case 3: dates.append(""); pairs.append(Self.isoText(day) + " " + Self.isoText(day))
            default: dates.append(Self.isoText(day)); pairs.append(Self.isoText(day) + (index % 2 == 0 ? "\t" : " ") + Self.isoText(later))
            }
        }
        let runs: [([String], [String])] = [
            (["add", "-", "P1M"], dates), (["add", "-", "-P1Y2M3W4D", "--json"], dates), (["add", "-", "P1M", "--overflow", "reject"], dates),
            (["diff", "-"], pairs), (["diff", "-", "--json"], pairs), (["diff", "-", "--largest-unit", "months"], pairs),
        ]
        for (arguments, lines) in runs {
            let input = lines.joined(separator: "\n") + "\n"
            let fast = CLI.run(arguments, stdin: input)
            let reference = CLI.run(arguments, stdin: input, environment: ["KALENDS_BATCH_REFERENCE": "1"])
            XCTAssertEqual(fast.status, reference.status, "\(arguments)")
            XCTAssertEqual(fast.stderr, reference.stderr, "\(arguments)")
            XCTAssertEqual(fast.stdout.split(separator: "\n", omittingEmptySubsequences: false).count, lines.count + 1, "\(arguments)")
            if fast.stdout != reference.stdout {
                let a = fast.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                let b = reference.stdout.split(separator: "\n", omittingEmptySubsequences: false)
                let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
                XCTFail("\(arguments): first difference at output line \(first?.offset ?? -1): \(first?.element.0 ?? "") vs \(first?.element.1 ?? "")")
            }
        }
    }

    /// The ISO text of a day number (proleptic Gregorian, years -9999 ... 9999).
    static func isoText(_ day: Int) -> String {
        // Civil-from-days (Howard Hinnant's published algorithm, restated).
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        let digits = String(y.magnitude)
        let year = (y < 0 ? "-" : "") + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        return year + "-" + (m < 10 ? "0" : "") + "\(m)-" + (d < 10 ? "0" : "") + "\(d)"
    }
}
