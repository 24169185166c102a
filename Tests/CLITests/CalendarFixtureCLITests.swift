import Foundation
import XCTest

/// The exporter-style calendars of Tests/Fixtures/ICalendar (Google, Outlook,
/// Apple, Thunderbird, a Nextcloud vdir, RFC 7529 RSCALE events, defects),
/// each with its agenda, reminders and alarms written by hand from the file
/// (Tests/Fixtures/ICalendar/README.md says how), run through the binary in
/// the fixture's folder: every expected object's fields must be the output's
/// (the output may carry more fields), in order; every expected warning's
/// FILE:LINE:COLUMN must be the output's.
final class CalendarFixtureCLITests: XCTestCase {
    static let root = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/ICalendar")

    /// The `.query` files of one kind (`""`: agenda, `.reminders`, `.alarms`), by path.
    static func queries(_ kind: String) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            let name = url.lastPathComponent
            guard name.hasSuffix(".query") else { continue }
            let base = String(name.dropLast(".query".count))
            let isAlarms = base.hasSuffix(".alarms"), isReminders = base.hasSuffix(".reminders")
            if (kind == "" && !isAlarms && !isReminders) || (kind != "" && base.hasSuffix(kind)) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The calendar a query is for: `NAME.ics`, the folder `NAME`, or another `NAME.*` input.
    static func input(for query: URL, kind: String) -> String? {
        let folder = query.deletingLastPathComponent()
        let base = String(query.lastPathComponent.dropLast(".query".count + kind.count))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        if names.contains(base + ".ics") { return base + ".ics" }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent(base).path, isDirectory: &isFolder), isFolder.boolValue { return base }
        return names.first { name in [base + ".txt", base + ".bin"].contains(name) }
    }

    static func arguments(of query: URL) throws -> [String] {
        try String(contentsOf: query, encoding: .utf8).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    static func objects(_ text: String) -> [[String: Any]]? {
        var objects: [[String: Any]] = []
        for line in text.split(separator: "\n") where !line.isEmpty {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            objects.append(object)
        }
        return objects
    }

    /// Each expected object's fields equal the output's, line by line.
    func assertSameObjects(_ output: String, expected file: URL, _ what: String) throws {
        let expectedText = try String(contentsOf: file, encoding: .utf8)
        guard let got = Self.objects(output), let want = Self.objects(expectedText) else {
            return XCTFail("\(what): output or expectation is not JSON lines:\n\(output)")
        }
        XCTAssertEqual(got.count, want.count, "\(what): \(got.count) objects, expected \(want.count):\n\(output)")
        for (index, (actual, expected)) in zip(got, want).enumerated() {
            for (key, value) in expected {
                let same = (actual[key] as? NSObject).map { $0.isEqual(value) } ?? (value is NSNull)
                XCTAssertTrue(same, "\(what): line \(index + 1) \"\(key)\" is \(actual[key] ?? "absent"), expected \(value)")
            }
        }
    }

    /// `kalends: warning: FILE:LINE:COLUMN:` (or `error:`) of each line.
    static func places(_ text: String, prefix: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix(prefix) else { return nil }
            let rest = line.dropFirst(prefix.count)
            let parts = rest.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            return parts.count == 4 ? parts[0...2].joined(separator: ":") : nil
        }
    }

    func testAgendas() throws {
        let queries = Self.queries("")
        XCTAssertGreaterThan(queries.count, 10)
        for query in queries {
            let folder = query.deletingLastPathComponent()
            let base = String(query.lastPathComponent.dropLast(".query".count))
            guard let input = Self.input(for: query, kind: "") else { XCTFail("no input for \(query.path)"); continue }
            let result = CLI.run(["agenda", input] + (try Self.arguments(of: query)) + ["--json"], directory: folder)
            let what = "agenda \(folder.lastPathComponent)/\(input)"
            let errorFile = folder.appendingPathComponent(base + ".error.txt")
            if FileManager.default.fileExists(atPath: errorFile.path) {
                XCTAssertEqual(result.status, 1, "\(what): \(result.stderr)")
                let expected = Self.places(try String(contentsOf: errorFile, encoding: .utf8), prefix: "kalends: error: ")
                XCTAssertEqual(Self.places(result.stderr, prefix: "kalends: error: "), expected, "\(what): \(result.stderr)")
                continue
            }
            XCTAssertEqual(result.status, 0, "\(what): \(result.stderr)")
            try assertSameObjects(result.stdout, expected: folder.appendingPathComponent(base + ".expected.jsonl"), what)
            let warnings = folder.appendingPathComponent(base + ".warnings.txt")
            let expectedPlaces = FileManager.default.fileExists(atPath: warnings.path)
                ? Self.places(try String(contentsOf: warnings, encoding: .utf8), prefix: "kalends: warning: ") : []
            XCTAssertEqual(Self.places(result.stderr, prefix: "kalends: warning: "), expectedPlaces, "\(what): \(result.stderr)")
        }
    }

    func testReminders() throws {
        let queries = Self.queries(".reminders")
        XCTAssertGreaterThan(queries.count, 1)
        for query in queries {
            let folder = query.deletingLastPathComponent()
            let base = String(query.lastPathComponent.dropLast(".reminders.query".count))
            guard let input = Self.input(for: query, kind: ".reminders") else { XCTFail("no input for \(query.path)"); continue }
            for (suffix, extra) in [("", [String]()), ("-all", ["--all"])] {
                let expected = folder.appendingPathComponent(base + ".reminders" + suffix + ".jsonl")
                guard FileManager.default.fileExists(atPath: expected.path) else { continue }
                let result = CLI.run(["reminders", input] + (try Self.arguments(of: query)) + extra + ["--json"], directory: folder)
                XCTAssertEqual(result.status, 0, result.stderr)
                try assertSameObjects(result.stdout, expected: expected, "reminders\(suffix) \(folder.lastPathComponent)/\(input)")
            }
        }
    }

    func testAlarms() throws {
        let queries = Self.queries(".alarms")
        XCTAssertGreaterThan(queries.count, 1)
        for query in queries {
            let folder = query.deletingLastPathComponent()
            let base = String(query.lastPathComponent.dropLast(".alarms.query".count))
            guard let input = Self.input(for: query, kind: ".alarms") else { XCTFail("no input for \(query.path)"); continue }
            let result = CLI.run(["alarms", input] + (try Self.arguments(of: query)) + ["--json"], directory: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            try assertSameObjects(result.stdout, expected: folder.appendingPathComponent(base + ".alarms.jsonl"), "alarms \(folder.lastPathComponent)/\(input)")
        }
    }
}
