import Foundation
import XCTest

/// How errors show what was typed and say what went wrong with a file:
/// input quoted plainly (no escape the user did not type), the system's
/// reason for a file that cannot be read, a date argument that is a path,
/// and bounded reading of files and standard input (a 20 MB line costs no
/// 20 MB and is not echoed back).
final class InputErrorsCLITests: XCTestCase {
    // MARK: Quoting

    /// A pattern with a single quote is shown in double quotes, as typed;
    /// the rest of the message keeps its own quotes unescaped.
    func testQuotesAreShownPlainly() {
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--format", "'"]), status: 1,
                        contains: #"kalends: error: --format: invalid date pattern "'": a quote (') is not closed"#)
        CLI.assertError(CLI.run(["convert", "2024-03-15", "--format", "d 'of MMMM"]), status: 1,
                        contains: #"--format: invalid date pattern "d 'of MMMM": a quote (') is not closed"#)
        // Only text with both quotes escapes one of them.
        let both = CLI.run(["convert", "2024-03-15", "--format", #"d '"x"#])
        CLI.assertError(both, status: 1, contains: #"invalid date pattern 'd \'"x': a quote (') is not closed"#)
        for result in [CLI.run(["convert", "2024-03-15", "--format", "'"]), both] {
            XCTAssertFalse(result.stderr.contains(#"\'\'"#), result.stderr)
        }
        // An argument the command line quotes itself.
        CLI.assertError(CLI.run(["month", "--first-weekday", "it's"]), status: 2, contains: #"not "it's""#)
        CLI.assertError(CLI.run(["conv'ert"]), status: 2, contains: #"unknown command "conv'ert""#)
        // A typed quote inside a date: the echo is the date's, the library's own quotes stay.
        CLI.assertError(CLI.run(["convert", "2024-03-1'5"]), status: 1, contains: #"DATE: cannot read date "2024-03-1'5""#)
    }
}
