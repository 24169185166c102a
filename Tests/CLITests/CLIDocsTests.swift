import Foundation
import XCTest

/// Keeps Docs/CLI.md and the `--help` of every subcommand from drifting apart.
///
/// Docs/CLI.md has one section per subcommand, headed `## kalends NAME`, and
/// in it an options table whose rows start with the option in backticks
/// (`` | `--from CAL` | ... | ``). An option is in `--help` when it starts a
/// line of the `options:` list or appears in the `usage:` line.
final class CLIDocsTests: XCTestCase {
    static var guide: URL {
        DocExamplesTests.repositoryRoot.appendingPathComponent("Docs/CLI.md")
    }

    func testEveryOptionOfEveryHelpIsDocumentedAndTheReverse() throws {
        let text = try String(contentsOf: Self.guide, encoding: .utf8)
        let sections = Self.sections(of: text)
        let commands = Self.subcommands(of: CLI.run(["--help"]).stdout)
        XCTAssertGreaterThanOrEqual(commands.count, 7, "kalends --help lists its commands")

        for name in Set(sections.keys).subtracting(commands).sorted() {
            XCTFail("Docs/CLI.md has a section '## kalends \(name)', but 'kalends --help' lists no such command")
        }
        for command in commands {
            guard let section = sections[command] else {
                XCTFail("Docs/CLI.md has no section '## kalends \(command)'")
                continue
            }
            let help = CLI.run([command, "--help"])
            XCTAssertEqual(help.status, 0, "kalends \(command) --help: \(help.stderr)")
            let inHelp = Self.helpOptions(help.stdout)
            let documented = Self.documentedOptions(section)
            XCTAssertFalse(inHelp.isEmpty, "kalends \(command) --help lists no options")
            for option in inHelp.subtracting(documented).sorted() {
                XCTFail("kalends \(command) --help has \(option); Docs/CLI.md '## kalends \(command)' does not document it")
            }
            for option in documented.subtracting(inHelp).sorted() {
                XCTFail("Docs/CLI.md '## kalends \(command)' documents \(option); kalends \(command) --help does not have it")
            }
        }
    }

    /// The synopsis of each `--help` names every option its list has, so
    /// the two halves of one help text cannot disagree.
    func testEveryUsageLineNamesEveryOption() {
        for command in ["calendars", "convert", "add", "diff", "month", "days", "layout", "easter"] {
            let help = CLI.run([command, "--help"]).stdout
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            let usage = Self.optionNames(in: lines.first { $0.hasPrefix("usage:") }.map(String.init) ?? "")
            var listed: Set<String> = []
            var inList = false
            for line in lines {
                if line.hasPrefix("options:") { inList = true; continue }
                if inList, let first = line.split(separator: " ").first, first.hasPrefix("--") { listed.insert(String(first)) }
            }
            listed.remove("--help")
            XCTAssertFalse(listed.isEmpty, command)
            XCTAssertEqual(listed.subtracting(usage), [], "kalends \(command) --help: options missing from the usage line")
        }
    }

    /// The text under each `## kalends NAME` heading, up to the next `## `.
    static func sections(of text: String) -> [String: String] {
        var sections: [String: String] = [:]
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                let words = line.dropFirst(3).split(separator: " ")
                current = words.count == 2 && words[0] == "kalends" ? String(words[1]) : nil
                if let name = current { sections[name] = "" }
            } else if let name = current {
                sections[name, default: ""] += line + "\n"
            }
        }
        return sections
    }

    /// The command names of `kalends --help` (the lines under `commands:`).
    static func subcommands(of help: String) -> [String] {
        var names: [String] = []
        var inList = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("commands:") { inList = true; continue }
            guard inList else { continue }
            guard line.hasPrefix("  "), let name = line.split(separator: " ").first else {
                if !names.isEmpty { break }
                continue
            }
            names.append(String(name))
        }
        return names
    }

    /// Options of one `--help`: each line of the `options:` list starts with
    /// one; the `usage:` line may name more (`--json|--svg`).
    static func helpOptions(_ help: String) -> Set<String> {
        var options: Set<String> = []
        var inList = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("usage:") { options.formUnion(optionNames(in: String(line))) }
            if line.hasPrefix("options:") { inList = true; continue }
            if inList, let first = line.split(separator: " ").first, first.hasPrefix("--") {
                options.formUnion(optionNames(in: String(first)))
            }
        }
        return options
    }

    /// Options of one section of Docs/CLI.md: the first cell of each table
    /// row that starts with a backticked option.
    static func documentedOptions(_ section: String) -> Set<String> {
        var options: Set<String> = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `--") {
            let cell = line.dropFirst().split(separator: "|").first.map(String.init) ?? ""
            options.formUnion(optionNames(in: cell))
        }
        return options
    }

    static func optionNames(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let range = rest.range(of: #"--[a-z][a-z0-9-]*"#, options: .regularExpression) {
            names.insert(String(rest[range]))
            rest = rest[range.upperBound...]
        }
        return names
    }

    func testSectionAndOptionParsing() {
        let doc = """
            # Title
            ## kalends add
            | option | meaning |
            |---|---|
            | `--from CAL` | read DATE in CAL; see `--calendar` |
            | `--json` | JSON |
            Prose naming --tz is not a documented option.
            ## Exit status
            | `--nope` | outside any command section |
            """
        let sections = Self.sections(of: doc)
        XCTAssertEqual(Set(sections.keys), ["add"])
        XCTAssertEqual(Self.documentedOptions(sections["add"] ?? ""), ["--from", "--json"])
        let help = """
            usage: kalends layout [FILE|-] [--json|--svg] [--width W]

            options:
              --width W  SVG width (see --json).
              --help     Show this help.
            """
        XCTAssertEqual(Self.helpOptions(help), ["--json", "--svg", "--width", "--help"])
        XCTAssertEqual(Self.subcommands(of: "usage: x\n\ncommands:\n  calendars   List.\n  add         Add.\n\nRun ..."),
                       ["calendars", "add"])
    }
}
