import Kalends
import KalendsCheck
import KalendsLayout
import KalendsTimeline
import XCTest

/// `TimelineDay` on the days that are not 24 hours long: every zone's DST
/// days (named zones, the 30-minute shift of Lord Howe, and generated POSIX
/// zones with shifts of 30 minutes to 2 hours at any hour), instants to the
/// engine's numbers and back, the day's length, and the clipping `kalends
/// layout` did before the adapter existed.
final class TimelineAdapterProperties: XCTestCase {
    static let names = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "America/St_Johns", "Asia/Tehran",
                        "Pacific/Chatham", "America/Santiago", "Europe/Berlin", "Pacific/Apia", "UTC"]

    /// A POSIX TZ text of a zone with daylight time: a standard offset
    /// (whole, half or three-quarter hours), a shift of 30, 60 or 120
    /// minutes, and rules at any month, week and weekday, starting at any hour.
    static let posixZones: Gen<String> = Gen<((Int, Int), (Int, Int), (Int, Int, Int, Int), (Int, Int, Int, Int))>.zip(
        Gen<(Int, Int)>.zip(Gen.int(in: -11...13), Gen.element(of: [0, 30, 45])),
        Gen<(Int, Int)>.zip(Gen.element(of: [30, 60, 120]), Gen.int(in: 1...11)),
        Gen<(Int, Int, Int, Int)>.zip(Gen.int(in: 1...12), Gen.int(in: 1...5), Gen.int(in: 0...6), Gen.int(in: 0...23)),
        // Clocks go back at 02:00 or later, so never to the day before (a
        // `DayAxis` has no wall-clock time before the day's midnight).
        Gen<(Int, Int, Int, Int)>.zip(Gen.int(in: 0...0), Gen.int(in: 1...5), Gen.int(in: 0...6), Gen.int(in: 2...23))
    ).map { parts in
        let ((hours, minutes), (shift, gap), (month, week, weekday, hour), (_, endWeek, endWeekday, endHour)) = parts
        let standard = hours * 60 + (hours < 0 ? -minutes : minutes)
        // POSIX offsets are west-positive: UTC+05:30 is `-5:30`.
        func posix(_ offset: Int) -> String {
            let west = -offset
            let text = "\(abs(west) / 60)" + (abs(west) % 60 == 0 ? "" : ":\(abs(west) % 60 < 10 ? "0" : "")\(abs(west) % 60)")
            return (west < 0 ? "-" : "") + text
        }
        let endMonth = (month + gap - 1) % 12 + 1
        return "XST\(posix(standard))XDT\(posix(standard + shift)),M\(month).\(week).\(weekday)/\(hour),M\(endMonth).\(endWeek).\(endWeekday)/\(endHour)"
    }

    /// A zone and one of its days around a clock change (the day of a
    /// transition, or the day before or after), 1970 ... 2060.
    static let dstDays: Gen<(ZoneRules, Int)> = Gen<(Int, String, Int, Int)>.zip(
        Gen.int(in: 0...(names.count * 2 - 1)), posixZones, Gen.int(in: 1970...2060), Gen.int(in: -1...1)
    ).map { pick, posix, year, near in
        let zone = pick < names.count ? (try? ZoneRules(identifier: names[pick])) : (try? ZoneRules(posix: posix))
        guard let zone else { return (ZoneRules.utc, 0) }
        let from = Instant(seconds: (year - 1970) * 31_556_952)
        let changes = zone.transitions(from: from, to: Instant(seconds: from.seconds + 31_556_952))
        guard !changes.isEmpty else { return (zone, zone.dayNumber(of: from) + near) }
        let change = changes[(year + pick) % changes.count]
        return (zone, zone.dayNumber(of: change.instant) + near)
    }

    func testInstantsGoToLayoutMinutesAndBack() {
        forAll(Self.dstDays, Gen.int(in: 0...1_000_000), runs: 4000) { zoneDay, pick in
            let (zone, dayNumber) = zoneDay
            guard let day = try? TimelineDay(dayNumber: dayNumber, zone: zone) else { throw Discard("a day the layout axis cannot draw") }
            // The day's ends, every instant where the clock changes, and one anywhere in the day.
            var instants = [day.start, Instant(seconds: day.end.seconds - 1), Instant(seconds: day.start.seconds + pick % day.length)]
            for change in zone.transitions(from: day.start, to: day.end) {
                instants += [Instant(seconds: change.instant.seconds - 1), change.instant, Instant(seconds: change.instant.seconds + 1)]
            }
            for instant in instants where day.start <= instant && instant < day.end {
                let minute = day.minute(at: instant)
                guard day.instant(atMinute: minute) == instant, day.instant(atElapsed: day.elapsed(at: instant)) == instant else {
                    throw Failure("\(zone.identifier) \(ISODate(dayNumber: dayNumber)): \(instant) -> minute \(minute) -> \(day.instant(atMinute: minute))")
                }
                // The engine's axis reads the zone's wall clock at that minute.
                let wall = try ZonedDateTime(instant: instant, zone: zone).local
                let expected = Double((wall.dayNumber - dayNumber) * 86_400 + wall.nanosecondOfDay / 1_000_000_000)
                guard abs(day.axis.wallClock(atElapsed: minute * 60) - expected) < 1e-6 else {
                    throw Failure("\(zone.identifier) \(ISODate(dayNumber: dayNumber)) \(instant): axis reads \(day.axis.wallClock(atElapsed: minute * 60)), clock \(expected)")
                }
            }
            return true
        }
    }

    func testTheDayLastsUntilTheNextDayStarts() {
        forAll(Self.dstDays, runs: 4000) { zone, dayNumber in
            let day: TimelineDay
            do {
                day = try TimelineDay(dayNumber: dayNumber, zone: zone)
            } catch TimelineError.dayNeverHappened {
                guard try DayClock(day: dayNumber, zone: zone).length == 0 else { throw Failure("\(zone.identifier) \(dayNumber) refused") }
                return true
            } catch TimelineError.axis {
                // A day whose clock goes back to before its midnight
                // (America/St_Johns, 1988-10-30: 00:01 back to 22:01) has no
                // `DayAxis`, which reads wall clocks from midnight on.
                return true
            }
            var next = dayNumber + 1
            while (try? DayClock(day: next, zone: zone))?.length == 0 { next += 1 }
            let following = try zone.startOfDay(next)
            guard day.length == following.seconds - day.start.seconds, day.end == following,
                  day.axis.length == Double(day.length), day.start == (try zone.startOfDay(dayNumber)) else {
                throw Failure("\(zone.identifier) \(ISODate(dayNumber: dayNumber)): \(day.length) s from \(day.start), next day at \(following)")
            }
            return true
        }
    }

    /// Events anywhere around the day, through the adapter and through what
    /// `kalends layout` computed itself before: the same layout, the same
    /// instants written, and each kept event clipped to the day.
    func testEventsAreClippedAsTheCommandClippedThem() {
        let event = Gen<(Int, Int, Int)>.zip(Gen.int(in: -100_000...190_000), Gen.int(in: 0...100_000), Gen.int(in: 0...3))
        forAll(Self.dstDays, event.array(count: 0...30), Gen.element(of: LayoutMode.allCases), runs: 1500) { zoneDay, events, mode in
            let (zone, dayNumber) = zoneDay
            guard let day = try? TimelineDay(dayNumber: dayNumber, zone: zone) else { throw Discard("a day the layout axis cannot draw") }
            let zoned = events.enumerated().map { index, e in
                // Some events of no length; the rest `e.1` seconds long.
                TimelineEvent(id: "e\(index)", start: Instant(seconds: day.start.seconds + e.0),
                           end: Instant(seconds: day.start.seconds + e.0 + (e.2 == 0 ? 0 : e.1)))
            }
            let allDay = events.enumerated().map { index, e in
                TimelineEvent(id: "d\(index)", firstDay: dayNumber + e.0 / 50_000, endDay: dayNumber + e.0 / 50_000 + e.2)
            }
            let layout = try day.layout(zoned + allDay, mode: mode)
            // The command's own arithmetic, from before the adapter.
            let clock = try DayClock(day: dayNumber, zone: zone)
            let reference = try DayLayout(
                events: zoned.map { LayoutInterval(id: $0.id, start: Double($0.start.seconds - clock.start.seconds), end: Double($0.end.seconds - clock.start.seconds)) },
                allDay: allDay.filter { $0.firstDay <= dayNumber && dayNumber < $0.endDay }.map {
                    LayoutAllDaySpan(id: $0.id, firstDay: $0.firstDay - dayNumber, lastDay: $0.endDay - 1 - dayNumber)
                },
                dayLength: Double(clock.length), mode: mode)
            guard layout == reference else { throw Failure("the layouts differ") }
            let byID = Dictionary(uniqueKeysWithValues: zoned.map { ($0.id, $0) })
            for placement in layout.events {
                let start = day.start(of: placement), end = day.end(of: placement)
                guard start.seconds == clock.start.seconds + Int(placement.start.rounded()),
                      end.seconds == clock.start.seconds + Int(placement.end.rounded()) else { throw Failure("\(placement.id): other instants") }
                guard let event = byID[placement.id], start == max(event.start, day.start), end == min(event.end, day.end) else {
                    throw Failure("\(placement.id) placed \(start) ..< \(end), not clipped to the day")
                }
            }
            for id in layout.dropped {
                guard let event = byID[id], event.end <= day.start || event.start >= day.end else {
                    throw Failure("\(id) dropped though it overlaps the day")
                }
            }
            return true
        }
    }

    func testDraggedEventsLandOnTheDayKeepingTheirLength() {
        let drags = Gen<(Int, Int, Int)>.zip(Gen.int(in: 0...90_000), Gen.int(in: 0...7_200), Gen.int(in: -2_000...2_000))
        forAll(Self.dstDays, drags, runs: 2000) { zoneDay, drag in
            let (zone, dayNumber) = zoneDay
            let (offset, length, points) = drag
            guard let day = try? TimelineDay(dayNumber: dayNumber, zone: zone), offset + length <= day.length, offset < day.length else {
                throw Discard("no day, or an event not inside it (one at the day's end is the next day's)")
            }
            let event = TimelineEvent(id: "a", start: Instant(seconds: day.start.seconds + offset), end: Instant(seconds: day.start.seconds + offset + length))
            let layout = try day.layout([event])
            guard let placement = layout.events.first else { throw Failure("an event inside the day was not laid out") }
            let moved = day.dragged(placement, translationY: Double(points), height: 1_200)
            guard moved.end.seconds - moved.start.seconds == length, day.start <= moved.start, moved.end <= day.end,
                  (moved.start.seconds - day.start.seconds) % 900 == 0 || moved.end == day.end else {
                throw Failure("\(zone.identifier) \(ISODate(dayNumber: dayNumber)): \(event) dragged to \(moved)")
            }
            return true
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The times of an event, as the checks read them.
private extension TimelineEvent {
    var start: Instant {
        if case .timed(let start, _) = time { return start }
        return Instant(seconds: 0)
    }
    var end: Instant {
        if case .timed(_, let end) = time { return end }
        return Instant(seconds: 0)
    }
    var firstDay: Int {
        if case .allDay(let first, _) = time { return first }
        return 0
    }
    var endDay: Int {
        if case .allDay(_, let end) = time { return end }
        return 0
    }
}
