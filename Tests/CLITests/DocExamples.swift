import Foundation

/// One command example of a Markdown guide: the `$ ` line of a ```sh or
/// ```console block and the output shown under it.
///
/// The conventions (also in Docs/Testing.md, "Examples in the docs"):
/// - A line `$ COMMAND` is a command; it runs through /bin/sh, so pipes
///   (`printf '...' | kalends ...`), `VAR=value kalends ...` prefixes,
///   redirections and `# comments` work. A command line ending in `\`
///   continues on the next line.
/// - The lines after it, up to the next `$ ` line or the end of the block,
///   are what it prints; blank lines at the end of that output are not part
///   of it (they separate examples).
/// - Output lines starting with `kalends: ` (`kalends: error: ...`) are
///   expected on stderr, in order; every other line on stdout. No such line
///   means stderr must be empty.
/// - A line that is exactly `...` stands for any number of lines (none
///   included): "the rest is not shown". `...` inside a line stands for any
///   text (`{"calendar":"hebrew",...,"day":5,...}`).
/// - Exit status: `# exit N` in the command's comment expects N; otherwise 1
///   when a `kalends: error:` line is shown, else 0.
/// - `# output depends on today's date` in the comment: only the exit status
///   is checked; the output shown is an illustration.
struct DocExample: CustomStringConvertible {
    /// The guide, relative to the repository root (`Docs/CLI.md`).
    let file: String
    /// 1-based line of the `$ ` line.
    let line: Int
    /// The shell text after `$ `, continuation lines joined.
    let command: String
    let expectedStdout: [String]
    let expectedStderr: [String]
    let expectedStatus: Int32
    let dependsOnToday: Bool

    var description: String { "\(file):\(line): $ \(command)" }

    static let todayMarker = "output depends on today's date"
    static let checkedFences: Set<String> = ["sh", "console", "shell"]
    /// Blocks whose commands need a CalDAV server and vdirsyncer (```console sync MACHINE
    /// in Docs/Sync.md, the one guide Scripts/sync-tests.sh runs): not run here.
    static func isRunElsewhere(_ info: String, file: String) -> Bool { file == "Docs/Sync.md" && info.hasPrefix("console sync ") }

    /// Every example of one Markdown text, and the `$ ` lines found in
    /// blocks that are not checked (a mistake the tests report).
    static func parse(_ text: String, file: String) -> (examples: [DocExample], unchecked: [(line: Int, text: String)]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var examples: [DocExample] = []
        var unchecked: [(Int, String)] = []
        var fence: String?   // the info string of the open block
        var indent = 0       // the fence's indentation (a block inside a list item)
        var pending: (line: Int, command: String, output: [String])?

        func finish() {
            guard let current = pending else { return }
            pending = nil
            var output = current.output
            while let last = output.last, last.trimmingCharacters(in: .whitespaces).isEmpty { output.removeLast() }
            let comment = shellComment(current.command) ?? ""
            let stderr = output.filter { $0.hasPrefix("kalends: ") }
            let stdout = output.filter { !$0.hasPrefix("kalends: ") }
            var status: Int32 = stderr.contains { $0.hasPrefix("kalends: error:") } ? 1 : 0
            if let range = comment.range(of: #"exit [0-9]+"#, options: .regularExpression),
               let value = Int32(comment[range].dropFirst(5)) {
                status = value
            }
            examples.append(DocExample(file: file, line: current.line, command: current.command,
                                       expectedStdout: stdout, expectedStderr: stderr, expectedStatus: status,
                                       dependsOnToday: comment.contains(todayMarker)))
        }

        var index = 0
        while index < lines.count {
            let raw = lines[index]
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if fence == nil {
                    fence = String(trimmed.dropFirst(3)).trimmingCharacters(in: .whitespaces).lowercased()
                    indent = raw.prefix { $0 == " " }.count
                } else {
                    finish()
                    fence = nil
                }
                index += 1
                continue
            }
            guard let info = fence else { index += 1; continue }
            let line = Self.dropIndent(raw, indent)
            if line.hasPrefix("$ ") {
                if isRunElsewhere(info, file: file) { index += 1; continue }
                guard checkedFences.contains(info) else {
                    unchecked.append((index + 1, line))
                    index += 1
                    continue
                }
                finish()
                let start = index
                var command = String(line.dropFirst(2))
                while command.hasSuffix("\\"), index + 1 < lines.count {
                    index += 1
                    command = String(command.dropLast()) + "\n" + Self.dropIndent(lines[index], indent)
                }
                pending = (start + 1, command, [])
            } else if pending != nil {
                pending?.output.append(line)
            }
            index += 1
        }
        finish()
        return (examples, unchecked)
    }

    /// `line` without up to `count` leading spaces.
    static func dropIndent(_ line: String, _ count: Int) -> String {
        String(line.dropFirst(min(count, line.prefix { $0 == " " }.count)))
    }

    /// The text of the first `#` that starts a shell comment (outside quotes,
    /// at the start or after a blank), or nil.
    static func shellComment(_ command: String) -> String? {
        var quote: Character?
        var previous: Character = " "
        for (offset, character) in command.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#" && (previous == " " || previous == "\t") {
                return String(command.dropFirst(offset + 1)).trimmingCharacters(in: .whitespaces)
            }
            previous = character
        }
        return nil
    }
}

/// Matching of shown output against printed output, with `...` elisions.
enum ElidedOutput {
    /// Whether `actual` (the lines printed) matches `expected` (the lines
    /// shown): trailing blanks of each line and blank lines at the end are
    /// ignored; a line `...` matches any lines, `...` in a line any text.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        let pattern = expected.map(trimTrailing)
        var lines = actual.map(trimTrailing)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return match(pattern[...], lines[...])
    }

    private static func match(_ pattern: ArraySlice<String>, _ lines: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return lines.isEmpty }
        if first == "..." {
            let rest = pattern.dropFirst()
            if rest.isEmpty { return true }
            var tail = lines
            while true {
                if match(rest, tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        }
        guard let line = lines.first, lineMatches(first, line) else { return false }
        return match(pattern.dropFirst(), lines.dropFirst())
    }

    /// One line: the pieces between `...` must appear in order, the first at
    /// the start and the last at the end.
    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        let pieces = pattern.components(separatedBy: "...")
        if pieces.count == 1 { return pattern == line }
        guard let head = pieces.first, let tail = pieces.last,
              line.hasPrefix(head), line.count >= head.count + tail.count else { return false }
        var rest = line.dropFirst(head.count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.count >= tail.count && rest.hasSuffix(tail)
    }

    static func trimTrailing(_ line: String) -> String {
        var text = Substring(line)
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
