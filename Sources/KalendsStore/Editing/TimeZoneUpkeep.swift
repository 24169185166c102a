import Kalends
import KalendsICalendar

/// The VTIMEZONEs of an edited file kept right (RFC 5545 section 3.6.5:
/// every TZID used MUST have its VTIMEZONE in the calendar): one is added
/// for each TZID the components an edit wrote use that their calendar lacks
/// (the VTIMEZONE the file read had for it, else one written from the
/// system's zone of that name), and one is removed when the edit took away
/// the last use of its TZID. A VTIMEZONE no component used before the edit
/// is left as it was, and a TZID only untouched components use gets none:
/// the edit changes no byte it did not mean to.
enum TimeZoneUpkeep {
    /// The span a VTIMEZONE lists the changes of, for a zone whose rule it cannot say: 1970 to 2100.
    static let historyStart = Instant(seconds: 0), historyEnd = Instant(seconds: 4_102_444_800)

    /// The VTIMEZONE written for a system zone whose earliest use in the
    /// calendar is the wall time `earliest` (seconds since 1970-01-01T00:00):
    /// its yearly rule, when that is the zone from a year before that use (or
    /// before `now`, if later) to twenty years after `now` (compact, what
    /// calendar programs write, and right for every time the calendar uses);
    /// else every change of 1970-2100 listed: an event before the rule began
    /// (New York in 2005), a rule no RRULE says (Egypt's "last Thursday at
    /// 24:00"), a table of future changes the rule does not make (Morocco's
    /// and Palestine's around Ramadan).
    static func vtimezone(for zone: ZoneRules, earliest: Int, now: Instant = .now) -> ICalendarComponent? {
        let from = Instant(seconds: Swift.min(earliest, now.seconds).clampedSum(-366 * 86_400))
        let to = Instant(seconds: now.seconds.clampedSum(20 * 366 * 86_400))
        // The same offset at the start and the same changes after it (offsets that change without a transition do not differ).
        if let rule = VTimeZoneWriter.current(zone), let read = try? ZoneRules(vtimezone: rule, source: zone.identifier),
           read.offset(at: from) == zone.offset(at: from),
           read.transitions(from: from, to: to).filter({ $0.offsetBefore != $0.offsetAfter })
            == zone.transitions(from: from, to: to).filter({ $0.offsetBefore != $0.offsetAfter }) {
            return rule
        }
        return VTimeZoneWriter.history(zone, from: historyStart, to: historyEnd)
    }

    /// The earliest wall time (seconds since 1970-01-01T00:00) of a property
    /// with the TZID `tzid` in the components of `calendar` (DTSTART, DTEND,
    /// RECURRENCE-ID, RDATE, EXDATE, DUE...), nil when none reads as one.
    static func earliestUse(of tzid: String, in calendar: ICalendarComponent) -> Int? {
        var earliest: Int?
        func visit(_ component: ICalendarComponent) {
            for property in component.properties where property.parameter("TZID") == tzid {
                for item in property.value.split(separator: ",") {
                    guard case .floating(let local)? = try? ICalendarValue.DateTime.read(item.prefix(15), property: property.name) else { continue }
                    earliest = Swift.min(earliest ?? Int.max, local.wallSeconds.seconds)
                }
            }
            for child in component.components where child.name != "VTIMEZONE" { visit(child) }
        }
        for child in calendar.components where child.name != "VTIMEZONE" { visit(child) }
        return earliest
    }

    /// The TZIDs the components of `calendar` use (its VTIMEZONEs aside).
    static func used(in calendar: ICalendarComponent) -> Set<String> {
        var used: Set<String> = []
        func visit(_ component: ICalendarComponent) {
            for property in component.properties {
                if let tzid = property.parameter("TZID") { used.insert(tzid) }
            }
            for child in component.components where child.name != "VTIMEZONE" { visit(child) }
        }
        for child in calendar.components where child.name != "VTIMEZONE" { visit(child) }
        return used
    }

    /// The VTIMEZONEs of `calendar`, by TZID, with their bytes in `bytes`.
    static func defined(in calendar: ICalendarComponent, bytes: [UInt8]) -> [String: (range: Range<Int>, text: [UInt8])] {
        var found: [String: (range: Range<Int>, text: [UInt8])] = [:]
        for child in calendar.components where child.name == "VTIMEZONE" {
            guard let tzid = child.first("TZID")?.text, found[tzid] == nil else { continue }
            found[tzid] = (child.byteRange, Array(bytes[child.byteRange]))
        }
        return found
    }

    /// The TZIDs used in `components` (the texts of components an edit wrote).
    static func used(inComponents components: [UInt8]) -> Set<String> {
        let wrapped = Array("BEGIN:VCALENDAR\r\n".utf8) + components + Array("\r\nEND:VCALENDAR\r\n".utf8)
        guard let document = try? ICalendarReader(source: "", mode: .lenient).read(wrapped) else { return [] }
        return document.calendars.reduce(into: Set<String>()) { $0.formUnion(used(in: $1)) }
    }

    /// `bytes` (an edit's result) with their VTIMEZONEs kept right: `written`
    /// the TZIDs the components the edit wrote use, `usedBefore` those the
    /// file's components used before it, `known` the VTIMEZONEs it had (by
    /// TZID, as written), copied where one is needed.
    /// - Throws: `CalendarEditError.wouldNotReadBack` when the result does not read.
    static func kept(_ bytes: [UInt8], path: String, written: Set<String>, usedBefore: Set<String>, known: [String: [UInt8]],
                     writer: ICalendarWriter) throws(CalendarEditError) -> [UInt8] {
        let document: ICalendarDocument
        do {
            // Zones unknown to the system are checked once the missing VTIMEZONEs are in.
            document = try ICalendarReader(source: path, mode: .lenient).read(bytes)
        } catch {
            throw .wouldNotReadBack(error)
        }
        var patches: [Patch] = []
        for calendar in document.calendars where calendar.name == "VCALENDAR" {
            let used = used(in: calendar)
            let defined = defined(in: calendar, bytes: bytes)
            var added: [UInt8] = []
            for tzid in used.intersection(written).sorted() where defined[tzid] == nil {
                if let text = known[tzid] {
                    added += text
                } else if let zone = ICalendarZones().zone(for: tzid), zone.identifier == tzid,
                          let component = vtimezone(for: zone, earliest: earliestUse(of: tzid, in: calendar) ?? Instant.now.seconds) {
                    added += writer.component(component)
                }
            }
            if !added.isEmpty {
                // Before the calendar's first component, so that every use comes after its definition.
                let at = calendar.components.first?.byteRange.lowerBound ?? endOfProperties(calendar, bytes: bytes)
                patches.append(.insert(added, at: at))
            }
            for (tzid, definition) in defined where usedBefore.contains(tzid) && !used.contains(tzid) {
                patches.append(.remove(definition.range))
            }
        }
        return patches.isEmpty ? bytes : Patch.apply(patches, to: bytes)
    }

    /// Where a calendar without components ends its properties: before its END line.
    static func endOfProperties(_ calendar: ICalendarComponent, bytes: [UInt8]) -> Int {
        var index = calendar.byteRange.upperBound
        // Back over the END:VCALENDAR line (and its line end) to its start.
        while index > calendar.byteRange.lowerBound && (bytes[index - 1] == 10 || bytes[index - 1] == 13) { index -= 1 }
        while index > calendar.byteRange.lowerBound && bytes[index - 1] != 10 { index -= 1 }
        return index
    }
}

/// Whether two definitions of one TZID give the same offsets where it matters.
enum ZoneAgreement {
    /// The first instant, at each noon UTC from `from`'s day for twenty
    /// years (and at each offset change of either), at which `a` and `b`
    /// give different offsets; nil when they agree throughout.
    static func firstDifference(_ a: ZoneRules, _ b: ZoneRules, from: Instant, years: Int = 20) -> Instant? {
        let start = from.seconds - ((from.seconds % 86_400) + 86_400) % 86_400 + 43_200
        let days = years.clampedProduct(366)
        for day in 0...days {
            let at = Instant(seconds: start.clampedSum(day.clampedProduct(86_400)))
            if a.offset(at: at) != b.offset(at: at) { return at }
            // A change inside the day (at 02:00, at 01:00 UTC) differs at noon only when it lasts:
            // a few hours either side of each noon catch the rest.
            for hours in [-12, -6, 6] {
                let near = Instant(seconds: at.seconds.clampedSum(hours * 3_600))
                if a.offset(at: near) != b.offset(at: near) { return near }
            }
        }
        return nil
    }
}
