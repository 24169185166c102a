#if canImport(Glibc)
import Glibc
#endif

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
/// `readLine` does) for everything else.
enum BatchInput {
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
        let failure = StandardInput.forEachLine { raw in
            number += 1
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
        if let failure {
            output.flush()
            return ErrorReporting.report(InputFile.readError(failure))
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

import Kalends

/// Standard input in blocks.
enum StandardInput {
    /// Calls `body` with each line's bytes (without the newline; the last
    /// line also without one), reading 64 KiB at a time. Returns the
    /// `errno` of a read that failed (a directory, a closed descriptor), after
    /// the lines read before it; nil at the end of the input.
    @discardableResult
    static func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Int32? {
        var failure: Int32?
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var carry: [UInt8] = []
        var ended = false
        while !ended {
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                while true {
                    let got = read(0, raw.baseAddress, raw.count)
                    if got < 0 && errno == EINTR { continue }
                    if got < 0 { failure = errno }
                    return got
                }
            }
            if count <= 0 { ended = true; break }
            buffer.withUnsafeBufferPointer { block in
                let chunk = UnsafeBufferPointer(rebasing: block[0..<count])
                var start = 0
                while let newline = chunk[start...].firstIndex(of: 10) {
                    if carry.isEmpty {
                        body(UnsafeBufferPointer(rebasing: chunk[start..<newline]))
                    } else {
                        carry.append(contentsOf: chunk[start..<newline])
                        carry.withUnsafeBufferPointer { body($0) }
                        carry.removeAll(keepingCapacity: true)
                    }
                    start = newline + 1
                }
                if start < count { carry.append(contentsOf: chunk[start..<count]) }
            }
        }
        if !carry.isEmpty { carry.withUnsafeBufferPointer { body($0) } }
        return failure
    }
}
