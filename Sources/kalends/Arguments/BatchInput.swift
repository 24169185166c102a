#if canImport(Glibc)
import Glibc
#endif
import Kalends

/// `-` as the date argument: one input a line from standard input, and in
/// order exactly `width` output lines per input line (one per target
/// calendar), so outputs stay aligned with inputs. A line that fails writes
/// its error to stderr with its line number and, for each output it could
/// not produce, an empty line (text) or an `{"input":...,"error":...}`
/// object (JSON); a blank line gives blank lines in both modes.
///
/// Standard input is read in 64 KiB blocks and each line handed over as
/// its bytes (`BatchLine`), so a command's fast path reads plain dates with
/// no `String` in between; `text` decodes it (invalid UTF-8 repaired, as
/// `readLine` does) for everything else. A line longer than
/// `maximumLineLength` fails as a line does (its error names it), without
/// being kept: the reading goes on at the next line.
enum BatchInput {
    /// The longest line read, in bytes: far more than any date, date-time or
    /// pair of them needs.
    static let maximumLineLength = 1 << 16

    /// Runs `body` on each line's text (with its 1-based number, for errors); returns exit status 1 if any line failed.
    static func run(width: Int, json: Bool, output: inout OutputBuffer,
                    _ body: (_ line: String, _ number: Int, _ output: inout OutputBuffer) throws -> Void) -> Int32 {
        runLines(width: width, json: json, output: &output) { line, number, output in try body(line.text, number, &output) }
    }

    /// Runs `body` on each line as bytes; see `run`.
    static func runLines(width: Int, json: Bool, output: inout OutputBuffer,
                         _ body: (_ line: BatchLine, _ number: Int, _ output: inout OutputBuffer) throws -> Void) -> Int32 {
        var status = ExitStatus.success
        var number = 0
        let end = LineReader.forEachLine(of: 0, maximumLength: maximumLineLength) { read in
            number += 1
            let raw: UnsafeBufferPointer<UInt8>
            switch read {
            case .complete(let bytes):
                raw = bytes
            case .tooLong(let prefix):
                // Its outputs are empty (or error objects); the rest of it is read past.
                status = ExitStatus.invalid
                let error = InputLimitError.lineTooLong(line: number, limit: maximumLineLength, what: "a line of batch input")
                let shown = String(decoding: UnsafeBufferPointer(rebasing: prefix.prefix(4 * Echo.limit)), as: UTF8.self)
                for _ in 0..<width {
                    if json { output.line(ErrorReporting.batchObject(input: shown, error: error)) } else { output.line("") }
                }
                output.flush()
                _ = ErrorReporting.report(error)
                return
            }
            var line = BatchLine(bytes: raw)
            line.trimCarriageReturn()
            // A byte order mark starting the input is not part of the first line.
            if number == 1 { line.dropByteOrderMark() }
            if line.isBlank {
                for _ in 0..<width { output.line("") }
                return
            }
            let before = output.lineCount
            do {
                try body(line, number, &output)
            } catch {
                status = ExitStatus.invalid
                let missing = width - (output.lineCount - before)
                if missing > 0 {
                    let text = line.text
                    for _ in 0..<missing {
                        if json {
                            output.line(ErrorReporting.batchObject(input: text, error: error))
                        } else {
                            output.line("")
                        }
                    }
                }
                output.flush()
                _ = ErrorReporting.report(error)
            }
        }
        if case .failed(let code) = end {
            output.flush()
            return ErrorReporting.report(InputError(.standardInput, underlying: ArgumentProblem.unreadable(errno: code)))
        }
        return status
    }
}

/// One line of batch input, without its newline: valid only inside the call it is given to.
struct BatchLine {
    private(set) var bytes: UnsafeBufferPointer<UInt8>

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The line as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// True for a line of spaces and tabs only (or nothing).
    var isBlank: Bool { bytes.allSatisfy { $0 == 32 || $0 == 9 } }

    mutating func trimCarriageReturn() {
        if bytes.last == 13 { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
    }

    mutating func dropByteOrderMark() {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3))
        }
    }

    /// The ISO date `YYYY-MM-DD` (year 0000 ... 9999) when the line is
    /// exactly that and the date exists; nil otherwise (the general reader
    /// then reads the line, and says why when it cannot).
    var plainISODate: ISODate? {
        bytes.count == 10 ? Self.isoDate(bytes, at: 0) : nil
    }

    /// Two plain ISO dates separated by one tab or one space (a `diff -`
    /// line, `2024-03-15<TAB>2024-05-01`); nil for anything else.
    var plainISODatePair: (ISODate, ISODate)? {
        guard bytes.count == 21, bytes[10] == 9 || bytes[10] == 32,
              let start = Self.isoDate(bytes, at: 0), let end = Self.isoDate(bytes, at: 11) else { return nil }
        return (start, end)
    }

    /// `YYYY-MM-DD` at `offset` (ten bytes the caller has checked exist).
    private static func isoDate(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> ISODate? {
        guard bytes[offset + 4] == 45, bytes[offset + 7] == 45 else { return nil }
        func digits(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in (offset + from)..<(offset + from + count) {
                let digit = Int(bytes[index]) &- 48
                guard digit >= 0 && digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2) else { return nil }
        return try? ISODate(year: year, month: month, day: day)
    }
}
