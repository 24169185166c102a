import Kalends
import KalendsCheck
import KalendsICalendar
import KalendsLayout
import KalendsStore
import KalendsTimeline
import KalendsViews
import XCTest

/// The views hold exactly the events that touch their days, where the
/// days' real hours put them: generated calendars of timed and all-day
/// events (some over midnight, some over several days) around the DST
/// changes of New York, drawn as days, weeks and months.
final class CalendarViewsProperties: XCTestCase {
    static let zone: ZoneRules = (try? ZoneRules(identifier: "America/New_York")) ?? .utc
    /// 2024-11-01: the week of the fall-back day (3 November, 25 hours) and, 4 months on, spring forward.
    static let base = (try? ISODate(year: 2024, month: 11, day: 1).dayNumber) ?? 0

    /// An event: timed (start minute from the base day's midnight UTC, length in minutes) or all-day (first day, days).
    struct Generated: Sendable {
        var allDay: Bool
        var start: Int
        var length: Int
    }

    static let events: Gen<[Generated]> = Gen.zip(Gen.bool, Gen.int(in: 0...(20 * 1440)), Gen.frequency([(4, Gen.int(in: 0...180)), (1, Gen.int(in: 0...4000))]))
        .map { allDay, start, length in
            allDay ? Generated(allDay: true, start: start / 1440, length: 1 + length % 5) : Generated(allDay: false, start: start, length: length)
        }.array(count: 0...25)

    /// The calendar of `events` as a store.
    static func store(_ events: [Generated]) throws -> CalendarStore {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\n"
        for (index, event) in events.enumerated() {
            text += "BEGIN:VEVENT\r\nUID:e\(index)\r\nDTSTAMP:20240101T000000Z\r\nSUMMARY:Event \(index)\r\n"
            if event.allDay {
                text += "DTSTART;VALUE=DATE:\(ICalendarValue.Date.write(ISODate(dayNumber: base + event.start)))\r\n"
                text += "DTEND;VALUE=DATE:\(ICalendarValue.Date.write(ISODate(dayNumber: base + event.start + event.length)))\r\n"
            } else {
                let start = Instant(seconds: base * 86_400 + event.start * 60)
                text += "DTSTART:\(ICalendarValue.DateTime.write(start))\r\n"
                text += "DTEND:\(ICalendarValue.DateTime.write(Instant(seconds: start.seconds + event.length * 60)))\r\n"
            }
            text += "END:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        let read = try CalendarFileReader(mode: .strict).read(bytes: Array(text.utf8), source: "generated.ics")
        return CalendarStore(calendars: [read.calendar])
    }

    /// The days (of the zone) an event touches.
    static func days(_ event: Generated) -> ClosedRange<Int> {
        if event.allDay { return (base + event.start)...(base + event.start + event.length - 1) }
        let start = Instant(seconds: base * 86_400 + event.start * 60)
        let end = Instant(seconds: start.seconds + Swift.max(0, event.length * 60 - 1))
        return zone.dayNumber(of: start)...zone.dayNumber(of: end)
    }

    func testADayHoldsExactlyItsEventsWhereItsRealHoursPutThem() {
        forAll(Gen.zip(Self.events, Gen.int(in: 0...19)), runs: 200) { events, offset in
            let dayNumber = Self.base + offset
            let view = try CalendarViews.day(try Self.store(events), dayNumber: dayNumber, zone: Self.zone)
            let expected = Set(events.indices.filter { Self.days(events[$0]).contains(dayNumber) }.map { "e\($0)" })
            let shown = view.boxes.map(\.event.id.uid) + view.allDay.map(\.event.id.uid)
            guard Set(shown) == expected, shown.count == expected.count else { throw Failure("day \(offset): \(shown.sorted()) instead of \(expected.sorted())") }
            let length = Double(view.day.axis.length)
            for box in view.boxes {
                // The box starts where the day's clock puts the event's start (or at the top, for one begun before).
                let start = Swift.max(0, Swift.min(length, view.day.elapsed(at: box.event.start)))
                guard abs(box.placement.start - start) < 1, box.continuesBefore == (box.event.start < view.day.start) else {
                    throw Failure("\(box.event.id): starts at \(box.placement.start) s, expected \(start) s")
                }
            }
            // One text row an hour of the day's real length.
            let rows = ViewText(width: 100).day(view).filter { $0.count > 6 && $0.dropFirst(6).hasPrefix("│") }
            guard rows.count == Int(length) / 3600 else { throw Failure("\(rows.count) rows for a day of \(length) s") }
            return true
        }
    }

    func testAWeekHasEachAllDayEventAsOneBarOverItsDays() {
        forAll(Gen.zip(Self.events, Gen.int(in: 0...12), Gen.int(in: 1...9)), runs: 200) { events, offset, count in
            let first = Self.base + offset
            let week = try CalendarViews.week(try Self.store(events), firstDay: first, count: count, zone: Self.zone)
            guard week.days.map(\.day.dayNumber) == Array(first..<(first + count)) else { throw Failure("the days") }
            for (index, event) in events.enumerated() where event.allDay {
                let span = Self.days(event).clamped(to: first...(first + count - 1))
                let bars = week.bars.filter { $0.event.id.uid == "e\(index)" }
                let touches = Self.days(event).overlaps(first...(first + count - 1))
                guard bars.count == (touches ? 1 : 0) else { throw Failure("e\(index): \(bars.count) bars") }
                if let bar = bars.first, bar.firstColumn != span.lowerBound - first || bar.lastColumn != span.upperBound - first {
                    throw Failure("e\(index): columns \(bar.firstColumn)...\(bar.lastColumn), expected \(span)")
                }
            }
            // No two bars of a lane share a column.
            for lane in 0..<week.laneCount {
                let columns = week.bars.filter { $0.lane == lane }.flatMap { Array($0.firstColumn...$0.lastColumn) }
                guard Set(columns).count == columns.count else { throw Failure("lane \(lane) overlaps") }
            }
            return true
        }
    }

    func testAMonthDayListsExactlyTheEventsThatTouchIt() {
        let calendars: [CalendarID] = [.gregorian, .hebrew, .chinese, .islamicUmmAlQura]
        forAll(Gen.zip(Self.events, Gen.element(of: calendars)), runs: 100) { events, id in
            let calendar = try Calendars.system(id)
            let date = try calendar.date(dayNumber: Self.base + 5)
            let month = try CalendarViews.month(try Self.store(events), calendar: calendar, year: date.year, month: date.month,
                                                rules: .iso, also: id == .gregorian ? nil : GregorianCalendar(), zone: Self.zone)
            var seen = 0
            for day in month.weeks.joined().compactMap({ $0 }) {
                seen += 1
                let expected = Set(events.indices.filter { Self.days(events[$0]).contains(day.dayNumber) }.map { "e\($0)" })
                guard Set(day.events.map(\.id.uid)) == expected, day.events.count == expected.count else {
                    throw Failure("\(day.date): \(day.events.map(\.id.uid)) instead of \(expected.sorted())")
                }
                guard day.date.dayNumber == day.dayNumber, day.also?.dayNumber ?? day.dayNumber == day.dayNumber else { throw Failure("numbering") }
            }
            guard seen == month.grid.length else { throw Failure("\(seen) days for a month of \(month.grid.length)") }
            return true
        }
    }

    /// Two occurrences of one series on one day are two boxes, told apart by their RECURRENCE-ID.
    func testTwoOccurrencesOfASeriesOnADayAreTwoBoxes() throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nBEGIN:VEVENT\r\nUID:s\r\nDTSTAMP:20240101T000000Z\r\nSUMMARY:Check\r\n"
            + "DTSTART:20241105T140000Z\r\nDURATION:PT30M\r\nRRULE:FREQ=HOURLY;INTERVAL=3;COUNT=3\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let read = try CalendarFileReader(mode: .strict).read(bytes: Array(text.utf8), source: "s.ics")
        let view = try CalendarViews.day(CalendarStore(calendars: [read.calendar]), dayNumber: Self.base + 4, zone: Self.zone)
        XCTAssertEqual(view.boxes.map(\.event.id.description), ["s/20241105T140000Z", "s/20241105T170000Z", "s/20241105T200000Z"])
        XCTAssertEqual(ViewText(width: 60).day(view).filter { $0.contains("Check") }.count, 3)
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
