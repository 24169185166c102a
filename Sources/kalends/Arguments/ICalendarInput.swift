import Kalends
import KalendsICalendar

/// The iCalendar text of a recurrence from ICAL-FILE or standard input,
/// read a line at a time within bounds: at most `maximumBytes` in all, and
/// a DTSTART, RRULE, RDATE or EXDATE line at most
/// `RecurrenceSet.maximumLineLength` bytes after unfolding (an error naming
/// its line as soon as it is longer, before the rest of it is read). Other
/// lines (a long inline ATTACH) are passed over without being kept.
///
/// The text handed to `RecurrenceSet(parsing:)` has the lines unfolded,
/// each followed by as many line ends as it had physical lines, so the
/// library's line numbers are the file's.
enum ICalendarInput {
    /// The most bytes read: far more than the lines of one recurrence need,
    /// and still a bound on an endless input.
    static let maximumBytes = 16 << 20

    /// The text (nil when it is not UTF-8) and the name errors give the
    /// input (`standard input`, or the path).
    static func read(_ path: String, argument: String) throws -> (text: String?, source: InputOrigin) {
        let input = try InputSource(path, argument: argument)
        defer { input.close() }
        var unfolder = Unfolder()
        let end: LineReader.End
        do {
            // A physical line may hold a CR and, when it continues another, a leading space.
            end = try LineReader.forEachLine(of: input.descriptor, maximumLength: RecurrenceSet.maximumLineLength + 2,
                                             maximumTotal: maximumBytes) { line in
                try unfolder.take(line)
            }
        } catch let error as InputLimitError {
            throw InputError(input.contents, underlying: error)
        }
        switch end {
        case .finished: break
        case .failed(let code): throw input.readError(code)
        case .tooLarge:
            throw InputError(input.contents, underlying: InputLimitError.inputTooLarge(limit: maximumBytes, what: "the iCalendar text of a recurrence"))
        }
        return (unfolder.finish(), input.contents)
    }

    /// Joins folded lines (RFC 5545 section 3.1: a line that starts with a
    /// space or a tab continues the one before) as the library's reader does,
    /// keeping the recurrence's lines and passing over long other ones.
    struct Unfolder {
        private var text: [UInt8] = []
        /// The open logical line, and the physical lines it spans so far.
        private var current: [UInt8] = []
        private var currentLine = 0
        private var span = 0
        /// The open line is another property's, too long to keep: its bytes are dropped.
        private var passingOver = false
        private var number = 0

        mutating func take(_ line: LineReader.Line) throws {
            number += 1
            var bytes: UnsafeBufferPointer<UInt8>
            var tooLong = false
            switch line {
            case .complete(let whole): bytes = whole
            case .tooLong(let prefix): bytes = prefix; tooLong = true
            }
            if !tooLong, bytes.last == 13 { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
            if number == 1, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3))
            }
            guard span > 0 else {
                if bytes.isEmpty {
                    text.append(10)
                } else {
                    open(bytes)
                    try check(tooLong: tooLong)
                }
                return
            }
            if bytes.isEmpty {
                // An empty line is dropped and does not end the open line.
                span += 1
            } else if bytes[0] == 32 || bytes[0] == 9 {
                span += 1
                if !passingOver { current.append(contentsOf: bytes.dropFirst()) }
                try check(tooLong: tooLong)
            } else {
                close()
                open(bytes)
                try check(tooLong: tooLong)
            }
        }

        private mutating func open(_ bytes: UnsafeBufferPointer<UInt8>) {
            current.append(contentsOf: bytes)
            currentLine = number
            span = 1
            passingOver = false
        }

        /// A line longer than the library reads: an error for the recurrence's
        /// lines (or a line without a name), else its bytes are dropped.
        private mutating func check(tooLong: Bool) throws {
            guard !passingOver, tooLong || current.count > RecurrenceSet.maximumLineLength else { return }
            let end = current.firstIndex { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }
            if let end, !RecurrenceSet.lineNames.contains(String(decoding: current[..<end], as: UTF8.self).uppercased()) {
                passingOver = true
                current.removeAll()
                return
            }
            throw InputLimitError.lineTooLong(line: currentLine, limit: RecurrenceSet.maximumLineLength,
                                              what: "a DTSTART, RRULE, RDATE or EXDATE line (after unfolding)")
        }

        private mutating func close() {
            guard span > 0 else { return }
            text.append(contentsOf: current)
            text.append(contentsOf: repeatElement(10, count: span))
            current.removeAll(keepingCapacity: true)
            span = 0
            passingOver = false
        }

        /// The text read, the open line closed; nil when it is not UTF-8.
        mutating func finish() -> String? {
            close()
            return String(validating: text, as: UTF8.self)
        }
    }
}
