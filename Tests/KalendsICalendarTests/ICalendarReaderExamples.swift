import Kalends
import XCTest
@testable import KalendsICalendar

/// The reader on RFC 5545's own examples, on what calendar programs write
/// (Outlook's Windows zone names, Google's X-WR-TIMEZONE), and on each defect
/// the contract names: lenient warnings, strict errors, their places.
final class ICalendarReaderExamples: XCTestCase {
    func calendar(_ body: String) -> String { "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + body + "END:VCALENDAR\r\n" }

    func read(_ text: String, _ mode: ICalendarReader.Mode = .lenient) throws(ICalendarError) -> ICalendarDocument {
        try ICalendarReader(source: "test.ics", mode: mode).read(text)
    }

    func error(_ text: String, _ mode: ICalendarReader.Mode = .strict) -> ICalendarError? {
        do { _ = try read(text, mode); return nil } catch { return error }
    }

    /// RFC 5545 section 3.6.1, the first VEVENT example.
    func testRFC5545Event() throws {
        let document = try read(calendar("""
            BEGIN:VEVENT\r
            UID:19970901T130000Z-123401@example.com\r
            DTSTAMP:19970901T130000Z\r
            DTSTART:19970903T163000Z\r
            DTEND:19970903T190000Z\r
            SUMMARY:Annual Employee Review\r
            CLASS:PRIVATE\r
            CATEGORIES:BUSINESS,HUMAN RESOURCES\r
            END:VEVENT\r

            """), .strict)
        let event = try XCTUnwrap(document.components(named: "VEVENT").first)
        XCTAssertEqual(event.line, 3)
        XCTAssertEqual(event.uid, "19970901T130000Z-123401@example.com")
        XCTAssertEqual(event.first("CATEGORIES")?.texts, ["BUSINESS", "HUMAN RESOURCES"])
        let start = try XCTUnwrap(event.first("DTSTART")).date(zones: document.zones)
        XCTAssertEqual(start.value, .utc(Instant(seconds: 873_304_200)))
        XCTAssertEqual(event.first("SUMMARY")?.valueColumn, 9)
    }

    /// RFC 5545 section 3.6.2, the VTODO example.
    func testRFC5545ToDo() throws {
        let document = try read(calendar("""
            BEGIN:VTODO\r
            UID:20070313T123432Z-456553@example.com\r
            DTSTAMP:20070313T123432Z\r
            DUE;VALUE=DATE:20070501\r
            SUMMARY:Submit Quebec Income Tax Return for 2006\r
            CLASS:CONFIDENTIAL\r
            CATEGORIES:FAMILY,FINANCE\r
            STATUS:NEEDS-ACTION\r
            END:VTODO\r

            """), .strict)
        let todo = try XCTUnwrap(document.components(named: "VTODO").first)
        XCTAssertEqual(try todo.first("DUE")?.date(zones: document.zones).value, .date(try ISODate(year: 2007, month: 5, day: 1)))
        XCTAssertEqual(todo.first("STATUS")?.value, "NEEDS-ACTION")
    }

    func testParametersQuotedRepeatedAndCaretEscaped() throws {
        let document = try read(calendar("""
            BEGIN:VEVENT\r
            UID:p\r
            attendee;member="mailto:a@x.org","mailto:b@x.org";X-N=a^nb^'c^'^^;X-N=two:mailto:c@x.org\r
            END:VEVENT\r

            """), .strict)
        let property = try XCTUnwrap(document.components(named: "VEVENT").first?.first("ATTENDEE"))
        XCTAssertEqual(property.parameters.map(\.name), ["MEMBER", "X-N", "X-N"])
        XCTAssertEqual(property.parameters[0].values, ["mailto:a@x.org", "mailto:b@x.org"])
        XCTAssertEqual(property.parameters[1].values, ["a\nb\"c\"^"])
        XCTAssertEqual(property.parameter("x-n"), "a\nb\"c\"^")
        XCTAssertEqual(property.value, "mailto:c@x.org")
    }

    func testBOMAndLFAndFoldInsideAUTF8Sequence() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("BEGIN:VCALENDAR\nX-A:caf".utf8) + [0xC3, 10, 32, 0xA9] + Array("\nEND:VCALENDAR\n".utf8)
        let document = try ICalendarReader(source: "b.ics", mode: .strict).read(bytes)
        XCTAssertEqual(document.calendars.first?.first("X-A")?.value, "café")
        XCTAssertEqual(document.calendars.first?.first("X-A")?.line, 2)
        XCTAssertEqual(document.calendars.first?.byteRange, 3..<bytes.count)
    }

    // MARK: Defects

    let twoEvents = """
        BEGIN:VEVENT\r
        UID:bad@example.com\r
        SUMMARY without a colon\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:good@example.com\r
        DTSTART:20240101T090000Z\r
        END:VEVENT\r

        """

    /// A line without any colon (a fold that lost its space) is no content
    /// line: its event is left out, as the command-line contract says, with
    /// one warning; strict, it is an error. A damaged line that has a colon
    /// costs only itself when the event does not need its property.
    func testALineWithoutAColonLeavesOutItsEventWithOneWarning() throws {
        let document = try read(calendar(twoEvents))
        XCTAssertEqual(document.components(named: "VEVENT").map(\.uid), ["good@example.com"])
        XCTAssertEqual(document.warnings.map(\.description),
                       ["test.ics:5:24: 'SUMMARY without a colon' is not an iCalendar content line (NAME:VALUE) (the VEVENT with UID bad@example.com is left out)"])
        let withColon = try read(calendar(twoEvents.replacingOccurrences(of: "SUMMARY without a colon", with: ":mailto:ana@example.com")))
        XCTAssertEqual(withColon.components(named: "VEVENT").map(\.uid), ["bad@example.com", "good@example.com"])
        XCTAssertEqual(withColon.warnings.map(\.description),
                       ["test.ics:5:1: ':mailto:ana@example.com' is not an iCalendar content line (NAME:VALUE) (the line is ignored)"])
        let strict = try XCTUnwrap(error(calendar(twoEvents)))
        XCTAssertEqual(strict.line, 5)
        XCTAssertEqual(strict.description, "test.ics:5:24: 'SUMMARY without a colon' is not an iCalendar content line (NAME:VALUE)")
    }

    /// A defect in a property an event needs (DTSTART, RRULE, UID...) leaves
    /// the event out; in another (DTSTAMP, an X- property's parameter) only that property.
    func testADefectCostsTheEventOnlyInWhatItNeeds() throws {
        let text = calendar("""
            BEGIN:VEVENT\r
            UID:needs\r
            DTSTART;TZID="Europe/Berlin:20240101T090000\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:keeps\r
            DTSTAMP:2024-01-01\r
            X-THING;X-P=a\\;b:value\r
            DTSTART:20240101T090000Z\r
            END:VEVENT\r

            """)
        let document = try read(text)
        XCTAssertEqual(document.components(named: "VEVENT").map(\.uid), ["keeps"])
        XCTAssertEqual(document.components(named: "VEVENT")[0].properties.map(\.name), ["UID", "DTSTART"])
        XCTAssertEqual(document.warnings.map(\.consequence), [
            .leftOut(component: "VEVENT", uid: "needs", line: 3), .propertyIgnored("DTSTAMP"), .propertyIgnored("X-THING"),
        ])
        XCTAssertEqual(document.warnings.map(\.error.line), [5, 9, 10])
        XCTAssertEqual(error(text)?.line, 5)
    }

    /// Strict reading checks every value of every component through the
    /// table: a VJOURNAL's DTSTART, a VFREEBUSY's FREEBUSY, a VALARM's
    /// REPEAT, an inline BINARY; lenient reading leaves the VJOURNAL out, the VALARM out
    /// (not its event), and keeps the attachment (its type is not one the model reads).
    func testStrictChecksEveryValueOfEveryComponent() throws {
        let journal = calendar("BEGIN:VJOURNAL\r\nUID:j\r\nDTSTART:garbage\r\nEND:VJOURNAL\r\n")
        XCTAssertEqual(error(journal)?.line, 5)
        XCTAssertEqual(try read(journal).warnings.map(\.consequence), [.leftOut(component: "VJOURNAL", uid: "j", line: 3)])
        let freeBusy = calendar("BEGIN:VFREEBUSY\r\nUID:f\r\nFREEBUSY:20240101T090000Z/PT1H,20240101T1000Z/PT1H\r\nEND:VFREEBUSY\r\n")
        XCTAssertEqual(error(freeBusy)?.column, 32)
        let alarm = calendar("BEGIN:VEVENT\r\nUID:e\r\nDTSTART:20240101T090000Z\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\n"
                             + "REPEAT:twice\r\nEND:VALARM\r\nEND:VEVENT\r\n")
        XCTAssertEqual(error(alarm)?.description, "test.ics:9:8: REPEAT: 'twice' is not an INTEGER")
        let lenient = try read(alarm)
        XCTAssertEqual(lenient.components(named: "VEVENT").map(\.uid), ["e"])
        XCTAssertEqual(lenient.components(named: "VEVENT")[0].components, [])
        XCTAssertEqual(lenient.warnings.map(\.description), ["test.ics:9:8: REPEAT: 'twice' is not an INTEGER (the VALARM of line 6 is left out)"])
        let binary = calendar("BEGIN:VEVENT\r\nUID:u\r\nDTSTART:20240101T090000Z\r\nATTACH;ENCODING=BASE64;VALUE=BINARY:@@@@\r\nEND:VEVENT\r\n")
        XCTAssertEqual(try read(binary).warnings, [])
        XCTAssertEqual(error(binary)?.description, "test.ics:6:37: ATTACH: '@@@@' is not a BINARY (base64)")
        // A relative URI (Apple's alarm sound) and a bare address read in both modes.
        XCTAssertNil(error(calendar("BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240101T090000Z\r\nORGANIZER:boss@example.com\r\nATTACH;VALUE=URI:Chord\r\nEND:VEVENT\r\n")))
        let valueType = calendar("BEGIN:VEVENT\r\nUID:v\r\nDTSTART;VALUE=PERIOD:20240101T090000Z/PT1H\r\nEND:VEVENT\r\n")
        XCTAssertEqual(error(valueType)?.description, "test.ics:5:22: DTSTART: VALUE=PERIOD is not DATE-TIME or DATE")
    }

    func testAnEndThatClosesTheWrongComponent() throws {
        let text = calendar("BEGIN:VEVENT\r\nUID:a\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VEVENT\r\nBEGIN:VTODO\r\nUID:b\r\nEND:VTODO\r\n")
        let document = try read(text)
        XCTAssertEqual(document.calendars.first?.components.map(\.name), ["VTODO"])
        XCTAssertEqual(document.warnings.map(\.description), ["test.ics:7:5: END:VEVENT closes the open VALARM (the VEVENT with UID a is left out)"])
        XCTAssertEqual(error(text)?.kind, .mismatchedEnd(expected: "VALARM", found: "VEVENT"))
    }

    /// An END naming no open component (END:VTODO in a VEVENT) closes the
    /// innermost one: that VEVENT is left out, the next is read as its sibling.
    func testAnEndNamingNoOpenComponentClosesTheInnermost() throws {
        let text = calendar("BEGIN:VEVENT\r\nUID:a\r\nEND:VTODO\r\nBEGIN:VEVENT\r\nUID:b\r\nEND:VEVENT\r\n")
        let document = try read(text)
        XCTAssertEqual(document.components(named: "VEVENT").map(\.uid), ["b"])
        XCTAssertEqual(document.calendars.first?.components.map(\.name), ["VEVENT"])
        XCTAssertEqual(document.warnings.map(\.description), ["test.ics:5:5: END:VTODO closes the open VEVENT (the VEVENT with UID a is left out)"])
        XCTAssertEqual(error(text)?.kind, .mismatchedEnd(expected: "VEVENT", found: "VTODO"))
    }

    func testABadValueLeavesOutItsComponent() throws {
        let text = calendar("BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240230T090000\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:r\r\nRRULE:FREQ=DAILY;BYMONTH=13\r\nEND:VEVENT\r\n")
        let document = try read(text)
        XCTAssertTrue(document.calendars[0].components.isEmpty)
        XCTAssertEqual(document.warnings.count, 2)
        XCTAssertTrue(document.warnings[0].description.hasPrefix("test.ics:5:9: DTSTART: '20240230' is not a date: "), document.warnings[0].description)
        XCTAssertTrue(document.warnings[0].description.hasSuffix("(the VEVENT with UID a is left out)"))
        XCTAssertTrue(document.warnings[1].description.hasPrefix("test.ics:9:7: RRULE: "), document.warnings[1].description)
        XCTAssertEqual(error(text)?.line, 5)
    }

    func testMissingEndAtTheEndOfTheInput() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:ok\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:cut\r\nSUMM"
        let document = try read(text)
        XCTAssertEqual(document.components(named: "VEVENT").map(\.uid), ["ok"])
        XCTAssertEqual(document.warnings.map(\.description), [
            "test.ics:7:5: SUMM: no ':' before the value in 'SUMM' (the VEVENT with UID cut is left out)",
            "test.ics:7:1: no END:VCALENDAR before the end of the input (the VCALENDAR is read up to there)",
        ])
        XCTAssertEqual(error(text.dropLast(6) + "")?.kind, .missingEnd("VEVENT"))
    }

    func testInputThatIsNotICalendar() {
        XCTAssertEqual(error("", .lenient)?.kind, .notICalendar(found: nil))
        XCTAssertEqual(error("hello world\n", .lenient)?.description, "test.ics:1:1: not iCalendar: the first line is 'hello world', not BEGIN:VCALENDAR")
        XCTAssertEqual(error("BEGIN:VCARD\r\nEND:VCARD\r\n", .lenient)?.kind, .notICalendar(found: "BEGIN:VCARD"))
        do {
            _ = try ICalendarReader(source: "x.bin").read([0x7F, 0x45, 0x4C, 0x46, 0, 0, 0xFF, 0xFE, 10, 1, 2])
            XCTFail("binary data read")
        } catch {
            XCTAssertEqual(error.kind, .binaryData)
            XCTAssertEqual(error.line, 1)
        }
    }

    func testInvalidUTF8IsLocated() throws {
        let bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nSUMMARY:ab".utf8) + [0xC3, 0x28] + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        let document = try ICalendarReader(source: "u.ics").read(bytes)
        XCTAssertEqual(document.warnings.map(\.description), ["u.ics:4:11: bytes that are not UTF-8 (the SUMMARY is ignored)"])
        let start = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nDTSTART:2024".utf8) + [0xC3, 0x28] + Array("\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        XCTAssertEqual(try ICalendarReader(source: "u.ics").read(start).warnings.map(\.description),
                       ["u.ics:4:13: bytes that are not UTF-8 (the VEVENT with UID u is left out)"])
    }

    func testDeepNestingAndHugeLinesAreBounded() throws {
        let deep = "BEGIN:VCALENDAR\n" + String(repeating: "BEGIN:X-A\n", count: 10_000)
        let nested = try XCTUnwrap(error(deep, .lenient))
        XCTAssertEqual(nested.kind, .nestingTooDeep(maximum: ICalendarReader.maximumDepth))
        XCTAssertEqual(nested.line, ICalendarReader.maximumDepth + 1)

        let huge = calendar("BEGIN:VEVENT\r\nUID:big\r\nX-BIG:" + String(repeating: "x", count: 1 << 20) + "\r\nEND:VEVENT\r\n")
        let document = try read(huge)
        XCTAssertEqual(document.warnings.map(\.description),
                       ["test.ics:5:1: a content line (X-BIG) of 1048582 bytes, more than the 262144 a line may have (after unfolding) (the X-BIG is ignored)"])
    }

    // MARK: Zones

    func testAWindowsZoneName() throws {
        let document = try read(calendar("BEGIN:VEVENT\r\nUID:w\r\nDTSTART;TZID=Eastern Standard Time:20240101T090000\r\nEND:VEVENT\r\n"), .strict)
        XCTAssertTrue(document.warnings.isEmpty)
        XCTAssertEqual(ICalendarZones.ianaName(forWindowsName: "Eastern Standard Time"), "America/New_York")
        let start = try XCTUnwrap(document.components(named: "VEVENT").first?.first("DTSTART")).date(zones: document.zones)
        guard case .zoned(_, let zone) = start.value else { return XCTFail("\(start)") }
        XCTAssertEqual(zone.identifier, "America/New_York")
    }

    func testGoogleFloatingZone() throws {
        let document = try read("BEGIN:VCALENDAR\r\nX-WR-TIMEZONE:Europe/Berlin\r\nBEGIN:VEVENT\r\nUID:g\r\nDTSTART:20240101T090000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        let start = try XCTUnwrap(document.components(named: "VEVENT").first?.first("DTSTART")).date(zones: document.zones)
        XCTAssertEqual(start.value, .zoned(try LocalDateTime(try ISODate(year: 2024, month: 1, day: 1), try TimeOfDay(hour: 9)),
                                           try ZoneRules(identifier: "Europe/Berlin")))
    }

    func testAnUndefinedZoneIsFloatingWithOneWarning() throws {
        let text = calendar("BEGIN:VEVENT\r\nUID:m\r\nDTSTART;TZID=Mars/Olympus:20240101T090000\r\nDTEND;TZID=Mars/Olympus:20240101T100000\r\nEND:VEVENT\r\n")
        let document = try read(text)
        XCTAssertEqual(document.warnings.map(\.description), [
            "test.ics:5:1: TZID=Mars/Olympus is defined neither in the file nor on this system (nor as a Windows zone name) (its times are floating, read in the viewer's zone)",
        ])
        let start = try XCTUnwrap(document.components(named: "VEVENT").first?.first("DTSTART")).date(zones: document.zones)
        XCTAssertEqual(start.value, .floating(try LocalDateTime(try ISODate(year: 2024, month: 1, day: 1), try TimeOfDay(hour: 9))))
        XCTAssertEqual(error(text)?.kind, .unknownZone("Mars/Olympus"))
    }

    // MARK: Values

    func testValues() throws {
        let zones = ICalendarZones()
        func property(_ line: String) throws -> ICalendarProperty {
            try XCTUnwrap(read(calendar("BEGIN:VEVENT\r\n" + line + "\r\nEND:VEVENT\r\n"), .strict).components(named: "VEVENT").first?.properties.first)
        }
        XCTAssertEqual(try property("DURATION:-P1DT2H3M4S").duration(),
                       try CalendarDuration(date: DateDuration(days: -1), time: TimeDuration(hours: -2, minutes: -3, seconds: -4)))
        XCTAssertEqual(try property("DURATION:P2W").duration(), try CalendarDuration(date: DateDuration(weeks: 2)))
        XCTAssertEqual(try property("TZOFFSETTO:+053000").utcOffset(), UTCOffset(seconds: 19_800))
        XCTAssertEqual(try property("TZOFFSETTO:-0500").utcOffset(), UTCOffset(seconds: -18_000))
        let periods = try property("RDATE;VALUE=PERIOD:19960403T020000Z/19960403T040000Z,19960404T010000Z/PT3H").dates(zones: zones)
        XCTAssertEqual(periods.map(\.periodSeconds), [7_200, 10_800])
        let exdates = try property("EXDATE;TZID=America/New_York:19960402T010000,19960403T010000").dates(zones: zones)
        XCTAssertEqual(exdates.count, 2)
        // A leap second is the next minute's first second, not :59.
        let leap = try property("DTSTART:19981231T235960Z").date(zones: zones)
        XCTAssertEqual(leap.value, .utc(Instant(seconds: 915_148_800)))
        XCTAssertThrowsError(try ICalendarProperty(name: "DURATION", value: "P1H").duration())
        // A unit given twice, or out of order, is no duration: thousands of
        // `9999999999W` once summed past Int (a trap, found by review).
        for text in ["P1W1W", "PT1M1H", "P1D1W", "P" + String(repeating: "9999999999W", count: 2_000)] {
            XCTAssertThrowsError(try ICalendarProperty(name: "DURATION", value: text).duration(), String(text.prefix(20)))
        }
        XCTAssertEqual(try ICalendarProperty(name: "DURATION", value: "P9999999999W").duration().date.weeks, 9_999_999_999)
    }

    // MARK: recur's reading

    func testAnOutlookSeriesWithAnOverrideReadsItsMaster() throws {
        let set = try RecurrenceSet(parsing: """
            BEGIN:VCALENDAR\r
            BEGIN:VTIMEZONE\r
            TZID:Pacific Standard Time\r
            BEGIN:STANDARD\r
            DTSTART:16010101T020000\r
            TZOFFSETFROM:-0700\r
            TZOFFSETTO:-0800\r
            RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11\r
            END:STANDARD\r
            BEGIN:DAYLIGHT\r
            DTSTART:16010101T020000\r
            TZOFFSETFROM:-0800\r
            TZOFFSETTO:-0700\r
            RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3\r
            END:DAYLIGHT\r
            END:VTIMEZONE\r
            BEGIN:VEVENT\r
            UID:series\r
            RECURRENCE-ID;TZID=Pacific Standard Time:20240103T090000\r
            DTSTART;TZID=Pacific Standard Time:20240103T100000\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:series\r
            DTSTART;TZID=Pacific Standard Time:20240101T090000\r
            RRULE:FREQ=DAILY;COUNT=3\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        XCTAssertEqual(set.occurrences().map(\.description), ["2024-01-01T09:00:00-08:00", "2024-01-02T09:00:00-08:00", "2024-01-03T09:00:00-08:00"])
    }
}
