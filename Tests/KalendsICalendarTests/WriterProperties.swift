import Kalends
import KalendsCheck
import XCTest
@testable import KalendsICalendar

/// What `ICalendarWriter` writes reads back as the same tree; no physical
/// line is longer than 75 octets, and none is cut inside a UTF-8 sequence.
final class WriterProperties: XCTestCase {
    func testAWrittenTreeReadsBackTheSame() {
        let calendars = Gen.zip(ContentLineProperties.property.array(count: 0...3), ContentLineProperties.component(depth: 2).array(count: 0...3))
            .map { ICalendarComponent(name: "VCALENDAR", properties: $0, components: $1) }
        forAll(Gen.zip(calendars.array(count: 1...2), Gen.bool), runs: 500) { calendars, lf in
            let writer = ICalendarWriter(lineEnd: lf ? .lf : .crlf)
            let bytes = calendars.flatMap(writer.component)
            let read = try ICalendarReader(source: "w.ics", mode: .strict).read(bytes)
            guard read.calendars.map(\.content) == calendars.map(\.content) else {
                throw TestFailure("read back \(read.calendars.map(\.content))")
            }
            for line in bytes.split(separator: 10) {
                let body = line.last == 13 ? line.dropLast() : line[...]
                guard body.count <= ICalendarWriter.maximumLineOctets else { throw TestFailure("a line of \(body.count) octets") }
                // Each physical line is whole UTF-8 on its own (the fold's space aside).
                guard String(validating: Array(body), as: UTF8.self) != nil else { throw TestFailure("a line cut inside a UTF-8 sequence") }
            }
            cover(minPercent: 20, bytes.split(separator: 10).contains { $0.first == 32 }, "folded lines")
            return true
        }
    }

    func testExamples() throws {
        let writer = ICalendarWriter()
        let event = ICalendarComponent(name: "VEVENT", properties: [
            ICalendarProperty(name: "SUMMARY", value: ICalendarText.escape("Lunch, then a walk")),
            ICalendarProperty(name: "ATTENDEE", parameters: [ICalendarParameter(name: "CN", values: ["Doe, Jane \"JD\""])], value: "mailto:jane@example.com"),
            // A line break left in a value cannot start a line of its own.
            ICalendarProperty(name: "X-RAW", value: "a\r\nEND:VEVENT"),
        ])
        XCTAssertEqual(String(decoding: writer.component(event), as: UTF8.self),
                       "BEGIN:VEVENT\r\nSUMMARY:Lunch\\, then a walk\r\nATTENDEE;CN=\"Doe, Jane ^'JD^'\":mailto:jane@example.com\r\nX-RAW:a\\nEND:VEVENT\r\nEND:VEVENT\r\n")
        let long = String(repeating: "é", count: 50)
        let folded = String(decoding: writer.line(ICalendarProperty(name: "DESCRIPTION", value: long)), as: UTF8.self)
        XCTAssertEqual(folded.split(separator: "\r\n").map { $0.utf8.count }, [74, 39])
        XCTAssertEqual(ICalendarWriter.lineEnd(of: Array("A\nB".utf8)), .lf)
        XCTAssertEqual(ICalendarWriter.lineEnd(of: Array("A\r\nB".utf8)), .crlf)
    }
}
