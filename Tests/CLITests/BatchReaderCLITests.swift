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

    func testLongLinesCRLFMarksAndBlanks() {
        let long = String(repeating: "x", count: 70_000)
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
    }
}
