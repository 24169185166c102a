import Foundation

/// The ```swift blocks of a Markdown guide, grouped into the units that are
/// compiled (and run) together.
///
/// The conventions (also in Docs/Testing.md, "Swift code in the docs"):
/// - ```` ```swift ```` starts a unit: a complete example, compiled with
///   exactly the `import` lines it shows (a reader copying it needs no
///   more); a `continued` block may add imports to its unit.
/// - ```` ```swift continued ```` continues the guide's previous unit: it
///   may use what the blocks before it declared (`hebrew`, `day`, ...).
/// - ```` ```swift fragment ```` is not compiled: code for another platform
///   (UIKit, SwiftUI) or a declaration left incomplete on purpose. Keep
///   these rare.
/// - Type, function and extension declarations at the block's top level stay
///   at file scope; every other top-level line is a statement, and a unit's
///   statements run in order, in one function, when the tests run it.
/// - A `print(...)` line ending in a `// comment` shows what it prints: the
///   lines it printed, joined with ", ", must match the comment, where
///   `...` stands for any text and a last ` (remark)` may be left out.
struct DocSwiftUnit {
    /// One top-level declaration or statement, with the guide's line of each of its lines.
    struct Item {
        var lines: [(line: Int, text: String)]
        let isDeclaration: Bool
    }

    /// The guide, relative to the repository root (`Docs/Recurrence.md`).
    let file: String
    /// 1-based line of the opening fence of the unit's first block.
    let line: Int
    var imports: [String] = []
    var items: [Item] = []

    var description: String { "\(file):\(line)" }

    /// True when the unit has statements to run (not only declarations or comments).
    var runs: Bool {
        items.contains { item in
            !item.isDeclaration && item.lines.contains { !DocSwiftBlocks.isCommentOrBlank($0.text) }
        }
    }

    /// The `print` lines that show their output in a comment: the guide line and the comment.
    var shownOutputs: [(line: Int, shown: String)] {
        items.filter { !$0.isDeclaration }.flatMap(\.lines).compactMap { line, text in
            guard DocSwiftBlocks.printCall(in: text), let comment = DocSwiftBlocks.lineComment(text) else { return nil }
            return (line, comment)
        }
    }
}

enum DocSwiftBlocks {
    /// The units of one Markdown text, the fragments left out (their
    /// places), and mistakes in the fences (an unknown info string, a
    /// `continued` block with nothing to continue).
    static func parse(_ text: String, file: String) -> (units: [DocSwiftUnit], fragments: [String], problems: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var units: [DocSwiftUnit] = []
        var fragments: [String] = []
        var problems: [String] = []
        var continuable = false   // whether the last swift block can be continued
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else { index += 1; continue }
            let indent = lines[index].prefix { $0 == " " }.count
            let info = trimmed.drop { $0 == "`" }.split(separator: " ").map { $0.lowercased() }
            let fenceLine = index + 1
            // The block's lines, up to the closing fence.
            var body: [(line: Int, text: String)] = []
            index += 1
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                body.append((index + 1, DocExample.dropIndent(lines[index], indent)))
                index += 1
            }
            index += 1
            guard info.first == "swift" else { continue }
            let place = "\(file):\(fenceLine)"
            switch Array(info.dropFirst()) {
            case []:
                units.append(DocSwiftUnit(file: file, line: fenceLine))
            case ["continued"]:
                guard continuable else {
                    problems.append("\(place): a ```swift continued block must follow a ```swift or ```swift continued block")
                    continue
                }
            case ["fragment"]:
                fragments.append(place)
                continuable = false
                continue
            default:
                problems.append("\(place): unknown info string '\(info.joined(separator: " "))'; use swift, swift continued or swift fragment")
                continuable = false
                continue
            }
            continuable = true
            let (imports, items) = split(body)
            units[units.count - 1].imports += imports.filter { !units[units.count - 1].imports.contains($0) }
            units[units.count - 1].items += items
        }
        return (units, fragments, problems)
    }

    /// A block's `import` lines, and the rest cut into top-level items.
    static func split(_ body: [(line: Int, text: String)]) -> (imports: [String], items: [DocSwiftUnit.Item]) {
        var imports: [String] = []
        var items: [DocSwiftUnit.Item] = []
        var depth = 0
        var inMultilineString = false
        for (line, text) in body {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            // Blank lines between items: each item says where its lines are.
            if depth == 0 && !inMultilineString && trimmed.isEmpty { continue }
            let startsItem = depth == 0 && !inMultilineString && !text.hasPrefix(" ") && !trimmed.isEmpty
                && !trimmed.hasPrefix(".")
            if startsItem && trimmed.hasPrefix("import ") {
                imports.append(trimmed)
                continue
            }
            if startsItem || items.isEmpty {
                items.append(DocSwiftUnit.Item(lines: [], isDeclaration: startsItem && isDeclaration(trimmed)))
            }
            items[items.count - 1].lines.append((line, text))
            (depth, inMultilineString) = nesting(after: text, depth: depth, inMultilineString: inMultilineString)
        }
        return (imports, items)
    }

    /// Whether a top-level line starts a declaration that must stay at file scope.
    static func isDeclaration(_ line: String) -> Bool {
        line.range(of: #"^(@\w+(\([^)]*\))?\s+)*((public|private|fileprivate|internal|final|open)\s+)*(class|struct|enum|protocol|extension|actor|func|typealias)\b"#,
                   options: .regularExpression) != nil
    }

    /// The bracket depth and multi-line-string state after `line`, skipping
    /// string literals and `//` comments.
    static func nesting(after line: String, depth: Int, inMultilineString: Bool) -> (Int, Bool) {
        var depth = depth
        var inMultiline = inMultilineString
        var inString = false
        var characters = Array(line)[...]
        while let character = characters.first {
            if characters.starts(with: "\"\"\"") {
                if !inString { inMultiline.toggle() }
                characters = characters.dropFirst(3)
                continue
            }
            characters = characters.dropFirst()
            if inMultiline { continue }
            if inString {
                if character == "\\" { characters = characters.dropFirst() } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "/" where characters.first == "/": return (depth, inMultiline)
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            default: break
            }
        }
        return (depth, inMultiline)
    }

    /// The text of the line's `//` comment (outside string literals), trimmed; nil without one.
    static func lineComment(_ line: String) -> String? {
        var inString = false
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if inString {
                if character == "\"" && previous != "\\" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && previous == "/" {
                return String(line.dropFirst(offset + 1)).trimmingCharacters(in: .whitespaces)
            }
            previous = character
        }
        return nil
    }

    /// Whether the line calls `print(` (at its start or after `{ `), not some `xprint(`.
    static func printCall(in line: String) -> Bool {
        line.range(of: #"(^|[{;]\s*)\s*print\("#, options: .regularExpression) != nil
    }

    static func isCommentOrBlank(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.hasPrefix("//")
    }

    /// Whether the lines printed by one `print` line match the comment that shows them.
    static func outputMatches(shown: String, printed: [String]) -> Bool {
        let actual = printed.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            .joined(separator: ", ")
        if ElidedOutput.lineMatches(shown, actual) { return true }
        // "5785-M06-29 (Temporal's constrain)": a remark after the output.
        guard let remark = shown.range(of: #"\s+\([^()]*\)$"#, options: .regularExpression) else { return false }
        return ElidedOutput.lineMatches(String(shown[..<remark.lowerBound]), actual)
    }

    // MARK: - The Swift files of a set of units

    /// The Swift sources compiling `units` into one executable: one file per
    /// unit (`DocBlock<n>.swift`, whose `print` records the text and the
    /// guide line it was called from), `DocOutput.swift` (the record) and
    /// `main.swift`, which runs each unit with statements and writes a JSON
    /// report to the path given as its argument.
    static func sources(for units: [DocSwiftUnit]) -> [(name: String, text: String)] {
        var files: [(String, String)] = []
        for (number, unit) in units.enumerated() {
            var text = unit.imports.joined(separator: "\n") + "\n\n"
            func emit(_ item: DocSwiftUnit.Item, indent: String) {
                guard let first = item.lines.first else { return }
                // Diagnostics and #filePath/#line name the guide's own lines.
                text += "#sourceLocation(file: \"\(unit.file)\", line: \(first.line))\n"
                for (_, line) in item.lines { text += indent + line + "\n" }
                text += "#sourceLocation()\n"
            }
            for item in unit.items where item.isDeclaration { emit(item, indent: "") }
            // A member `print` shadows the standard one in the statements
            // (a global one would only be ambiguous with it).
            text += """

                enum DocBlock\(number) {
                    static func print(_ items: Any..., separator: String = " ", terminator: String = "\\n",
                                      file: String = #filePath, line: Int = #line) {
                        docOutput.append(DocPrinted(file: file, line: line, text: items.map { "\\($0)" }.joined(separator: separator)))
                    }

                    static func run() throws {

                """
            for item in unit.items where !item.isDeclaration { emit(item, indent: "        ") }
            text += "    }\n}\n"
            files.append(("DocBlock\(number).swift", text))
        }
        files.append(("DocOutput.swift", """
            /// What the examples printed, in order: the guide, its line, the text.
            nonisolated(unsafe) var docOutput: [DocPrinted] = []

            struct DocPrinted: Codable {
                let file: String
                let line: Int
                let text: String
            }

            """))
        let runs = units.enumerated().filter { $0.element.runs }.map { number, unit in
            "    (\"\(unit.description)\", DocBlock\(number).run),"
        }
        files.append(("main.swift", """
            import Foundation

            struct DocRun: Codable {
                let unit: String
                let error: String?
                let printed: [DocPrinted]
            }

            let units: [(String, () throws -> Void)] = [
            \(runs.joined(separator: "\n"))
            ]
            var report: [DocRun] = []
            for (place, run) in units {
                docOutput = []
                var failure: String?
                do { try run() } catch { failure = "\\(type(of: error)): \\(error)" }
                report.append(DocRun(unit: place, error: failure, printed: docOutput))
            }
            try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: CommandLine.arguments[1]))

            """))
        return files
    }
}
