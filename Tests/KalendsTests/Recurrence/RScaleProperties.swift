import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// RSCALE and SKIP (RFC 7529): the standard's examples, and the engine
/// against a naive reading on generated rules in every calendar. The naive
/// reading walks every day, converts it with the conversion layer
/// (`date(dayNumber:)`, month codes), groups days into the rule's periods by
/// watching the fields change, and tests each part as a filter; SKIP's moved
/// dates are found through the month-code API (`date(year:monthCode:day:)`).
/// Nothing of the engine's generators or month line is used.
final class RScaleProperties: XCTestCase {
    typealias Frequency = RecurrenceRule.Frequency

    // MARK: The standard's examples

    func testEveryExampleOfRFC7529() throws {
        let vectors = try RFC5545VectorTests.vectors("rfc7529-examples.txt")
        XCTAssertGreaterThanOrEqual(vectors.count, 15)
        for vector in vectors {
            let set = try RecurrenceSet(parsing: vector.lines)
            XCTAssertEqual(set.occurrences().prefix(1_000).map(RFC5545VectorTests.wall), vector.expected, vector.title)
        }
    }

    /// Days SKIP moves out of their period come out in order, once: a
    /// MONTHLY -31st (BACKWARD puts February's on 31 January) and a 31st
    /// beside the 1st (FORWARD puts April's on 1 May, which is May's own 1st).
    func testMovedDatesMergeInOrderWithoutRepeats() throws {
        let set = try RecurrenceSet(parsing: """
            DTSTART;VALUE=DATE:20150101
            RRULE:RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=1,31;SKIP=FORWARD;UNTIL=20150701
            """)
        XCTAssertEqual(set.occurrences().map(RFC5545VectorTests.wall),
                       ["20150101", "20150131", "20150201", "20150301", "20150331", "20150401", "20150501", "20150531",
                        "20150601", "20150701"])
        // A window that starts on 1 March still sees February's 31st moved there (once).
        let window = try set.occurrences(from: .local(LocalDateTime(ISODate(year: 2015, month: 3, day: 1), TimeOfDay(hour: 0))),
                                         to: .local(LocalDateTime(ISODate(year: 2015, month: 4, day: 2), TimeOfDay(hour: 0))))
        XCTAssertEqual(window.map(RFC5545VectorTests.wall), ["20150301", "20150331", "20150401"])
    }

    /// A MONTHLY rule's BYMONTH limits the month before its days expand, so
    /// a date SKIP moves into the next month is kept (libical drops it).
    func testMonthlyBYMONTHLimitsThePeriodBeforeSkip() throws {
        let set = try RecurrenceSet(parsing: """
            DTSTART;VALUE=DATE:20150131
            RRULE:RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTH=1,2;BYMONTHDAY=31;SKIP=FORWARD;COUNT=4
            """)
        XCTAssertEqual(set.occurrences().map(RFC5545VectorTests.wall), ["20150131", "20150301", "20160131", "20160301"])
    }

    func testEmptyRulesInOtherCalendarsSayWhy() throws {
        let start = RecurrenceStart.date(try ISODate(year: 2012, month: 11, day: 18))
        let chinese = try RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=31")])
        XCTAssertEqual(chinese.emptyRules().first?.reason, "no month of the Chinese calendar has 31 days or more (BYMONTHDAY=31)")
        XCTAssertEqual(chinese.occurrences().map(\.description), ["2012-11-18"])
        // 30 Adar I falls on Purim's weekday, never a Monday: found by the walk, bounded by 400 years.
        let hebrew = try RecurrenceSet(start: start, rules: [try RecurrenceRule(parsing: "RSCALE=HEBREW;FREQ=DAILY;BYMONTH=5L;BYMONTHDAY=30;BYDAY=MO")])
        XCTAssertNotNil(hebrew.emptyRules().first)
        XCTAssertEqual(hebrew.occurrences().map(\.description), ["2012-11-18"])
    }

    // MARK: Generated rules

    /// The calendars RSCALE can name (ISO 8601 counts as the Gregorian one).
    static let calendars = CalendarID.allCases.filter { $0 != .iso8601 }

    /// A date-level rule in `calendar`, as RRULE text, with a SKIP.
    static func rules(_ calendar: CalendarID, skip: Bool) -> Gen<String> {
        let facts = BuiltInFacts(calendar)
        let codes = (1...13).flatMap { [MonthCode($0), MonthCode($0, isLeap: true)] }.filter { facts.hasMonthCode($0) }
        let frequency = Gen<Frequency>.frequency([(3, Gen.constant(.yearly)), (3, Gen.constant(.monthly)), (1, Gen.constant(.weekly)),
                                                  (1, Gen.constant(.daily))])
        return Gen.zip(frequency, Gen.int(in: 1...3), Gen.element(of: codes).array(count: 0...2), Gen.int(in: 0...9)).flatMap { frequency, interval, months, shape in
            Gen.zip(Gen.element(of: [1, 2, 15, 28, 29, 30, 31, -1, -2, -29, -30, -31]).array(count: 1...2),
                    Gen.element(of: ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]).array(count: 1...2),
                    Gen.element(of: [1, 2, -1, 5, -5]), Gen.element(of: ["OMIT", "BACKWARD", "FORWARD"])).map { monthDays, weekdays, ordinal, skipValue in
                var parts = ["RSCALE=\(calendar.rawValue.uppercased())", "FREQ=\(frequency)"]
                if interval > 1 { parts.append("INTERVAL=\(interval)") }
                let monthText = months.map { "\($0.number)" + ($0.isLeap ? "L" : "") }
                if !months.isEmpty && !(frequency == .weekly && shape < 5) { parts.append("BYMONTH=" + monthText.joined(separator: ",")) }
                switch (frequency, shape) {
                case (.yearly, 0...3), (.monthly, 0...4), (.daily, 0...3):
                    parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ","))
                case (.yearly, 4...5) where !skip, (.monthly, 5...6) where !skip:
                    parts.append("BYDAY=\(ordinal)\(weekdays[0])")
                case (.yearly, 6) where !skip:
                    parts.append("BYYEARDAY=" + monthDays.map { $0 * 9 }.map(String.init).joined(separator: ","))
                case (.yearly, 7) where !skip:
                    parts.append("BYWEEKNO=\(ordinal * 7)")
                case (.weekly, _), (.daily, 4...6):
                    parts.append("BYDAY=" + weekdays.joined(separator: ","))
                default:
                    break
                }
                if !skip && shape == 9 && parts.contains(where: { $0.hasPrefix("BY") }) { parts.append("BYSETPOS=1,-1") }
                if skip { parts.append("SKIP=\(skipValue)") }
                return parts.joined(separator: ";")
            }
        }
    }

    /// A date DTSTART, 1950 ... 2049.
    static let starts = Gen<Int>.int(in: -7_305...29_220)

    /// The days from DTSTART's period through `years` years of periods.
    static func horizon(_ frequency: Frequency) -> Int {
        switch frequency {
        case .yearly: 40
        case .monthly: 6
        default: 2
        }
    }

    // MARK: The naive reading

    struct Naive {
        let calendar: any CalendarSystem
        let rule: RecurrenceRule
        let start: Int

        /// DTSTART's fields and the rule's parts with DTSTART's defaults.
        var months: [MonthCode]
        var monthDays: [Int]
        var byDay: [RecurrenceRule.Day]

        init(_ rule: RecurrenceRule, start: Int) throws {
            self.rule = rule
            self.start = start
            calendar = try Calendars.system(rule.rscale ?? .gregorian)
            let fields = try calendar.date(dayNumber: start)
            months = rule.byMonth
            monthDays = rule.byMonthDay
            byDay = rule.byDay
            switch rule.frequency {
            case .yearly where rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && monthDays.isEmpty && byDay.isEmpty:
                monthDays = [fields.day]
                if months.isEmpty { months = [fields.monthCode] }
            case .monthly where monthDays.isEmpty && byDay.isEmpty:
                monthDays = [fields.day]
            case .weekly where byDay.isEmpty:
                byDay = [RecurrenceRule.Day(Weekday(rawValue: DayNumber.isoWeekday(start)) ?? .monday)]
            default:
                break
            }
        }

        func weekStart(_ day: Int) -> Int { day - (DayNumber.isoWeekday(day) - rule.weekStart.rawValue).floorModulo(7) }

        func yearLength(_ year: Int) throws -> Int { try calendar.firstDay(ofYear: year + 1) - calendar.firstDay(ofYear: year) }

        /// Whether `day` (whose fields are `date`) has every part, read literally.
        func matches(_ day: Int, _ date: CalendarDate) throws -> Bool {
            if !months.isEmpty && !months.contains(date.monthCode) { return false }
            let length = try calendar.checkedDaysInMonth(year: date.year, month: date.month)
            if !monthDays.isEmpty && !monthDays.contains(date.day) && !monthDays.contains(date.day - length - 1) { return false }
            let yearStart = try calendar.firstDay(ofYear: date.year), yearDays = try yearLength(date.year)
            let dayOfYear = day - yearStart + 1
            if !rule.byYearDay.isEmpty && !rule.byYearDay.contains(dayOfYear) && !rule.byYearDay.contains(dayOfYear - yearDays - 1) {
                return false
            }
            if !rule.byWeekNo.isEmpty {
                // Week 1 holds the year's fourth day; the week year is the one whose week 1 starts last on or before the day.
                func week1(_ year: Int) throws -> Int { weekStart(try calendar.firstDay(ofYear: year) + 3) }
                var weekYear = date.year
                if try day >= week1(date.year + 1) { weekYear += 1 } else if try day < week1(date.year) { weekYear -= 1 }
                let first = try week1(weekYear), weeks = (try week1(weekYear + 1) - first) / 7
                let number = (day - first) / 7 + 1
                if !rule.byWeekNo.contains(number) && !rule.byWeekNo.contains(number - weeks - 1) { return false }
            }
            if !byDay.isEmpty {
                let weekday = DayNumber.isoWeekday(day)
                let inMonth = rule.frequency == .monthly || (rule.frequency == .yearly && !months.isEmpty)
                let position = inMonth ? date.day : dayOfYear, span = inMonth ? length : yearDays
                let fromStart = (position - 1) / 7 + 1, fromEnd = -((span - position) / 7 + 1)
                guard byDay.contains(where: { $0.weekday.rawValue == weekday && ($0.ordinal == nil || $0.ordinal == fromStart || $0.ordinal == fromEnd) }) else {
                    return false
                }
            }
            return true
        }

        /// The dates SKIP moves in a period (BYMONTHDAY rules only): each
        /// BYMONTHDAY of each month the period names, in the month SKIP gives
        /// a missing leap month, at the day SKIP gives a missing day.
        func moved(year: Int, periodMonth: MonthCode?) throws -> [Int] {
            guard rule.skip != .omit else { return [] }
            var codes: [MonthCode]
            if let periodMonth { codes = [periodMonth] } else { codes = months.isEmpty ? try calendar.monthCodes(inYear: year) : months }
            var days: [Int] = []
            for code in codes {
                var place: (year: Int, code: MonthCode)? = (year, code)
                if try !calendar.monthCodes(inYear: year).contains(code) {
                    switch rule.skip {
                    case .omit: place = nil
                    case .backward: place = (year, MonthCode(code.number))
                    case .forward:
                        let next = MonthCode(code.number + 1)
                        place = try calendar.monthCodes(inYear: year).contains(next) ? (year, next) : (year + 1, try calendar.monthCodes(inYear: year + 1)[0])
                    }
                }
                guard let place else { continue }
                let first = try calendar.date(year: place.year, monthCode: place.code, day: 1).dayNumber
                let length = try calendar.checkedDaysInMonth(year: place.year, month: try calendar.date(dayNumber: first).month)
                for value in monthDays {
                    let day = value > 0 ? value : length + 1 + value
                    if (1...length).contains(day) {
                        days.append(try calendar.date(year: place.year, monthCode: place.code, day: day).dayNumber)
                    } else if rule.skip == .backward {
                        days.append(value > 0 ? first + length - 1 : first - 1)
                    } else {
                        days.append(value > 0 ? first + length : first)
                    }
                }
            }
            return days
        }

        /// DTSTART, then the rule's dates after it, through the periods that start before `end`.
        func expand(through end: Int) throws -> [Int] {
            let first = try calendar.date(dayNumber: start)
            // Walk from the first day of DTSTART's period: BYSETPOS counts the days before DTSTART.
            var day: Int
            switch rule.frequency {
            case .yearly: day = try calendar.firstDay(ofYear: first.year)
            case .monthly: day = start - first.day + 1
            case .weekly: day = weekStart(start)
            default: day = start
            }
            var period = 0, lastYear = first.year
            var found: [Int] = [], current: [Int] = []
            var periodYear = first.year, periodMonth = first.monthCode
            func close() throws {
                if period % rule.interval == 0 {
                    var set = current
                    if rule.skip != .omit && (rule.frequency == .yearly || rule.frequency == .monthly) {
                        set = try moved(year: periodYear, periodMonth: rule.frequency == .monthly ? periodMonth : nil)
                        if rule.frequency == .monthly && !rule.byMonth.isEmpty && !rule.byMonth.contains(periodMonth) { set = [] }
                    }
                    set = Array(Set(set)).sorted()
                    if !rule.bySetPos.isEmpty {
                        set = Array(Set(rule.bySetPos.compactMap { position -> Int? in
                            let index = position > 0 ? position - 1 : set.count + position
                            return set.indices.contains(index) ? set[index] : nil
                        })).sorted()
                    }
                    found += set
                }
                current = []
            }
            var weekAnchor = weekStart(day)
            while true {
                let date = try calendar.date(dayNumber: day)
                // A new period starts when its field changes.
                let newPeriod: Bool
                switch rule.frequency {
                case .yearly: newPeriod = date.year != lastYear
                case .monthly: newPeriod = date.day == 1 && day != start - first.day + 1
                case .weekly: newPeriod = weekStart(day) != weekAnchor
                default: newPeriod = day != start
                }
                if newPeriod {
                    try close()
                    period += 1
                    if day >= end { break }
                    lastYear = date.year
                    weekAnchor = weekStart(day)
                    periodYear = date.year
                    periodMonth = date.monthCode
                }
                if try matches(day, date) { current.append(day) }
                day += 1
            }
            return [start] + Array(Set(found.filter { $0 > start })).sorted()
        }
    }

    static func days(_ set: RecurrenceSet, through end: Int) -> [Int] {
        set.occurrences().prefix { $0.local.dayNumber < end + 40 }.map(\.local.dayNumber)
    }

    /// The engine equals the naive reading on thousands of rules per
    /// calendar without SKIP: every occurrence's fields in the RSCALE
    /// calendar have the rule's parts, and every such date is an occurrence.
    func testEveryCalendarEqualsTheNaiveReading() throws {
        for calendar in Self.calendars {
            try checkAgainstNaive(calendar, skip: false, runs: 60)
        }
    }

    /// With SKIP=BACKWARD or FORWARD (and OMIT), BYMONTHDAY rules in every calendar.
    func testSkipEqualsTheNaiveReading() throws {
        for calendar in Self.calendars {
            try checkAgainstNaive(calendar, skip: true, runs: 60)
        }
    }

    private func checkAgainstNaive(_ calendar: CalendarID, skip: Bool, runs: Int) throws {
        forAll(Self.rules(calendar, skip: skip), Self.starts, runs: runs) { text, start in
            let rule = try RecurrenceRule(parsing: text)
            let naive = try Naive(rule, start: start)
            let end = start + Self.horizon(rule.frequency) * 366
            let expected = try naive.expand(through: end)
            let set = try RecurrenceSet(start: .date(ISODate(dayNumber: start)), rules: [rule])
            let got = Array(set.occurrences().prefix(expected.count + 1).map(\.local.dayNumber).prefix { $0 <= expected.last ?? start })
            guard got == expected else {
                let show = { (days: [Int]) in days.prefix(10).map { ISODate(dayNumber: $0).description } }
                throw TestFailure("\(text) from \(ISODate(dayNumber: start)): got \(show(got)) expected \(show(expected))")
            }
            return true
        }
    }

    /// SKIP=BACKWARD and FORWARD keep every OMIT date, add only dates that
    /// end a month (BACKWARD) or start one (FORWARD), and never repeat one.
    func testSkipAddsOnlyTheNearestValidDates() throws {
        let gen = Gen.zip(Gen.element(of: Self.calendars), Gen.element(of: [29, 30, 31, -29, -30, -31]).array(count: 1...2), Self.starts,
                          Gen.element(of: [RecurrenceRule.Frequency.monthly, .yearly]))
        forAll(gen, runs: 300) { calendar, monthDays, start, frequency in
            let days = monthDays.map(String.init).joined(separator: ",")
            let base = "RSCALE=\(calendar.rawValue.uppercased());FREQ=\(frequency);BYMONTHDAY=\(days);UNTIL=\(RFC5545VectorTests.basic(ISODate(dayNumber: start + 5 * 366)))"
            let system = try Calendars.system(calendar)
            func dates(_ skip: String) throws -> [Int] {
                let set = try RecurrenceSet(start: .date(ISODate(dayNumber: start)), rules: [try RecurrenceRule(parsing: base + ";SKIP=" + skip)])
                return set.occurrences().map(\.local.dayNumber).filter { $0 != start }
            }
            let omit = try dates("OMIT"), backward = try dates("BACKWARD"), forward = try dates("FORWARD")
            for (name, list) in [("BACKWARD", backward), ("FORWARD", forward)] {
                guard list == Array(Set(list)).sorted() else { throw TestFailure("\(base);SKIP=\(name): out of order or repeated") }
                guard Set(omit).isSubset(of: list) else { throw TestFailure("\(base);SKIP=\(name) lost an OMIT date") }
                for day in Set(list).subtracting(omit) {
                    let date = try system.date(dayNumber: day)
                    let length = try system.checkedDaysInMonth(year: date.year, month: date.month)
                    // Moved back: a month's last day (its own, or the one before for a negative value); forward: a first day.
                    guard name == "BACKWARD" ? date.day == length : date.day == 1 else {
                        throw TestFailure("\(base);SKIP=\(name) moved to \(ISODate(dayNumber: day)), not a month's \(name == "BACKWARD" ? "last" : "first") day")
                    }
                }
            }
            return true
        }
    }

    /// RSCALE=GREGORIAN (SKIP=OMIT) gives exactly the plain RFC 5545 rule's occurrences.
    func testGregorianRScaleEqualsThePlainRule() throws {
        forAll(RecurrenceProperties.rules, RecurrenceProperties.starts, runs: 300) { text, start in
            let plain = try RecurrenceSet(start: .floating(start), rules: [try RecurrenceRule(parsing: text)])
            let scaled = try RecurrenceSet(start: .floating(start), rules: [try RecurrenceRule(parsing: "RSCALE=GREGORIAN;" + text)])
            let a = plain.occurrences().prefix(200).map(\.key), b = scaled.occurrences().prefix(200).map(\.key)
            guard a == b else { throw TestFailure("\(text): RSCALE=GREGORIAN differs") }
            return true
        }
    }
}
