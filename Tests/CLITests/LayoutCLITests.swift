import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `kalends layout` against the command-line contract (Docs/CLI.md).
final class LayoutCLITests: XCTestCase {
    private func layout(_ events: String, _ arguments: [String]) -> CLIResult {
        CLI.run(["layout", "-"] + arguments, stdin: "{\"events\":[\(events)]}")
    }

    func testContractExampleGeometry() throws {
        let events = """
            {"id":"a","start":"2024-03-15T09:00:00","end":"2024-03-15T10:30:00","allDay":false},
            {"id":"b","start":"2024-03-15T10:00:00","end":"2024-03-15T11:00:00"},
            {"id":"x","start":"2024-03-15","end":"2024-03-16","allDay":true}
            """
        let result = layout(events, ["--tz", "UTC", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try XCTUnwrap(result.jsonLines().first)
        XCTAssertEqual(object["day"] as? String, "2024-03-15")
        XCTAssertEqual(object["seconds"] as? Int, 86_400)
        let allDay = try XCTUnwrap(object["allDay"] as? [[String: Any]])
        XCTAssertEqual(allDay.first?["id"] as? String, "x")
        XCTAssertEqual(allDay.first?["lane"] as? Int, 0)
        let placed = try XCTUnwrap(object["events"] as? [[String: Any]])
        let a = try XCTUnwrap(placed.first { $0["id"] as? String == "a" })
        XCTAssertEqual(a["column"] as? Int, 0)
        XCTAssertEqual(a["columns"] as? Int, 2)
        XCTAssertEqual(a["x"] as? Double, 0.0)
        XCTAssertEqual(a["width"] as? Double, 0.5)
        XCTAssertEqual(a["top"] as? Double, 0.375)
        XCTAssertEqual(a["height"] as? Double, 0.0625)
        let b = try XCTUnwrap(placed.first { $0["id"] as? String == "b" })
        XCTAssertEqual(b["x"] as? Double, 0.5)
    }

    func testModesDifferOnCalendarKitsImperfectCase() throws {
        // A 9-12, B 9-10, C 10-11: CalendarKit uses three columns where two suffice.
        let events = """
            {"id":"A","start":"2024-03-15T09:00:00","end":"2024-03-15T12:00:00"},
            {"id":"B","start":"2024-03-15T09:00:00","end":"2024-03-15T10:00:00"},
            {"id":"C","start":"2024-03-15T10:00:00","end":"2024-03-15T11:00:00"}
            """
        func columns(_ mode: String) throws -> [Int] {
            let object = try XCTUnwrap(layout(events, ["--tz", "UTC", "--mode", mode]).jsonLines().first)
            return try XCTUnwrap(object["events"] as? [[String: Any]]).compactMap { $0["columns"] as? Int }
        }
        XCTAssertEqual(try columns("calendarkit"), [3, 3, 3])
        XCTAssertEqual(try columns("packed"), [2, 2, 2])
        let cascade = try XCTUnwrap(layout(events, ["--tz", "UTC", "--mode", "cascade"]).jsonLines().first)
        let xs = try XCTUnwrap(cascade["events"] as? [[String: Any]]).compactMap { $0["x"] as? Double }
        XCTAssertEqual(xs.count, 3)
        XCTAssertNotEqual(xs[0], xs[1], "equal starts get distinct x")
        XCTAssertGreaterThan(xs[2], xs[0], "C starts later than A, which it overlaps")
    }

    func testTwentyFiveHourDayAndTheRepeatedHour() throws {
        // America/New_York 2024-11-03: 01:30 happens twice; the second sits below the first.
        let events = """
            {"id":"first","start":"2024-11-03T01:30:00-04:00","end":"2024-11-03T01:45:00-04:00"},
            {"id":"second","start":"2024-11-03T01:30:00-05:00","end":"2024-11-03T01:45:00-05:00"}
            """
        let object = try XCTUnwrap(layout(events, ["--tz", "America/New_York"]).jsonLines().first)
        XCTAssertEqual(object["seconds"] as? Int, 90_000)
        let placed = try XCTUnwrap(object["events"] as? [[String: Any]])
        let first = try XCTUnwrap(placed.first { $0["id"] as? String == "first" }?["top"] as? Double)
        let second = try XCTUnwrap(placed.first { $0["id"] as? String == "second" }?["top"] as? Double)
        XCTAssertEqual(first, 5_400.0 / 90_000, accuracy: 1e-12)
        XCTAssertEqual(second, 9_000.0 / 90_000, accuracy: 1e-12)
    }

    func testClippingAndDefaultDay() throws {
        let events = """
            {"id":"late","start":"2024-03-15T22:00:00","end":"2024-03-16T02:00:00"},
            {"id":"next","start":"2024-03-16T09:00:00","end":"2024-03-16T10:00:00"}
            """
        let object = try XCTUnwrap(layout(events, ["--tz", "UTC"]).jsonLines().first)
        XCTAssertEqual(object["day"] as? String, "2024-03-15")
        let late = try XCTUnwrap((object["events"] as? [[String: Any]])?.first)
        XCTAssertEqual(late["top"] as? Double ?? 0, 22.0 / 24, accuracy: 1e-12)
        XCTAssertEqual(late["height"] as? Double ?? 0, 2.0 / 24, accuracy: 1e-12)
        XCTAssertEqual(object["dropped"] as? [String], ["next"])
    }

    func testSVGIsWellFormed() throws {
        let events = """
            {"id":"a","title":"Q&A <live>","start":"2024-03-15T09:00:00","end":"2024-03-15T10:00:00"}
            """
        let result = layout(events, ["--tz", "UTC", "--svg", "--width", "400", "--hour-height", "40"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("<svg"))
        XCTAssertTrue(result.stdout.contains("Q&amp;A &lt;live&gt;"))
        let parser = XMLParser(data: Data(result.stdout.utf8))
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }

    func testBadInput() {
        CLI.assertError(CLI.run(["layout", "-"], stdin: "not json"), status: 1, contains: "not valid JSON")
        CLI.assertError(CLI.run(["layout", "-"], stdin: "{}"), status: 1, contains: "\"events\" array")
        CLI.assertError(layout("{\"start\":\"2024-03-15T09:00:00\"}", []), status: 1, contains: "event 0")
        CLI.assertError(layout("{\"id\":\"a\",\"start\":\"2024-03-15T10:00:00\",\"end\":\"2024-03-15T09:00:00\"}", []),
                        status: 1, contains: "before")
        CLI.assertError(layout("{\"id\":\"a\",\"start\":\"garbage\"}", []), status: 1, contains: "event 0 (\"a\") start")
        CLI.assertError(layout("", []), status: 1, contains: "give --day")
        CLI.assertError(layout("", ["--day", "2011-12-30", "--tz", "Pacific/Apia"]), status: 1, contains: "never happened")
        CLI.assertError(CLI.run(["layout", "/nonexistent/file.json"]), status: 1,
                        contains: "FILE '/nonexistent/file.json': cannot be read: no such file or directory")
        CLI.assertError(layout("", ["--mode", "tetris"]), status: 2, contains: "calendarkit, packed, cascade")
        CLI.assertError(layout("", ["--json", "--svg"]), status: 2, contains: "choose one")
        CLI.assertError(layout("", ["--width", "-5", "--svg"]), status: 2, contains: "--width")
    }
}
