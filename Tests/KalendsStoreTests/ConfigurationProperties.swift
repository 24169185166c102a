import Foundation
import Kalends
import KalendsCheck
import KalendsStore
import XCTest

/// The configuration file and the collections its globs name.
final class ConfigurationProperties: XCTestCase {
    static let blanks = Gen.element(of: ["", " ", "  ", "\t"])
    static let comments = Gen.element(of: ["", "# a note", "; old style"])

    /// Whatever blanks, comments, line ends and key case surround them, the values read are the values written.
    func testValuesReadAreTheValuesWritten() {
        let paths = Gen.element(of: ["/c/a", "/c/b/*", "~/.calendars/*", "/x y/z.ics", "/c/[ab]*"]).array(count: 0...4)
        let layout = Gen.zip(Self.blanks, Self.comments, Gen.bool, Gen.bool)
        let zone = Gen.element(of: ["Europe/Berlin", "America/New_York", "UTC"])
        forAll(Gen.zip(paths, layout, zone, Gen.bool)) { paths, layout, zone, splitPaths in
            let (blank, comment, crlf, upper) = layout
            let end = crlf ? "\r\n" : "\n"
            func key(_ name: String) -> String { upper ? name.uppercased() : name }
            func trailing() -> String { comment.isEmpty ? "" : "   " + comment }
            var text = (comment.isEmpty ? "" : comment + end) + "[calendars]\(blank)" + end
            if splitPaths {
                for path in paths { text += "\(blank)\(key("paths"))\(blank)=\(blank)\(path)\(trailing())" + end }
            } else if !paths.isEmpty {
                text += "\(key("paths")) = " + paths.joined(separator: "," + blank) + trailing() + end
            }
            text += end + "[view]" + end + "\(key("tz"))\(blank)=\(blank)\(zone)\(trailing())" + end
            let configuration = try Configuration.parse(text, file: "config", home: "/home/u")
            let expected = paths.map { $0.hasPrefix("~/") ? "/home/u/" + $0.dropFirst(2) : $0 }
            guard configuration.calendarPaths.map(\.text) == expected, configuration.zone?.text == zone,
                  configuration.unknown.isEmpty, configuration.contactPaths.isEmpty else {
                throw Failure("read \(configuration) from\n\(text)")
            }
            return true
        }
    }

    /// Any text either reads or is refused with its line; never a trap.
    func testAnyTextReadsOrIsRefusedWithItsLine() {
        let pieces = Gen.element(of: ["[calendars]", "[view]", "[x", "paths = /a", "tz = UTC", "tz = UTC", "=", "a = b", "#", "\u{FEFF}", "\r", "\n", "\n", " ", "[]", "default=/d", "default = /e"])
        forAll(pieces.array(count: 0...12)) { pieces in
            let text = pieces.joined()
            do throws(ConfigurationError) {
                _ = try Configuration.parse(text, file: "config", home: nil)
            } catch {
                let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
                guard (1...lines).contains(error.line), error.description.hasPrefix("config:\(error.line): ") else {
                    throw Failure("error \(error) for \(text.debugDescription)")
                }
            }
            return true
        }
    }

    func testErrorsAndUnknownKeysNameTheirLine() throws {
        XCTAssertThrowsError(try Configuration.parse("[calendars]\npaths = /a\nnonsense\n", file: "c", home: nil)) { error in
            XCTAssertEqual("\(error)", "c:3: not 'key = value', a [section] or a # comment: 'nonsense'")
        }
        XCTAssertThrowsError(try Configuration.parse("paths = /a\n", file: "c", home: nil)) { error in
            XCTAssertEqual("\(error)", "c:1: a key before any [section]: 'paths = /a'")
        }
        XCTAssertThrowsError(try Configuration.parse("[view]\ntz = UTC\ntz = Europe/Paris\n", file: "c", home: nil)) { error in
            XCTAssertEqual("\(error)", "c:3: 'tz' is given twice in [view]: 'tz = Europe/Paris'")
        }
        let read = try Configuration.parse("\u{FEFF}[calendars]\r\ncolour = red\r\n[views]\r\ntz = UTC\r\n[contacts]\r\npaths = ~\r\n", file: "c", home: "/h/")
        XCTAssertEqual(read.unknown.map(\.line), [2, 3])
        XCTAssertEqual(read.contactPaths.map(\.text), ["/h/"])
        XCTAssertNil(read.zone, "a key of an unknown section is not read as another section's")
        // A comment after a section's header; an empty value a notice, read as not given; a NUL an error.
        let noted = try Configuration.parse("[calendars]   # mine\npaths =\ndefault =\n[view]\ntz = UTC\n", file: "c", home: nil)
        XCTAssertEqual(noted.unknown.map(\.description), ["c:2: 'paths' has no value: it is read as not given: 'paths ='",
                                                           "c:3: 'default' has no value: it is read as not given: 'default ='"])
        XCTAssertNil(noted.defaultCalendar)
        XCTAssertEqual(noted.zone?.text, "UTC")
        XCTAssertThrowsError(try Configuration.parse("[calendars]\npaths = /a\u{0}/b\n", file: "c", home: nil)) { error in
            XCTAssertTrue("\(error)".hasPrefix("c:2: a NUL character"), "\(error)")
        }
        // A '#' inside a value (no blank before it) is part of it.
        XCTAssertEqual(try Configuration.parse("[calendars]\npaths = /a#b # note\n", file: "c", home: nil).calendarPaths.map(\.text), ["/a#b"])
        XCTAssertEqual(Configuration.path(environment: ["HOME": "/h"]), "/h/.config/kalends/config")
        XCTAssertEqual(Configuration.path(environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/x"]), "/x/kalends/config")
        XCTAssertEqual(Configuration.path(environment: ["HOME": "/h", "KALENDS_CONFIG": "/k"]), "/k")
        XCTAssertNil(Configuration.path(environment: [:]))
    }

    /// A tree of calendars: vdir folders (some empty but named), `.ics` files, and
    /// things that are no calendar. Globs over it, the folder of folders, and the
    /// collections named one by one read the same calendars.
    func testGlobsAndFoldersGiveTheCollectionsNamingThemGives() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // Each folder: items (0 ... 3), named by displayname or not, with a color or not.
        let folder = Gen.zip(Gen.int(in: 0...3), Gen.bool, Gen.bool)
        forAll(Gen.zip(folder.array(count: 1...5), Gen.int(in: 0...2), Gen.bool), runs: 200) { folders, files, stray in
            try? FileManager.default.removeItem(at: root)
            let calendars = root.appendingPathComponent("calendars")
            try FileManager.default.createDirectory(at: calendars, withIntermediateDirectories: true)
            var named: [String] = []
            for (index, (items, hasName, hasColor)) in folders.enumerated() {
                let path = calendars.appendingPathComponent("cal\(index)")
                try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
                // A folder with no item is a calendar only when vdirsyncer named it.
                if hasName || items == 0 { try "Calendar \(index)\n".write(to: path.appendingPathComponent("displayname"), atomically: true, encoding: .utf8) }
                if hasColor { try "#00ff00\n".write(to: path.appendingPathComponent("color"), atomically: true, encoding: .utf8) }
                for item in 0..<items {
                    try Self.calendar(uid: "u\(index)-\(item)").write(to: path.appendingPathComponent("i\(item).ics"), atomically: true, encoding: .utf8)
                }
                named.append(path.path)
            }
            if stray { try FileManager.default.createDirectory(at: calendars.appendingPathComponent("zz-empty"), withIntermediateDirectories: true) }
            var single: [String] = []
            for file in 0..<files {
                let path = root.appendingPathComponent("file\(file).ics")
                try Self.calendar(uid: "f\(file)").write(to: path, atomically: true, encoding: .utf8)
                single.append(path.path)
            }
            func read(_ paths: [String]) throws -> [String] {
                try paths.flatMap { try CalendarFileReader().read($0) }.map { result in
                    "\(result.calendar.name) \(result.calendar.path) \(result.calendar.color ?? "-") " + result.calendar.events.map(\.uid).joined(separator: ",")
                }
            }
            let expected = try read(named + single)
            let globbed = CollectionPaths.resolve([Configuration.Value(text: calendars.path + "/*", line: 1),
                                                   Configuration.Value(text: root.path + "/*.ics", line: 2)], itemExtension: "ics")
            let folderOfFolders = CollectionPaths.resolve([Configuration.Value(text: calendars.path, line: 1),
                                                           Configuration.Value(text: root.path + "/file*.ics", line: 2)], itemExtension: "ics")
            guard try read(globbed.paths) == expected, try read(folderOfFolders.paths) == expected,
                  try read(try CalendarFileReader().read(calendars.path).map(\.calendar.path) + single) == expected else {
                throw Failure("globbed \(globbed.paths), folder \(folderOfFolders.paths), named \(named + single)")
            }
            // The problems: the stray empty folder (through the glob), the file glob when no file matched.
            let problems = globbed.problems.map { $0.path ?? $0.glob.text }
            let expectedProblems = (stray ? [calendars.path + "/zz-empty"] : []) + (files == 0 ? [root.path + "/*.ics"] : [])
            guard problems == expectedProblems else { throw Failure("problems \(globbed.problems)") }
            return true
        }
    }

    func testProblemsOfGlobs() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try "x".write(to: root.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let (paths, problems) = CollectionPaths.resolve([Configuration.Value(text: root.path + "/*", line: 4),
                                                         Configuration.Value(text: root.path + "/none/*", line: 5)], itemExtension: "ics")
        XCTAssertEqual(paths, [])
        XCTAssertEqual(problems.map(\.description), [
            "line 4: '\(root.path)/empty': no .ics items and no collection folders",
            "line 4: '\(root.path)/notes.txt': not a .ics file or a folder",
            "line 5: '\(root.path)/none/*': matches nothing",
        ])
        // Past the bound, a problem says what was not read: never a silently partial answer.
        let many = root.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        for index in 0...CollectionPaths.maximumMatches {
            FileManager.default.createFile(atPath: many.appendingPathComponent(String(format: "e%05d.ics", index)).path, contents: nil)
        }
        let bounded = CollectionPaths.resolve([Configuration.Value(text: many.path + "/*.ics", line: 7),
                                               Configuration.Value(text: root.path + "/*", line: 8)], itemExtension: "ics")
        XCTAssertEqual(bounded.paths.count, CollectionPaths.maximumMatches)
        XCTAssertEqual(bounded.paths.last, many.path + "/e09999.ics")
        XCTAssertEqual(bounded.problems.map(\.description), [
            "line 7: '\(many.path)/*.ics': the globs name more than 10000 paths, or look through more than 200000 folder entries: those past that are not read",
        ])
        // Hidden names only for a part that starts with '.'; a NUL in a glob names nothing.
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        XCTAssertFalse(CollectionPaths.resolve([Configuration.Value(text: root.path + "/*", line: 1)], itemExtension: "ics").problems
            .contains { $0.path?.hasSuffix(".hidden") ?? false })
        XCTAssertEqual(CollectionPaths.resolve([Configuration.Value(text: root.path + "/.h*", line: 1)], itemExtension: "ics").problems.map(\.path),
                       [root.path + "/.hidden"])
        XCTAssertEqual(CollectionPaths.resolve([Configuration.Value(text: root.path + "/many\u{0}/x", line: 1)], itemExtension: "ics").paths, [])
        let collection = CalendarCollection(name: "a", path: "/a", color: "#AbC")
        XCTAssertEqual(collection.webColor, "#aabbcc")
        XCTAssertEqual(CalendarCollection(name: "a", path: "/a", color: "#d06b64ff").webColor, "#d06b64")
        XCTAssertNil(CalendarCollection(name: "a", path: "/a", color: "red\" onload=\"x").webColor)
    }

    static func calendar(uid: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240101T090000Z\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }
}
