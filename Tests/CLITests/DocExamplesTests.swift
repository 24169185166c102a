import Foundation
import XCTest

/// Runs every command example of README.md and Docs/*.md and compares what
/// it prints with what the guide shows, so a guide cannot drift from the
/// binary. The conventions of an example are in DocExamples.swift (and, for
/// writers of the guides, in Docs/Testing.md).
///
/// Each command runs through /bin/sh with the built `kalends` first on PATH,
/// TZ=UTC and LANG=C.UTF-8 (an example may set its own variables), in a
/// scratch directory that holds a link to the repository's Examples/, so the
/// paths read as from the repository root and files an example writes
/// (`> day.svg`) do not land in the work tree. HOME is a copy of
/// Examples/home: its `~/.config/kalends/config` names its calendars and
/// contacts, as a user's would.
final class DocExamplesTests: XCTestCase {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every Docs/*.md, as paths relative to the root.
    static func guides() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
        return ["README.md"] + docs
    }

    static func examples() throws -> (examples: [DocExample], unchecked: [String]) {
        var all: [DocExample] = []
        var unchecked: [String] = []
        for guide in try guides() {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(guide), encoding: .utf8)
            let parsed = DocExample.parse(text, file: guide)
            all += parsed.examples
            unchecked += parsed.unchecked.map { "\(guide):\($0.line): \($0.text)" }
        }
        return (all, unchecked)
    }

    func testEveryExampleOfTheGuidesPrintsWhatItShows() throws {
        let (examples, unchecked) = try Self.examples()
        for place in unchecked {
            XCTFail("\(place): a command example outside a ```sh or ```console block is never checked; fence it as ```console")
        }
        XCTAssertGreaterThan(examples.count, 30, "the guides lost their examples, or the parser its way")
        let scratch = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }

        for example in examples {
            let result = Shell.run(example.command, in: scratch, binaryDirectory: CLI.binary.deletingLastPathComponent())
            let problems = Self.problems(of: example, result)
            if !problems.isEmpty {
                XCTFail("\(example)\n    " + problems.joined(separator: "\n    "))
            }
        }
    }

    /// What differs between the example and the run, one message each.
    static func problems(of example: DocExample, _ result: Shell.Result) -> [String] {
        var problems: [String] = []
        if result.timedOut { problems.append("did not finish within \(Shell.timeout) s") }
        if result.status != example.expectedStatus {
            problems.append("exit status \(result.status), expected \(example.expectedStatus)")
        }
        if example.dependsOnToday { return problems }
        let stdout = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if !ElidedOutput.matches(example.expectedStdout, stdout) {
            problems.append("stdout differs.\n  shown:\n" + indent(example.expectedStdout) + "\n  printed:\n" + indent(stdout))
        }
        let stderr = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if !ElidedOutput.matches(example.expectedStderr, stderr) {
            problems.append("stderr differs.\n  shown:\n" + indent(example.expectedStderr) + "\n  printed:\n" + indent(stderr))
        }
        return problems
    }

    private static func indent(_ lines: [String]) -> String {
        var shown = lines
        while shown.last == "" { shown.removeLast() }
        return shown.prefix(40).map { "    |" + $0 }.joined(separator: "\n")
    }

    private static func scratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-doc-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("Examples"),
                                                   withDestinationURL: repositoryRoot.appendingPathComponent("Examples"))
        // HOME: a copy of Examples/home (a configuration file, calendars, contacts), which the examples may edit.
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Examples/home"), to: directory.appendingPathComponent("home"))
        return directory
    }

    // MARK: - The conventions themselves

    func testParserReadsCommandsOutputsAndMarkers() {
        let text = """
            Some prose.
            ```console
            $ kalends add 2024-01-31 P1M
            2024-02-29

            $ kalends convert x   # exit 1
            kalends: error: DATE 'x': ...
            $ printf 'a\\n' | kalends convert - \\
                --json
            {"input":"a",...}
            $ kalends month   # output depends on today's date
            ...
            ```
            ```
            $ kalends never-run
            ```
            ```swift
            let x = 1
            ```
            ```console sync laptop
            $ vdirsyncer sync
            ```
            """
        let parsed = DocExample.parse(text, file: "T.md")
        XCTAssertEqual(parsed.examples.map(\.line), [3, 6, 8, 11])
        XCTAssertEqual(parsed.examples[0].expectedStdout, ["2024-02-29"])
        XCTAssertEqual(parsed.examples[0].expectedStatus, 0)
        XCTAssertEqual(parsed.examples[1].expectedStderr, ["kalends: error: DATE 'x': ..."])
        XCTAssertEqual(parsed.examples[1].expectedStdout, [])
        XCTAssertEqual(parsed.examples[1].expectedStatus, 1)
        XCTAssertEqual(parsed.examples[2].command, "printf 'a\\n' | kalends convert - \n    --json")
        XCTAssertTrue(parsed.examples[3].dependsOnToday)
        XCTAssertEqual(parsed.unchecked.map(\.line), [15, 21])
        // In Docs/Sync.md, the sync tests run that block instead.
        XCTAssertEqual(DocExample.parse(text, file: "Docs/Sync.md").unchecked.map(\.line), [15])
        XCTAssertNil(DocExample.shellComment("printf '# not a comment' | kalends x"))
        XCTAssertEqual(DocExample.shellComment("kalends x > y.svg    # or --json"), "or --json")
    }

    func testElisionMatchesOnlyWhatItShould() {
        XCTAssertTrue(ElidedOutput.matches(["a", "..."], ["a", "b", "c"]))
        XCTAssertTrue(ElidedOutput.matches(["a", "..."], ["a"]))
        XCTAssertTrue(ElidedOutput.matches(["a", "...", "d"], ["a", "b", "c", "d"]))
        XCTAssertFalse(ElidedOutput.matches(["a", "...", "d"], ["a", "b", "c"]))
        XCTAssertFalse(ElidedOutput.matches(["a"], ["a", "b"]), "lines not shown and not elided are drift")
        XCTAssertFalse(ElidedOutput.matches(["a", "b"], ["a"]))
        XCTAssertTrue(ElidedOutput.matches(["a  "], ["a", ""]), "trailing blanks and final blank lines do not count")
        XCTAssertFalse(ElidedOutput.matches([" a"], ["a"]), "leading blanks do")
        XCTAssertTrue(ElidedOutput.lineMatches(#"{"a":1,...,"d":4}"#, #"{"a":1,"b":2,"c":3,"d":4}"#))
        XCTAssertTrue(ElidedOutput.lineMatches(#"{"a":1,...}"#, #"{"a":1,"b":2}"#))
        XCTAssertFalse(ElidedOutput.lineMatches(#"{"a":1,...,"d":4}"#, #"{"a":1,"b":2,"d":5}"#))
        XCTAssertFalse(ElidedOutput.lineMatches(#"{"a":2,...}"#, #"{"a":1,"b":2}"#))
        XCTAssertTrue(ElidedOutput.lineMatches("x...y...z", "x1y2z"))
        XCTAssertFalse(ElidedOutput.lineMatches("x...y...z", "x1z2y"))
        XCTAssertFalse(ElidedOutput.lineMatches("ab...ba", "aba"), "head and tail may not overlap")
    }
}

/// Runs one shell command line with a fixed environment.
enum Shell {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        let timedOut: Bool
    }

    static let timeout: TimeInterval = 60

    static func run(_ command: String, in directory: URL, binaryDirectory: URL) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = [
            "PATH": binaryDirectory.path + ":/usr/local/bin:/usr/bin:/bin",
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            "TMPDIR": NSTemporaryDirectory(),
        ]
        environment["HOME"] = directory.appendingPathComponent("home").path
        process.environment = environment
        let finished = ChildProcess.run(process, stdin: Data(), timeout: timeout)
        if let failure = finished.launchError {
            return Result(status: -1, stdout: "", stderr: "cannot run /bin/sh: \(failure)", timedOut: false)
        }
        return Result(status: finished.status, stdout: finished.stdout, stderr: finished.stderr, timedOut: finished.timedOut)
    }
}
