import Kalends
import KalendsCheck
import XCTest
@testable import KalendsICalendar

/// The value codec: for each type, what `write` gives `read` reads back to
/// the same value, the table's check accepts it, and damaged text is a
/// typed error placed inside the value, never a trap.
final class ValueCodecProperties: XCTestCase {
    /// Days of years 0 ... 9999 (what a DATE can write).
    static let date: Gen<ISODate> = Gen<Int>.int(in: -719_528...2_932_896).map { ISODate(dayNumber: $0) }
    static let second: Gen<Int> = Gen<Int>.int(in: 0...86_399)
    static let zone: Gen<ZoneRules> = Gen<String>.element(of: ["America/New_York", "Europe/Berlin", "Asia/Kolkata", "Pacific/Apia", "UTC"])
        .map { (try? ZoneRules(identifier: $0)) ?? .utc }

    /// Every form of time, whole seconds.
    static let time: Gen<ItemTime> = Gen.zip(Gen<Int>.int(in: 0...3), date, second, zone).map { form, date, second, zone in
        // Days and seconds in range: the time always exists (a date otherwise, never reached).
        guard let local = try? LocalDateTime(dayNumber: date.dayNumber, time: TimeOfDay(hour: second / 3_600, minute: second / 60 % 60, second: second % 60)) else {
            return .date(date)
        }
        switch form {
        case 0: return .date(date)
        case 1: return .floating(local)
        case 2: return .zoned(local, zone)
        default: return .utc(Instant(seconds: local.wallSeconds.seconds))
        }
    }

    func testTimesRoundTripThroughTheirProperty() {
        forAll(Self.time) { time in
            let property = ICalendarProperty("DTSTART", time: time)
            let zones = ICalendarZones()
            let read = try property.date(zones: zones).value
            guard read == time else { throw TestFailure("\(time) wrote \(property.parameters.map(\.description)) \(property.value), read \(read)") }
            return ValueCheck.problem(property, table: .iCalendar, strict: true, source: "t") == nil
        }
    }

    func testDateListsAndPeriodsRoundTrip() {
        forAll(Gen.zip(Self.time.array(count: 1...4), Gen<Int>.int(in: 1...1_000_000))) { times, seconds in
            // A list of one form: the first's.
            let first = times[0]
            let same = times.map { time -> RecurrenceDate in
                switch (first, time) {
                case (.date, .date), (.floating, .floating), (.utc, .utc): return RecurrenceDate(time)
                case (.zoned(_, let zone), .zoned(let local, _)): return RecurrenceDate(.zoned(local, zone))
                default: return RecurrenceDate(first)
                }
            }
            let list = ICalendarProperty("EXDATE", dates: same)
            guard try list.dates(zones: ICalendarZones()) == same else { throw TestFailure("\(list)") }
            if first.isDate { return true }
            let periods = same.map { RecurrenceDate($0.value, periodSeconds: seconds) }
            let rdate = ICalendarProperty("RDATE", dates: periods)
            return try rdate.dates(zones: ICalendarZones()) == periods
                && ValueCheck.problem(rdate, table: .iCalendar, strict: true, source: "t") == nil
        }
    }

    func testDurationsOffsetsAndNumbersRoundTrip() {
        let signed = Gen.zip(Gen<Int>.int(in: 0...10_000), Gen<Int>.int(in: 0...86_399 * 3), Gen<Bool>.bool)
        forAll(signed) { days, seconds, negative in
            let property = ICalendarProperty("TRIGGER", days: negative ? -days : days, seconds: negative ? -seconds : seconds)
            let duration = try property.duration()
            let total = duration.date.days * 86_400 + duration.date.weeks * 604_800
                + duration.time.hours * 3_600 + duration.time.minutes * 60 + duration.time.seconds
            return total == (negative ? -1 : 1) * (days * 86_400 + seconds)
                && (duration.date.days + duration.date.weeks * 7) == (negative ? -days : days)
        }
        forAll(Gen<Int>.int(in: -86_399...86_399)) { seconds in
            let property = ICalendarProperty("TZOFFSETTO", offset: UTCOffset(seconds: seconds))
            return try property.utcOffset().seconds == seconds
        }
        forAll(Gen<Int>.int(in: Int(Int32.min)...Int(Int32.max))) { number in
            try ICalendarProperty("SEQUENCE", integer: number).integer() == number
        }
        forAll(ContentLineProperties.text.array(count: 0...4)) { items in
            let property = ICalendarProperty("CATEGORIES", texts: items)
            return items.isEmpty || property.texts == items
        }
        forAll(Gen<UInt8>.element(of: (0...255).map { UInt8($0) }).array(count: 0...40)) { bytes in
            try ICalendarValue.Binary.read(Substring(ICalendarValue.Binary.write(bytes)), property: "ATTACH") == bytes
        }
    }

    /// Damaged values: a typed error whose column lies inside the line, never a trap.
    func testDamagedValuesAreLocatedErrors() {
        let kinds = PropertyKindTable.iCalendar.kinds.values.map(\.name).sorted()
        let junk = Gen<String>.element(of: ["2024", "T", "Z", "-", "+", "P", "W", "1", ",", "/", ":", "9", "é", "x", "."]).array(count: 0...16).map { $0.joined() }
        forAll(Gen.zip(Gen<String>.element(of: kinds), junk, Gen<Int>.int(in: 0...2))) { name, value, valueParameter in
            let parameters = valueParameter == 0 ? [] : [ICalendarParameter(name: "VALUE", values: [valueParameter == 1 ? "DATE" : "PERIOD"])]
            let line = ICalendarProperty(name: name, parameters: parameters, value: value).lineText
            let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n" + line + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            do throws(ICalendarError) {
                _ = try ICalendarReader(source: "t.ics", mode: .strict).read(text)
                return true
            } catch {
                let width = line.unicodeScalars.count + 1
                guard error.line == 3, (1...width).contains(error.column) else {
                    throw TestFailure("\(line): \(error) outside the line")
                }
                return true
            }
        }
    }

    /// The table is coherent: defaults are allowed, what components need is known.
    func testTheTableIsCoherent() {
        let table = PropertyKindTable.iCalendar
        for kind in table.kinds.values {
            XCTAssertEqual(kind.allowedTypes.first, kind.defaultType, kind.name)
            for type in kind.allowedTypes { XCTAssertEqual(table.valueTypes[type.name], type, kind.name) }
        }
        for (component, names) in table.needed {
            for name in names { XCTAssertNotNil(table.kind(name), "\(component) needs \(name), which the table does not define") }
        }
        XCTAssertEqual(table.valueTypes.count, 14)
    }
}

extension ICalendarProperty {
    /// The unfolded line as written.
    var lineText: String {
        name + parameters.map { ";" + $0.description }.joined() + ":" + value
    }
}
