import Foundation
import XCTest

/// Compiles every ```swift block of README.md and Docs/*.md against the
/// built Kalends, KalendsCheck and KalendsLayout modules, runs the blocks
/// that have statements, and checks what their commented `print` lines
/// print, so a guide's Swift cannot drift from the library. The conventions
/// are in DocSwiftBlocks.swift (and, for writers, in Docs/Testing.md).
///
/// All blocks go through one `swiftc` invocation (one executable, a file per
/// unit, linked with the library objects of this build) and one run.
final class DocSwiftBlocksTests: XCTestCase {
    /// How many blocks of each guide are marked ```swift fragment and not
    /// compiled. A new one must be counted here on purpose.
    static let knownFragments = [
        "Docs/Conversion.md": 1,   // a CalendarSystem with its requirements left out
        "Docs/Layout.md": 2,       // UIKit and SwiftUI
        "README.md": 1,            // the Package.swift lines, checked by testTheReadmesPackageLinesNameRealProducts
    ]

    static func units() throws -> (units: [DocSwiftUnit], fragments: [String], problems: [String]) {
        var units: [DocSwiftUnit] = [], fragments: [String] = [], problems: [String] = []
        for guide in try DocExamplesTests.guides() {
            let text = try String(contentsOf: DocExamplesTests.repositoryRoot.appendingPathComponent(guide), encoding: .utf8)
            let parsed = DocSwiftBlocks.parse(text, file: guide)
            units += parsed.units
            fragments += parsed.fragments
            problems += parsed.problems
        }
        return (units, fragments, problems)
    }

    /// The dependency lines README.md shows name the package and products
    /// this Package.swift declares (a renamed product fails here, not in a
    /// user's build), and the products README.md says the others are.
    func testTheReadmesPackageLinesNameRealProducts() throws {
        let root = DocExamplesTests.repositoryRoot
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        func captures(_ pattern: String, in text: String) throws -> [String] {
            let expression = try NSRegularExpression(pattern: pattern)
            return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
                Range(match.range(at: 1), in: text).map { String(text[$0]) }
            }
        }
        let libraries = Set(try captures(#"\.library\(name: "([A-Za-z]+)""#, in: manifest))
        XCTAssertEqual(try captures(#"Package\(\s*name: "([A-Za-z]+)""#, in: manifest).first, "Kalends", "the package's name")
        let block = try XCTUnwrap(readme.range(of: "```swift fragment\ndependencies:").map { readme[$0.lowerBound...] }
            .flatMap { text in text.range(of: "\n```\n").map { String(text[..<$0.lowerBound]) } }, "README.md shows its Package.swift lines")
        let shown = try captures(#"\.product\(name: "([A-Za-z]+)", package: "Kalends"\)"#, in: block)
        XCTAssertFalse(shown.isEmpty)
        for product in shown { XCTAssertTrue(libraries.contains(product), "README.md names a product Package.swift lacks: \(product)") }
        XCTAssertTrue(block.contains(#".package(path: "../Kalends")"#))
        let others = libraries.subtracting(shown)
        for product in others { XCTAssertTrue(readme.contains("`\(product)`"), "README.md does not mention the product \(product)") }
    }

    func testEverySwiftBlockOfTheGuidesCompilesAndRuns() throws {
        let (units, fragments, problems) = try Self.units()
        for problem in problems { XCTFail(problem) }
        let fragmentCounts = Dictionary(fragments.map { (String($0.prefix { $0 != ":" }), 1) }, uniquingKeysWith: +)
        XCTAssertEqual(fragmentCounts, Self.knownFragments, "fragments are not compiled; keep them few and counted: \(fragments)")
        XCTAssertGreaterThan(units.count, 15, "the guides lost their Swift examples, or the parser its way")
        XCTAssertTrue(units.contains { $0.file == "README.md" }, "the README's library example is checked")

        let toolchain = try SwiftToolchain.locate()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-doc-swift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var sourcePaths: [String] = []
        for (name, text) in DocSwiftBlocks.sources(for: units) {
            let url = scratch.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            sourcePaths.append(url.path)
        }

        let executable = scratch.appendingPathComponent("doc-blocks")
        let compile = toolchain.compile(sourcePaths, to: executable, workingDirectory: scratch)
        guard compile.status == 0 else {
            return XCTFail("the guides' Swift does not compile (\(toolchain.swiftc.path)):\n"
                           + Self.diagnostics(compile.stdout + compile.stderr))
        }

        let reportURL = scratch.appendingPathComponent("report.json")
        let process = Process()
        process.executableURL = executable
        process.arguments = [reportURL.path]
        process.currentDirectoryURL = scratch
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        environment["LANG"] = "C.UTF-8"
        process.environment = environment
        let run = ChildProcess.run(process, stdin: Data(), timeout: 120)
        guard run.launchError == nil, run.status == 0, !run.timedOut else {
            return XCTFail("the guides' Swift examples did not finish (status \(run.status), timed out: \(run.timedOut)):\n"
                           + run.stdout + run.stderr)
        }
        let report = try JSONDecoder().decode([DocRun].self, from: Data(contentsOf: reportURL))
        let runnable = units.filter(\.runs)
        XCTAssertEqual(report.map(\.unit), runnable.map(\.description), "every unit with statements ran")
        for (unit, result) in zip(runnable, report) {
            if let error = result.error {
                XCTFail("\(unit.description): the example threw \(error)")
            }
            for (line, shown) in unit.shownOutputs {
                let printed = result.printed.filter { $0.file == unit.file && $0.line == line }.map(\.text)
                if !DocSwiftBlocks.outputMatches(shown: shown, printed: printed) {
                    XCTFail("\(unit.file):\(line): the comment shows \"\(shown)\"; the example printed "
                            + (printed.isEmpty ? "nothing" : printed.map { "\"\($0)\"" }.joined(separator: ", ")))
                }
            }
        }
    }

    /// The compiler's output without the source excerpts that repeat each
    /// error; at most 60 lines.
    static func diagnostics(_ output: String) -> String {
        let lines = output.split(separator: "\n").filter { $0.contains("error:") || $0.contains("note:") }
        return (lines.isEmpty ? output.split(separator: "\n") : lines).prefix(60).joined(separator: "\n")
    }

    /// What `main.swift` of the generated executable reports for each unit.
    struct DocRun: Decodable {
        let unit: String
        let error: String?
        let printed: [Printed]

        struct Printed: Decodable {
            let file: String
            let line: Int
            let text: String
        }
    }

    // MARK: - The conventions themselves

    func testParserGroupsBlocksIntoUnits() {
        let text = """
            ```swift
            import Kalends

            let a = 1
            struct S {
                var x: Int
            }
            print(a)   // 1
            ```
            Prose.
            ```swift continued
            let b = a + 1
            for i in [b] { print(i) }   // 2
            ```
            ```swift fragment
            view.frame = .zero
            ```
            ```swift continued
            let c = 3
            ```
            ```swift
            let s = \"\"\"
                text (
                \"\"\"
            let t = 2
            ```
            ```swift fragmnet
            ```
            """
        let parsed = DocSwiftBlocks.parse(text, file: "T.md")
        XCTAssertEqual(parsed.units.map(\.line), [1, 21])
        XCTAssertEqual(parsed.fragments, ["T.md:15"])
        XCTAssertEqual(parsed.problems.count, 2, "\(parsed.problems)")
        XCTAssertTrue(parsed.problems[0].hasPrefix("T.md:18: a ```swift continued block must follow"), parsed.problems[0])
        XCTAssertTrue(parsed.problems[1].hasPrefix("T.md:27: unknown info string 'swift fragmnet'"), parsed.problems[1])

        let first = parsed.units[0]
        XCTAssertEqual(first.imports, ["import Kalends"])
        XCTAssertEqual(first.items.map(\.isDeclaration), [false, true, false, false, false])
        XCTAssertEqual(first.items[1].lines.map(\.line), [5, 6, 7])
        XCTAssertEqual(first.items.last?.lines.map(\.line), [13])
        XCTAssertEqual(first.shownOutputs.map(\.line), [8, 13])
        XCTAssertEqual(first.shownOutputs.map(\.shown), ["1", "2"])
        XCTAssertTrue(first.runs)

        let second = parsed.units[1]
        XCTAssertEqual(second.imports, [], "a block is compiled with exactly the imports it shows")
        XCTAssertEqual(second.items.map { $0.lines.map(\.line) }, [[22, 23, 24], [25]], "the multi-line string is one item")
    }

    func testDeclarationsAndComments() {
        XCTAssertTrue(DocSwiftBlocks.isDeclaration("final class MyTests: XCTestCase {"))
        XCTAssertTrue(DocSwiftBlocks.isDeclaration("@Test func leap() {"))
        XCTAssertTrue(DocSwiftBlocks.isDeclaration("extension Gen {"))
        XCTAssertFalse(DocSwiftBlocks.isDeclaration("let structure = 1"))
        XCTAssertFalse(DocSwiftBlocks.isDeclaration("for slice in slices {"))
        XCTAssertEqual(DocSwiftBlocks.lineComment(#"print("a // b")   // a // b"#), "a // b")
        XCTAssertNil(DocSwiftBlocks.lineComment(#"print("http://x")"#))
        XCTAssertTrue(DocSwiftBlocks.printCall(in: "    print(x)"))
        XCTAssertTrue(DocSwiftBlocks.printCall(in: "for o in set { print(o) }"))
        XCTAssertFalse(DocSwiftBlocks.printCall(in: "let p = fingerprint(x)   // 3"))
    }

    func testShownOutputMatching() {
        XCTAssertTrue(DocSwiftBlocks.outputMatches(shown: "2024-03-24", printed: ["2024-03-24"]))
        XCTAssertFalse(DocSwiftBlocks.outputMatches(shown: "2024-03-24", printed: ["2024-03-25"]))
        XCTAssertFalse(DocSwiftBlocks.outputMatches(shown: "2024-03-24", printed: []))
        XCTAssertTrue(DocSwiftBlocks.outputMatches(shown: "P14D (a month on would pass 14 Adar II)", printed: ["P14D"]))
        XCTAssertTrue(DocSwiftBlocks.outputMatches(shown: "it has no Adar I (M05L)", printed: ["it has no Adar I (M05L)"]))
        XCTAssertFalse(DocSwiftBlocks.outputMatches(shown: "P14D (remark)", printed: ["P15D"]))
        XCTAssertTrue(DocSwiftBlocks.outputMatches(shown: "a 24, b 23, c 24", printed: ["a 24", "b 23", "c 24"]))
        XCTAssertTrue(DocSwiftBlocks.outputMatches(shown: "a 24, ...", printed: ["a 24", "b 23", "c 24"]))
        XCTAssertFalse(DocSwiftBlocks.outputMatches(shown: "a 24, b 23", printed: ["a 24", "b 23", "c 24"]), "unshown output is drift")
        XCTAssertTrue(DocSwiftBlocks.outputMatches(shown: "x, y", printed: ["x\ny"]), "a multi-line print counts line by line")
    }
}

/// The Swift compiler of the toolchain that built these tests, and the
/// flags that compile and link against the modules and objects of this build.
struct SwiftToolchain {
    let swiftc: URL
    /// The build's products directory (`.build/<triple>/debug`).
    let products: URL

    /// The targets whose objects the examples link, and the C libraries
    /// CICU links (Package.swift, target CICU).
    static let linkedTargets = ["Kalends", "CICU", "CFileSystem", "KalendsCheck", "KalendsICalendar", "KalendsStore", "KalendsContacts", "KalendsLayout",
                                "KalendsTimeline", "KalendsViews"]
    static let linkedLibraries = ["icui18n", "icuuc", "icudata", "stdc++", "m"]

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Finds `swiftc`: the one next to the Swift runtime this process loaded
    /// (the toolchain that built the modules), else `SWIFTC`, else the first on PATH.
    static func locate() throws -> SwiftToolchain {
        // The modules and objects of the build these tests belong to, whichever
        // binary KALENDS_CLI_BINARY points the CLI tests at.
        let products = CLI.debugBinary.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: products.appendingPathComponent("Modules/Kalends.swiftmodule").path) else {
            throw Failure(description: "no Modules/Kalends.swiftmodule in \(products.path): build with `swift build --build-tests` first")
        }
        var candidates: [URL] = []
        if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
           let library = maps.split(separator: "\n").lazy.compactMap({ $0.split(separator: " ").last })
               .first(where: { $0.hasSuffix("/libswiftCore.so") }) {
            // <usr>/lib/swift/linux/libswiftCore.so -> <usr>/bin/swiftc
            candidates.append(URL(fileURLWithPath: String(library)).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("bin/swiftc"))
        }
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SWIFTC"] { candidates.append(URL(fileURLWithPath: explicit)) }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc"))
        }
        guard let swiftc = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Failure(description: "no swiftc found (tried \(candidates.map(\.path)))")
        }
        return SwiftToolchain(swiftc: swiftc, products: products)
    }

    /// Compiles `sources` into the executable `output`, in Swift 6 mode,
    /// importing this build's modules and linking its library objects.
    func compile(_ sources: [String], to output: URL, workingDirectory: URL) -> ChildProcess.Finished {
        var objects: [String] = []
        for target in Self.linkedTargets {
            let directory = products.appendingPathComponent("\(target).build")
            // A Swift target's objects are those its output file map names (a source
            // removed since leaves its old object behind); a C target's, every one.
            if let data = FileManager.default.contents(atPath: directory.appendingPathComponent("output-file-map.json").path),
               let map = try? JSONSerialization.jsonObject(with: data) as? [String: [String: String]] {
                objects += map.filter { !$0.key.isEmpty }.compactMap { $0.value["object"] }.sorted()
                continue
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            objects += names.filter { $0.hasSuffix(".o") }.sorted().map { directory.appendingPathComponent($0).path }
        }
        let process = Process()
        process.executableURL = swiftc
        process.currentDirectoryURL = workingDirectory
        // MemberImportVisibility: a block sees the members of the modules
        // it imports itself, not those another block's import brings in.
        process.arguments = ["-swift-version", "6", "-Onone", "-suppress-warnings", "-module-name", "DocBlocks",
                             "-enable-upcoming-feature", "MemberImportVisibility",
                             "-I", products.appendingPathComponent("Modules").path,
                             // The C targets' module maps, which Kalends' and KalendsStore's modules import.
                             "-I", products.appendingPathComponent("CICU.build").path,
                             "-I", products.appendingPathComponent("CFileSystem.build").path,
                             "-o", output.path]
            + sources + objects + Self.linkedLibraries.map { "-l" + $0 }
            // Modules built for `swift test --sanitize=thread` need the runtime linked in.
            + (Self.builtWithThreadSanitizer(objects) ? ["-sanitize=thread"] : [])
        return ChildProcess.run(process, stdin: Data(), timeout: 600)
    }

    /// Whether the package's objects call ThreadSanitizer (`swift test --sanitize=thread`).
    static func builtWithThreadSanitizer(_ objects: [String]) -> Bool {
        guard let first = objects.first, let data = FileManager.default.contents(atPath: first) else { return false }
        return data.range(of: Data("__tsan_func_entry".utf8)) != nil
    }
}
