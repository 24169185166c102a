import Kalends
import KalendsCheck
import XCTest
@testable import KalendsICalendar

/// VTIMEZONEs as zone rules: RFC 5545 section 3.6.5's New York examples at
/// transitions checked by hand, and a VTIMEZONE of New York's 2007 rules
/// against the system's zone on samples of 2008 ... 2037.
final class VTimeZoneExamples: XCTestCase {
    func zone(_ body: String) throws -> ZoneRules {
        let text = "BEGIN:VCALENDAR\r\n" + body + "END:VCALENDAR\r\n"
        let document = try ICalendarReader(source: "z.ics", mode: .strict).read(text)
        return try ZoneRules(vtimezone: try XCTUnwrap(document.components(named: "VTIMEZONE").first), source: "z.ics")
    }

    func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) throws -> Instant {
        Instant(seconds: try ISODate(year: year, month: month, day: day).dayNumber * 86_400 + hour * 3_600 + minute * 60)
    }

    /// RFC 5545 section 3.6.5: New York with the rules of 1967 ... 2006, open-ended.
    static let newYork1987 = """
        BEGIN:VTIMEZONE\r
        TZID:America/New_York\r
        LAST-MODIFIED:20050809T050000Z\r
        BEGIN:STANDARD\r
        DTSTART:19671029T020000\r
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\r
        TZOFFSETFROM:-0400\r
        TZOFFSETTO:-0500\r
        TZNAME:EST\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:19870405T020000\r
        RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4\r
        TZOFFSETFROM:-0500\r
        TZOFFSETTO:-0400\r
        TZNAME:EDT\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r

        """

    func testRFC5545NewYorkAtItsTransitions() throws {
        let zone = try zone(Self.newYork1987)
        XCTAssertEqual(zone.identifier, "America/New_York")
        // 1997-10-26 02:00 EDT (06:00 UTC) back to 01:00 EST.
        XCTAssertEqual(zone.offset(at: Instant(seconds: try instant(1997, 10, 26, 6).seconds - 1)).seconds, -14_400)
        XCTAssertEqual(zone.offset(at: try instant(1997, 10, 26, 6)).seconds, -18_000)
        // 1998-04-05 02:00 EST (07:00 UTC) on to 03:00 EDT.
        XCTAssertEqual(zone.offset(at: Instant(seconds: try instant(1998, 4, 5, 7).seconds - 1)).seconds, -18_000)
        XCTAssertEqual(zone.offset(at: try instant(1998, 4, 5, 7)).seconds, -14_400)
        // The repeating rule carries it on: 2030-04-07 (first Sunday of April).
        XCTAssertEqual(zone.offset(at: try instant(2030, 4, 7, 6, 59)).seconds, -18_000)
        XCTAssertEqual(zone.offset(at: try instant(2030, 4, 7, 7)).seconds, -14_400)
        XCTAssertEqual(zone.recurringRule?.daylight?.type.abbreviation, "EDT")
    }

    /// RFC 5545 section 3.6.5: rules that end (UNTIL) and one-off RDATEs.
    func testObservancesWithUntilAndRDates() throws {
        let zone = try zone("""
            BEGIN:VTIMEZONE\r
            TZID:America/New_York\r
            BEGIN:DAYLIGHT\r
            DTSTART:19670430T020000\r
            RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=-1SU;UNTIL=19730429T070000Z\r
            TZOFFSETFROM:-0500\r
            TZOFFSETTO:-0400\r
            TZNAME:EDT\r
            END:DAYLIGHT\r
            BEGIN:STANDARD\r
            DTSTART:19671029T020000\r
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z\r
            TZOFFSETFROM:-0400\r
            TZOFFSETTO:-0500\r
            TZNAME:EST\r
            END:STANDARD\r
            BEGIN:DAYLIGHT\r
            DTSTART:19740106T020000\r
            RDATE:19750223T020000\r
            TZOFFSETFROM:-0500\r
            TZOFFSETTO:-0400\r
            TZNAME:EDT\r
            END:DAYLIGHT\r
            END:VTIMEZONE\r

            """)
        // 1974-01-06 02:00 EST = 07:00 UTC: daylight time all winter (the energy crisis).
        XCTAssertEqual(zone.offset(at: try instant(1974, 1, 6, 6, 59)).seconds, -18_000)
        XCTAssertEqual(zone.offset(at: try instant(1974, 1, 6, 7)).seconds, -14_400)
        XCTAssertEqual(zone.offset(at: try instant(1975, 2, 23, 7)).seconds, -14_400)
        XCTAssertEqual(zone.offset(at: try instant(1972, 4, 30, 7)).seconds, -14_400)
    }

    static let newYork2007 = """
        BEGIN:VTIMEZONE\r
        TZID:Custom/New_York\r
        BEGIN:DAYLIGHT\r
        DTSTART:20070311T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r
        TZOFFSETFROM:-0500\r
        TZOFFSETTO:-0400\r
        TZNAME:EDT\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        DTSTART:20071104T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r
        TZOFFSETFROM:-0400\r
        TZOFFSETTO:-0500\r
        TZNAME:EST\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """

    func testNewYorks2007RulesMatchTheSystemZone() throws {
        let zone = try zone(Self.newYork2007)
        let system = try ZoneRules(identifier: "America/New_York")
        let start = try instant(2008, 1, 1, 0).seconds, end = try instant(2038, 1, 1, 0).seconds
        // About an hour apart, at a random minute, and every transition's neighbourhood.
        forAll(Gen<Int>.int(in: start...end)) { seconds in
            let at = Instant(seconds: seconds)
            guard zone.offset(at: at) == system.offset(at: at) else {
                throw TestFailure("\(at): \(zone.offset(at: at)) vs the system's \(system.offset(at: at))")
            }
            return true
        }
        for transition in system.transitions(from: Instant(seconds: start), to: Instant(seconds: end)) {
            for delta in [-1, 0, 1] {
                let at = Instant(seconds: transition.instant.seconds + delta)
                XCTAssertEqual(zone.offset(at: at), system.offset(at: at), "\(at)")
            }
        }
    }

    func testTheSystemZoneIsPreferredForAnIANAName() throws {
        let document = try ICalendarReader(source: "z.ics").read("BEGIN:VCALENDAR\r\n" + Self.newYork1987 + "END:VCALENDAR\r\n")
        XCTAssertEqual(document.zones.zone(for: "America/New_York"), try ZoneRules(identifier: "America/New_York"))
        XCTAssertNotNil(document.zones.timeZones["America/New_York"])
    }
}
