import Kalends
import KalendsCheck
import XCTest
@testable import KalendsICalendar

/// The zones a process keeps for VTIMEZONE definitions (`VTimeZones`): a
/// kept zone is the zone a new reading of the same definition gives, and a
/// definition that differs in any name, parameter or value is never given
/// another's zone.
final class VTimeZoneCacheProperties: XCTestCase {
    static let names = ["America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kolkata", "America/Santiago", "Pacific/Apia",
                        "Europe/Dublin", "Africa/Casablanca", "America/St_Johns", "Asia/Tehran"]
    /// What is changed in a written definition: nothing, an offset, a start, the TZID, a TZNAME, a parameter.
    static let edits: [(String, String)] = [("", ""), ("TZOFFSETTO:+", "TZOFFSETTO:+01"), ("TZOFFSETTO:-0", "TZOFFSETTO:-1"),
                                            ("DTSTART:19", "DTSTART:20"), ("TZID:", "TZID:X"), ("TZNAME:", "TZNAME:Z"),
                                            ("RRULE:FREQ=YEARLY", "RRULE;X-A=1:FREQ=YEARLY")]

    /// `name`'s current rule written as a VTIMEZONE, with `edit` applied to its first match, read as a component.
    static func component(_ name: String, edit: (String, String), history: Bool) throws -> (ICalendarComponent, ZoneRules?)? {
        let zone = try ZoneRules(identifier: name)
        let written = history ? VTimeZoneWriter.history(zone, from: Instant(seconds: 0), to: Instant(seconds: 2_000_000_000))
                              : VTimeZoneWriter.current(zone)
        guard let written else { return nil }
        var text = String(decoding: ICalendarWriter().component(written), as: UTF8.self)
        if !edit.0.isEmpty, let range = text.range(of: edit.0) { text.replaceSubrange(range, with: edit.1) }
        // Read as a file is (the zone kept by the definition's bytes), after a line that moves it.
        let document = try ICalendarReader(source: "z.ics", mode: .lenient).read("BEGIN:VCALENDAR\r\nX-A:\(text.utf8.count)\r\n" + text + "END:VCALENDAR\r\n")
        guard let component = document.calendars.first?.components.first else { return nil }
        return (component, document.zones.timeZones[component.first("TZID")?.text ?? ""])
    }

    func testAKeptZoneIsTheZoneOfANewReading() {
        let cases = Gen.zip(Gen.int(in: 0...(Self.names.count - 1)), Gen.int(in: 0...(Self.edits.count - 1)), Gen.bool)
        forAll(cases.array(count: 1...4), runs: 200) { picks in
            for (name, edit, history) in picks + picks {
                guard let (component, read) = try Self.component(Self.names[name], edit: Self.edits[edit], history: history) else { continue }
                let kept = Result { () throws(ICalendarError) in try VTimeZones.rules(component, source: "a.ics") }
                let anew = Result { () throws(ICalendarError) in try ZoneRules(vtimezone: component, source: "a.ics") }
                switch (kept, anew) {
                case (.success(let a), .success(let b)) where a == b && a.identifier == b.identifier && read == b: continue
                case (.failure(let a), .failure(let b)) where a == b: continue
                default: throw Failure("\(Self.names[name]) \(Self.edits[edit]) history \(history): kept \(kept), anew \(anew)")
                }
            }
            return true
        }
    }

    func testTheKeyTellsEveryDifferenceApart() {
        // Names, parameters and values that a plain joining would run together.
        let a = ICalendarComponent(name: "VTIMEZONE", properties: [ICalendarProperty(name: "TZID", value: "A:B")])
        let b = ICalendarComponent(name: "VTIMEZONE", properties: [ICalendarProperty(name: "TZID", value: "A"), ICalendarProperty(name: "B", value: "")])
        XCTAssertNotEqual(VTimeZones.content(of: a), VTimeZones.content(of: b))
        var moved = a
        moved.line = 40
        XCTAssertEqual(VTimeZones.content(of: a), VTimeZones.content(of: moved), "where it is written does not count")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
