import Kalends
import KalendsICalendar

/// `kalends-bench ical`: reading a generated calendar of 10,000 VEVENTs (a
/// zone, folded descriptions, rules, alarms) into its component tree, against
/// only splitting the same text into Swift String lines (the floor any
/// String-based reader pays before it parses anything).
enum ICalendarBenchmarks {
    static let area = BenchmarkArea(
        name: "ical",
        summary: "ICalendarReader on a 10,000-VEVENT file vs splitting its text into String lines",
        run: run)

    static let count = 10_000

    /// A calendar of `events` VEVENTs as Outlook and Google write them.
    static func calendar(events: Int) -> [UInt8] {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Kalends//Bench//EN\r\nX-WR-TIMEZONE:Europe/Berlin\r\n"
        text += "BEGIN:VTIMEZONE\r\nTZID:W. Europe Standard Time\r\nBEGIN:STANDARD\r\nDTSTART:16010101T030000\r\nTZOFFSETFROM:+0200\r\n"
        text += "TZOFFSETTO:+0100\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r\nEND:STANDARD\r\nBEGIN:DAYLIGHT\r\nDTSTART:16010101T020000\r\n"
        text += "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n"
        for index in 0..<events {
            let day = 1 + index % 28, month = 1 + index / 28 % 12, hour = 8 + index % 10
            let date = "2024\(month < 10 ? "0" : "")\(month)\(day < 10 ? "0" : "")\(day)"
            let clock = "T\(hour < 10 ? "0" : "")\(hour)0000"
            text += "BEGIN:VEVENT\r\nUID:\(index)-event@example.com\r\nDTSTAMP:20240101T000000Z\r\n"
            text += "DTSTART;TZID=W. Europe Standard Time:\(date)\(clock)\r\nDTEND;TZID=W. Europe Standard Time:\(date)\(clock.dropLast(4))3000\r\n"
            text += "SUMMARY;LANGUAGE=de:Besprechung Nr. \(index)\\, Raum \u{C4}\r\nLOCATION:Building 4\\; room 12\r\n"
            text += "DESCRIPTION:A longer description that a calendar program folds at seventy-five\r\n  octets\\, as RFC 5545 says it should.\r\n"
            text += "CATEGORIES:WORK,MEETING\r\nATTENDEE;CN=\"Doe, Jane\";ROLE=REQ-PARTICIPANT:mailto:jane@example.com\r\n"
            if index % 4 == 0 { text += "RRULE:FREQ=WEEKLY;COUNT=10;BYDAY=MO,WE\r\n" }
            if index % 3 == 0 { text += "BEGIN:VALARM\r\nTRIGGER:-PT15M\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder\r\nEND:VALARM\r\n" }
            text += "END:VEVENT\r\n"
        }
        return Array((text + "END:VCALENDAR\r\n").utf8)
    }

    static func run(_ emit: (BenchmarkRow) -> Void) {
        let bytes = calendar(events: count)
        let text = String(decoding: bytes, as: UTF8.self)
        let times = Benchmark.interleavedMedianSeconds([
            {
                let document = try? ICalendarReader(source: "bench.ics").read(bytes)
                blackHole(document?.calendars.first?.components.count ?? 0)
            },
            { blackHole(text.split(whereSeparator: \.isNewline).count) },
        ])
        let megabytes = Double(bytes.count) / 1_000_000
        emit(BenchmarkRow(area: "ical", operation: "read \(count) VEVENTs", n: count, oursPerSecond: Double(count) / times[0],
                          reference: "String lines", referencePerSecond: Double(count) / times[1], doublingGrowth: nil,
                          note: "\(Int((megabytes * 10).rounded()) / 10) MB in \((times[0] * 1e5).rounded() / 100) ms: \(Int(megabytes / times[0])) MB/s"))
    }
}
