/// `-` as the date argument: one input a line from standard input, and in
/// order exactly `width` output lines per input line (one per target
/// calendar), so outputs stay aligned with inputs. A line that fails writes
/// its error to stderr with its line number and, for each output it could
/// not produce, an empty line (text) or an `{"input":...,"error":...}`
/// object (JSON); a blank line gives blank lines in both modes.
enum BatchInput {
    /// Runs `body` on each line (with its 1-based number, for errors); returns exit status 1 if any line failed.
    static func run(width: Int, json: Bool, output: inout OutputBuffer,
                    _ body: (_ line: String, _ number: Int, _ output: inout OutputBuffer) throws -> Void) -> Int32 {
        var status = ExitStatus.success
        var number = 0
        while var line = readLine(strippingNewline: true) {
            number += 1
            if line.utf8.last == 13 { line.removeLast() }
            // A byte order mark starting the input is not part of the first line.
            if number == 1, line.unicodeScalars.first == "\u{FEFF}" { line.unicodeScalars.removeFirst() }
            if line.utf8.allSatisfy({ $0 == 32 || $0 == 9 }) {
                for _ in 0..<width { output.line("") }
                continue
            }
            let before = output.lineCount
            do {
                try body(line, number, &output)
            } catch {
                status = ExitStatus.invalid
                let missing = width - (output.lineCount - before)
                if missing > 0 {
                    for _ in 0..<missing {
                        if json {
                            output.line(ErrorReporting.batchObject(input: line, error: error))
                        } else {
                            output.line("")
                        }
                    }
                }
                output.flush()
                _ = ErrorReporting.report(error)
            }
        }
        return status
    }
}
