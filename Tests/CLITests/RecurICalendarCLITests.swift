import XCTest

/// `recur FILE` on what calendar programs write, read through KalendsICalendar:
/// an Outlook series (a VTIMEZONE under a Windows name, an override with
/// RECURRENCE-ID) and a Windows zone name with no VTIMEZONE (ICU's table,
/// which the static release binary must carry too).
final class RecurICalendarCLITests: XCTestCase {
    /// Summer time starts on 2024-03-31 in the VTIMEZONE: the 25th is still +01:00.
    func testAnOutlookSeriesWithAnOverrideReadsTheMaster() {
        let text = """
            BEGIN:VCALENDAR\r
            BEGIN:VTIMEZONE\r
            TZID:W. Europe Standard Time\r
            BEGIN:STANDARD\r
            DTSTART:16010101T030000\r
            TZOFFSETFROM:+0200\r
            TZOFFSETTO:+0100\r
            RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
            END:STANDARD\r
            BEGIN:DAYLIGHT\r
            DTSTART:16010101T020000\r
            TZOFFSETFROM:+0100\r
            TZOFFSETTO:+0200\r
            RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\r
            END:DAYLIGHT\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            UID:weekly\r
            RECURRENCE-ID;TZID=W. Europe Standard Time:20240325T090000\r
            DTSTART;TZID=W. Europe Standard Time:20240325T100000\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:weekly\r
            DTSTART;TZID=W. Europe Standard Time:20240318T090000\r
            RRULE:FREQ=WEEKLY;COUNT=3\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let result = CLI.run(["recur", "-"], stdin: text)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines, ["2024-03-18T09:00:00+01:00", "2024-03-25T09:00:00+01:00", "2024-04-01T09:00:00+02:00"])
    }

    func testAWindowsZoneNameWithoutAVTimeZone() {
        let result = CLI.run(["recur", "-"], stdin: "DTSTART;TZID=Eastern Standard Time:20240309T090000\nRRULE:FREQ=DAILY;COUNT=2\n")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines, ["2024-03-09T09:00:00-05:00", "2024-03-10T09:00:00-04:00"])
    }
}
