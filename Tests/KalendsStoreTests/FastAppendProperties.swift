import Foundation
import Kalends
import KalendsCheck
@testable import KalendsICalendar
@testable import KalendsStore
import XCTest

/// `FastAppend` writes an appended event without reading the file three
/// times. On generated calendars (plain ones, and ones full of defects and
/// near misses: `WindowedReadProperties`' generator) and new events of every
/// form, the file it writes must be byte for byte the one the full edit
/// path writes, and a file the full path refuses must be refused alike.
final class FastAppendProperties: XCTestCase {
    /// A new event: its time's form, a length by DTEND or DURATION, maybe a rule.
    static func newEvent(_ seed: Int) -> ICalendarComponent {
        var c = WindowedReadProperties.Choices(seed)
        // Mostly forms a calendar of the generator defines (a zone it does not define gets its VTIMEZONE added: the full way).
        let forms = c.rarely(4) ? ["TZID=America/New_York", "TZID=Europe/Berlin", "TZID=Asia/Tokyo"] : ["TZID=Custom/Zone", "utc", "floating", "date"]
        let form = forms[c.pick(forms.count)]
        let day = GregorianMath.dayNumber(year: 2024, month: 1, day: 1) + c.pick(400)
        let stamp = WindowedReadProperties.stamp(day: day, second: form == "date" ? nil : c.pick(96) * 900)
        func time(_ name: String, _ text: String) -> ICalendarProperty {
            switch form {
            case "date": return ICalendarProperty(name: name, parameters: [ICalendarParameter(name: "VALUE", values: ["DATE"])], value: String(text.prefix(8)))
            case "utc": return ICalendarProperty(name: name, value: text + "Z")
            case "floating": return ICalendarProperty(name: name, value: text)
            default: return ICalendarProperty(name: name, parameters: [ICalendarParameter(name: "TZID", values: [String(form.dropFirst(5))])], value: text)
            }
        }
        var properties = [ICalendarProperty(name: "UID", value: "new-\(seed)@test"), ICalendarProperty(name: "DTSTAMP", value: "20240101T000000Z"),
                          time("DTSTART", stamp)]
        switch c.pick(3) {
        case 0: properties.append(ICalendarProperty(name: "DURATION", value: form == "date" ? "P1D" : ["PT1H", "PT90M", "P1DT2H", "P1W"][c.pick(4)]))
        case 1: properties.append(time("DTEND", WindowedReadProperties.stamp(day: day + 1, second: form == "date" ? nil : 3_600)))
        default: break
        }
        if c.rarely(3) { properties.append(ICalendarProperty(name: "RRULE", value: ["FREQ=WEEKLY", "FREQ=DAILY;COUNT=5", "FREQ=MONTHLY;BYDAY=2TU"][c.pick(3)])) }
        properties.append(ICalendarProperty(name: "SUMMARY", value: "New \\, event \(seed)"))
        return ICalendarComponent(name: "VEVENT", properties: properties)
    }

    /// What appending gave: the file's bytes after, or the error's text.
    static func append(_ component: ICalendarComponent, to bytes: [UInt8], fast: Bool, name: String) throws -> Result<[UInt8], CalendarEditError> {
        let file = WindowedReadProperties.directory.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        FastAppend.isEnabled = fast
        defer { FastAppend.isEnabled = true }
        let uid = component.first("UID")?.value ?? ""
        let outcome = Result { () throws(CalendarEditError) in try CalendarFileEditor(path: file.path).append(component, uid: uid) }
        return outcome.map { _ in (try? [UInt8](Data(contentsOf: file))) ?? [] }
    }

    /// The same bytes written, or the same refusal.
    static func assertSame(_ slow: Result<[UInt8], CalendarEditError>, _ fast: Result<[UInt8], CalendarEditError>, appendedTo bytes: [UInt8]) throws {
        switch (slow, fast) {
        case (.success(let a), .success(let b)):
            guard a == b else {
                throw Failure("the full path wrote\n\(String(decoding: a, as: UTF8.self))\nthe fast one\n\(String(decoding: b, as: UTF8.self))")
            }
        case (.failure(let a), .failure(let b)):
            guard "\(a)" == "\(b)" else { throw Failure("refused as \(a), and as \(b)") }
        default:
            throw Failure("full: \(slow), fast: \(fast)\n\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    func testAnAppendedEventIsWrittenAsTheFullPathWritesIt() {
        // Mostly plain calendars (seeds whose events read plainly), some with defects.
        let seeds = Gen<Int>.int(in: 0...1_000_000).array(count: 1...5)
        nonisolated(unsafe) var run = 0
        forAll(seeds, Gen<Int>.int(in: 0...1_000_000), Gen<Int>.int(in: 0...1_000_000), runs: 400) { seeds, calendarSeed, newSeed in
            run += 1
            let events = seeds.enumerated().map { WindowedReadProperties.event($1, index: $0) }
            let bytes = WindowedReadProperties.calendar(events, seed: calendarSeed)
            let component = Self.newEvent(newSeed)
            let slow = try Self.append(component, to: bytes, fast: false, name: "a\(run).ics")
            let fast = try Self.append(component, to: bytes, fast: true, name: "a\(run).ics")
            let took = FastAppend.appended(bytes, component: component, path: "x.ics") != nil
            cover(minPercent: 2, took, "written without the full reads")  // about 8% are; 2% keeps a run from failing by chance
            try Self.assertSame(slow, fast, appendedTo: bytes)
            return true
        }
    }

    /// Calendars of plain events (some of one UID: two versions, which both ways refuse), in both line ends.
    func testAnEventAppendedToAPlainCalendarIsWrittenAsTheFullPathWritesIt() {
        let seeds = Gen<Int>.int(in: 0...1_000_000).array(count: 1...20)
        nonisolated(unsafe) var run = 0
        forAll(seeds, Gen<Int>.int(in: 0...1_000_000), Gen.bool, runs: 200) { seeds, newSeed, crlf in
            run += 1
            let writer = ICalendarWriter(lineEnd: crlf ? .crlf : .lf)
            var text = writer.component(ICalendarComponent(name: "VCALENDAR", properties: [ICalendarProperty(name: "VERSION", value: "2.0"),
                                                                                        ICalendarProperty(name: "PRODID", value: "-//test//EN")]))
            let end = writer.fold(Array("END:VCALENDAR".utf8))
            text.removeLast(end.count)
            text += Array(WindowedReadProperties.customZone.map { $0 + (crlf ? "\r\n" : "\n") }.joined().utf8)
            for seed in seeds { text += writer.component(Self.newEvent(seed % 50_000)) }
            text += end
            let component = Self.newEvent(newSeed + 1_000_000)
            let took = FastAppend.appended(text, component: component, path: "x.ics") != nil
            cover(minPercent: 8, took, "written without the full reads")  // about 21% are
            let slow = try Self.append(component, to: text, fast: false, name: "p\(run).ics")
            let fast = try Self.append(component, to: text, fast: true, name: "p\(run).ics")
            try Self.assertSame(slow, fast, appendedTo: text)
            return true
        }
    }

    static let plain = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VTIMEZONE\r
        TZID:America/New_York\r
        BEGIN:STANDARD\r
        DTSTART:19701101T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r
        TZOFFSETFROM:-0400\r
        TZOFFSETTO:-0500\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:19700308T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r
        TZOFFSETFROM:-0500\r
        TZOFFSETTO:-0400\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:one\r
        DTSTAMP:20240101T000000Z\r
        DTSTART;TZID=America/New_York:20240311T090000\r
        DTEND;TZID=America/New_York:20240311T100000\r
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE\r
        SUMMARY:Standup\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:one\r
        DTSTAMP:20240101T000000Z\r
        RECURRENCE-ID;TZID=America/New_York:20240313T090000\r
        DTSTART;TZID=America/New_York:20240313T110000\r
        DTEND;TZID=America/New_York:20240313T120000\r
        SUMMARY:Standup (moved)\r
        SEQUENCE:1\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// A plain calendar takes the fast way, and the full path writes the same; one defect anywhere sends it the full way.
    func testOneDefectSendsTheAppendTheFullWay() throws {
        let bytes = Array(Self.plain.utf8)
        let component = ICalendarComponent(name: "VEVENT", properties: [
            ICalendarProperty(name: "UID", value: "two"), ICalendarProperty(name: "DTSTAMP", value: "20240101T000000Z"),
            ICalendarProperty(name: "DTSTART", parameters: [ICalendarParameter(name: "TZID", values: ["America/New_York"])], value: "20240312T100000"),
            ICalendarProperty(name: "DURATION", value: "PT1H"), ICalendarProperty(name: "SUMMARY", value: "Lunch"),
        ])
        XCTAssertNotNil(FastAppend.appended(bytes, component: component, path: "x.ics"))
        XCTAssertEqual(try Self.append(component, to: bytes, fast: true, name: "plain.ics").get(),
                       try Self.append(component, to: bytes, fast: false, name: "plain.ics").get())
        for (from, to) in [("DTSTAMP:20240101T000000Z", "DTSTAMP:20241301T000000Z"), ("SEQUENCE:1", "SEQUENCE:0\r\nSEQUENCE:1"),
                           ("UID:one\r\nDTSTAMP:20240101T000000Z\r\nRECURRENCE-ID", "UID:one\r\nDTSTAMP:20240101T000000Z\r\nX-A;VALUE=DATE:1\r\nRECURRENCE-ID"),
                           ("TZOFFSETTO:-0500", "TZOFFSETTO:-05")] {
            let damaged = Array(Self.plain.replacingOccurrences(of: from, with: to).utf8)
            XCTAssertNotEqual(damaged, bytes)
            XCTAssertNil(FastAppend.appended(damaged, component: component, path: "x.ics"), to)
        }
    }
}
