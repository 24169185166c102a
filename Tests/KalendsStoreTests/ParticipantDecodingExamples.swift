import Kalends
@testable import KalendsStore
import XCTest

/// ORGANIZER and ATTENDEE as calendar programs write them: quoted CN
/// parameters holding `,` `;` `:`, RFC 6868 caret escapes, lines folded in
/// the middle of a parameter or of the address, lower-case values, and
/// other parameters around them. Also URL, and a reminder's LOCATION and CATEGORIES.
final class ParticipantDecodingExamples: XCTestCase {
    static func events(_ lines: [String]) throws -> [Event] {
        let text = (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN"] + lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
        return try CalendarFileReader(mode: .strict).read(bytes: Array(text.utf8), source: "t.ics").calendar.events
    }

    func testOrganizerAndAttendeesWithTheirParameters() throws {
        let events = try Self.events([
            "BEGIN:VEVENT", "UID:a@test", "DTSTAMP:20240101T000000Z", "DTSTART:20240305T100000Z",
            "ORGANIZER;SENT-BY=\"mailto:office@example.com\";CN=\"Levi, Anna: the chair\":mailto:anna@example.com",
            "ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=CHAIR;PARTSTAT=ACCEPTED;CN=\"Levi, Anna\";X-NUM-GUESTS=0:mailto:anna@example.com",
            "ATTENDEE;CN=\"Ben ^'Benny^' Cohen\";PARTSTAT=tentative;ROLE=opt-participant;RSVP=TRUE:mai",
            " lto:ben@example.com",
            "ATTENDEE;RSVP=TRUE;CN=Carol;PARTS",
            " TAT=DECLINED:MAILTO:carol@example.com",
            "ATTENDEE:mailto:dan@example.com",
            "ATTENDEE;CN=\"Room; 4\";CUTYPE=ROOM;PARTSTAT=X-UNKNOWN:urn:uuid:room-4",
            "URL;VALUE=URI:https://example.com/a?b=1,2;3",
            "END:VEVENT",
        ])
        let event = try XCTUnwrap(events.first)
        XCTAssertEqual(event.organizer, Participant(address: "mailto:anna@example.com", name: "Levi, Anna: the chair"))
        XCTAssertEqual(event.organizer?.email, "anna@example.com")
        XCTAssertEqual(event.attendees, [
            Participant(address: "mailto:anna@example.com", name: "Levi, Anna", reply: "ACCEPTED", role: "CHAIR"),
            Participant(address: "mailto:ben@example.com", name: "Ben \"Benny\" Cohen", reply: "TENTATIVE", role: "OPT-PARTICIPANT"),
            Participant(address: "MAILTO:carol@example.com", name: "Carol", reply: "DECLINED"),
            Participant(address: "mailto:dan@example.com"),
            Participant(address: "urn:uuid:room-4", name: "Room; 4", reply: "X-UNKNOWN"),
        ])
        XCTAssertEqual(event.attendees[2].email, "carol@example.com")
        XCTAssertNil(event.attendees[4].email)
        XCTAssertEqual(event.url, "https://example.com/a?b=1,2;3")
    }

    func testAnEventWithoutThemHasNone() throws {
        let event = try XCTUnwrap(Self.events(["BEGIN:VEVENT", "UID:b@test", "DTSTAMP:20240101T000000Z", "DTSTART:20240305", "END:VEVENT"]).first)
        XCTAssertNil(event.organizer)
        XCTAssertEqual(event.attendees, [])
        XCTAssertNil(event.url)
    }

    func testAReminderHasItsLocationAndCategories() throws {
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "BEGIN:VTODO", "UID:t@test", "DTSTAMP:20240101T000000Z",
                    "SUMMARY:Buy paint", "LOCATION:Shop\\, Main Street", "CATEGORIES:Home,Paint\\, white", "CATEGORIES:Errands",
                    "END:VTODO", "END:VCALENDAR", ""].joined(separator: "\r\n")
        let reminder = try XCTUnwrap(CalendarFileReader(mode: .strict).read(bytes: Array(text.utf8), source: "t.ics").calendar.reminders.first)
        XCTAssertEqual(reminder.location, "Shop, Main Street")
        XCTAssertEqual(reminder.categories, ["Home", "Paint, white", "Errands"])
    }
}
