import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// The expansion engine against a brute-force reading of RFC 5545 on
/// thousands of generated rules: every day (or hour, minute, second) of a
/// horizon is tested against every part as a filter, grouped into the
/// rule's periods, BYSETPOS applied per period. Nothing of the engine's
/// generators, defaults table or skip-ahead is used by the oracle.
final class RecurrenceProperties: XCTestCase {
    typealias Frequency = RecurrenceRule.Frequency

    // MARK: Generated rules

    static func values(_ range: ClosedRange<Int>, signed: Bool, count: ClosedRange<Int>) -> Gen<[Int]> {
        let value = signed ? Gen<Int>.int(in: range).flatMap { v in Gen<Int>.element(of: [v, -v]) } : Gen<Int>.int(in: range)
        return value.array(count: count)
    }

    static func maybe<T: Sendable>(_ gen: Gen<[T]>, _ allowed: Bool, weight: Int = 1) -> Gen<[T]> {
        allowed ? Gen.frequency([(3, Gen.constant([])), (weight, gen)]) : Gen.constant([])
    }

    /// A rule valid by construction (parts only where the RFC allows them), as RRULE text.
    static let rules: Gen<String> = Gen<Frequency>.element(of: Frequency.allCases).flatMap { frequency in
        let yearly = frequency == .yearly, monthly = frequency == .monthly
        let byWeekNo = maybe(values(1...53, signed: true, count: 1...2), yearly)
        let days = Gen<Int>.int(in: 1...7).array(count: 1...3)
        let ordinals = Gen<Int>.int(in: 1...(monthly ? 5 : 53)).flatMap { n in Gen<Int>.element(of: [n, -n]) }
        return Gen<(Int, [Int], [Int], [Int])>.zip(
            Gen.frequency([(4, Gen.constant(1)), (2, Gen.int(in: 2...3)), (1, Gen.int(in: 4...12))]),
            maybe(values(1...12, signed: false, count: 1...3), true),
            byWeekNo,
            maybe(values(1...366, signed: true, count: 1...3), [.secondly, .minutely, .hourly, .yearly].contains(frequency))
        ).flatMap { interval, byMonth, byWeekNo, byYearDay in
            Gen<([Int], [Int], Int, [Int])>.zip(
                maybe(values(1...31, signed: true, count: 1...3), frequency != .weekly),
                maybe(days, true, weight: 2),
                Gen<Int>.int(in: 0...9),
                ordinals.array(count: 1...2)
            ).flatMap { byMonthDay, byDayWeekdays, ordinalChoice, ordinalValues in
                let ordinalsAllowed = (yearly || monthly) && byWeekNo.isEmpty && ordinalChoice < 4
                let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
                let plainDays = byDayWeekdays.map { weekdayCodes[$0 - 1] }
                let byDay = ordinalsAllowed && !plainDays.isEmpty
                    ? zip(plainDays, ordinalValues + ordinalValues + ordinalValues).map { "\($1)\($0)" } + plainDays.dropFirst(ordinalValues.count)
                    : plainDays
                return Gen<([Int], [Int], [Int], [Int])>.zip(
                    maybe(values(0...23, signed: false, count: 1...3), true),
                    maybe(Gen<Int>.element(of: [0, 15, 20, 30, 45]).array(count: 1...2), true),
                    maybe(Gen<Int>.element(of: [0, 30, 59]).array(count: 1...2), frequency <= .hourly),
                    Gen<Int>.int(in: 1...6).flatMap { n in Gen<Int>.element(of: [n, -n]) }.array(count: 1...2)
                ).flatMap { byHour, byMinute, bySecond, setPositions in
                    Gen<(Int, Int, Int)>.zip(Gen.int(in: 0...9), Gen.int(in: 1...7), Gen.int(in: 0...40)).map { setChoice, weekStart, count in
                        var parts = ["FREQ=\(frequency)"]
                        if interval != 1 { parts.append("INTERVAL=\(interval)") }
                        if count > 0 { parts.append("COUNT=\(count)") }
                        func add(_ name: String, _ values: [String]) { if !values.isEmpty { parts.append(name + "=" + values.joined(separator: ",")) } }
                        add("BYMONTH", byMonth.map(String.init))
                        add("BYWEEKNO", byWeekNo.map(String.init))
                        add("BYYEARDAY", byYearDay.map(String.init))
                        add("BYMONTHDAY", byMonthDay.map(String.init))
                        add("BYDAY", byDay)
                        add("BYHOUR", byHour.map(String.init))
                        add("BYMINUTE", byMinute.map(String.init))
                        add("BYSECOND", bySecond.map(String.init))
                        if setChoice < 2 && parts.count > (count > 0 ? 2 : 1) + (interval != 1 ? 1 : 0) {
                            add("BYSETPOS", setPositions.map(String.init))
                        }
                        if weekStart != 1 { parts.append("WKST=" + weekdayCodes[weekStart - 1]) }
                        return parts.joined(separator: ";")
                    }
                }
            }
        }
    }

    /// A floating DTSTART, 1990 ... 2030, on a quarter hour.
    static let starts: Gen<LocalDateTime> = Gen<(Int, Int, Int)>.zip(
        Gen.int(in: 7_305...21_914), Gen.int(in: 0...23), Gen.element(of: [0, 15, 30, 45])
    ).map { day, hour, minute in LocalDateTime(unchecked: day, (hour * 3600 + minute * 60) * 1_000_000_000) }

    // MARK: The oracle

    /// How far the oracle looks, in seconds, per FREQ.
    static func horizon(_ frequency: Frequency) -> Int {
        switch frequency {
        case .secondly: return 2 * 3600
        case .minutely: return 3 * 86_400
        case .hourly: return 20 * 86_400
        case .daily, .weekly: return 3 * 366 * 86_400
        case .monthly: return 8 * 366 * 86_400
        case .yearly: return 40 * 366 * 86_400
        }
    }

    struct Oracle {
        let rule: RecurrenceRule
        let start: Int
        let gregorian: Calendar

        init(_ rule: RecurrenceRule, start: Int) {
            self.rule = rule
            self.start = start
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
            calendar.firstWeekday = rule.weekStart.foundationNumber
            calendar.minimumDaysInFirstWeek = 4
            gregorian = calendar
        }

        static func monthLength(_ year: Int, _ month: Int) -> Int {
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        }

        /// The period a wall-clock second belongs to, as a number on the FREQ's line.
        func period(_ key: Int) -> Int {
            let day = key.floorDivided(by: 86_400)
            let date = ISODate(dayNumber: day)
            switch rule.frequency {
            case .yearly: return date.year
            case .monthly: return date.year * 12 + date.month - 1
            case .weekly:
                let weekday = Weekday(dayNumber: day).rawValue
                return (day - (weekday - rule.weekStart.rawValue).floorModulo(7)).floorDivided(by: 7)
            case .daily: return day
            case .hourly: return key.floorDivided(by: 3600)
            case .minutely: return key.floorDivided(by: 60)
            case .secondly: return key
            }
        }

        /// Whether the day and time at `key` satisfy every part as a filter, with DTSTART's defaults.
        func matches(_ key: Int) -> Bool {
            let day = key.floorDivided(by: 86_400), second = key - key.floorDivided(by: 86_400) * 86_400
            let date = ISODate(dayNumber: day)
            let startDate = ISODate(dayNumber: start.floorDivided(by: 86_400))
            let startSecond = start - start.floorDivided(by: 86_400) * 86_400
            let frequency = rule.frequency
            let weekday = Weekday(dayNumber: day)
            // Time fields: finer than FREQ takes the list or DTSTART's value; FREQ or coarser only limits.
            let fields = [(second / 3600, startSecond / 3600, rule.byHour, Frequency.hourly),
                          (second / 60 % 60, startSecond / 60 % 60, rule.byMinute, Frequency.minutely),
                          (second % 60, startSecond % 60, rule.bySecond, Frequency.secondly)]
            for (value, startValue, list, unit) in fields {
                if frequency > unit {
                    if !(list.isEmpty ? value == startValue : list.contains(value)) { return false }
                } else if !list.isEmpty && !list.contains(value) {
                    return false
                }
            }
            var byMonth = rule.byMonth.map(\.number), byMonthDay = rule.byMonthDay
            var byDay = rule.byDay
            let noDayParts = rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
            if frequency == .yearly && noDayParts {
                byMonthDay = [startDate.day]
                if byMonth.isEmpty { byMonth = [startDate.month] }
            }
            if frequency == .monthly && rule.byMonthDay.isEmpty && rule.byDay.isEmpty { byMonthDay = [startDate.day] }
            if frequency == .weekly && byDay.isEmpty { byDay = [RecurrenceRule.Day(Weekday(dayNumber: start.floorDivided(by: 86_400)))] }
            if !byMonth.isEmpty && !byMonth.contains(date.month) { return false }
            let length = Self.monthLength(date.year, date.month)
            if !byMonthDay.isEmpty && !byMonthDay.contains(date.day) && !byMonthDay.contains(date.day - length - 1) { return false }
            let yearStart = (try? ISODate(year: date.year, month: 1, day: 1).dayNumber) ?? 0
            let yearLength = ((try? ISODate(year: date.year + 1, month: 1, day: 1).dayNumber) ?? 0) - yearStart
            let dayOfYear = day - yearStart + 1
            if !rule.byYearDay.isEmpty && !rule.byYearDay.contains(dayOfYear) && !rule.byYearDay.contains(dayOfYear - yearLength - 1) { return false }
            if !rule.byWeekNo.isEmpty {
                let moment = Date(timeIntervalSince1970: Double(day * 86_400 + 43_200))
                let week = gregorian.component(.weekOfYear, from: moment)
                let weekYear = gregorian.component(.yearForWeekOfYear, from: moment)
                let weeks = weeksIn(weekYear)
                if !rule.byWeekNo.contains(week) && !rule.byWeekNo.contains(week - weeks - 1) { return false }
            }
            if !byDay.isEmpty {
                let inMonth = frequency == .monthly || (frequency == .yearly && !byMonth.isEmpty)
                let (first, last) = inMonth ? (day - date.day + 1, day - date.day + length) : (yearStart, yearStart + yearLength - 1)
                // Count this weekday from the start and from the end of the month or year, one day at a time.
                guard byDay.contains(where: { $0.weekday == weekday }) else { return false }
                var fromStart = 0, fromEnd = 0
                for other in stride(from: day, through: first, by: -1) where Weekday(dayNumber: other) == weekday { fromStart += 1 }
                for other in stride(from: day, through: last, by: 1) where Weekday(dayNumber: other) == weekday { fromEnd += 1 }
                guard byDay.contains(where: { $0.weekday == weekday && ($0.ordinal == nil || $0.ordinal == fromStart || $0.ordinal == -fromEnd) }) else {
                    return false
                }
            }
            return true
        }

        func weeksIn(_ year: Int) -> Int {
            let components = DateComponents(year: year, month: 12, day: 28, hour: 12)
            guard let date = gregorian.date(from: components) else { return 52 }
            return gregorian.component(.weekOfYear, from: date)
        }

        /// The starts the rule gives in [start, end): DTSTART, then every match after it.
        func expand(until end: Int) -> [Int] {
            var found: [Int] = []
            let step: Int
            switch rule.frequency {
            case .secondly: step = 1
            case .minutely: step = 60
            case .hourly: step = 3600
            default: step = 86_400
            }
            let startPeriod = period(start)
            // Whole periods, so that BYSETPOS sees each period's full set.
            var key = start.floorDivided(by: 86_400) * 86_400 - 400 * 86_400 * (rule.frequency == .yearly ? 1 : 0)
            if rule.frequency == .monthly { key -= 31 * 86_400 }
            if rule.frequency == .weekly { key -= 7 * 86_400 }
            var groups: [(Int, [Int])] = []
            // (past `end` by a whole period: a week's BYSETPOS=-1 can be after `end` while another day of the week is before it)
            while key < end + 400 * 86_400 * (rule.frequency == .yearly ? 1 : 0) + 31 * 86_400 * (rule.frequency == .monthly ? 1 : 0)
                + 7 * 86_400 * (rule.frequency == .weekly ? 1 : 0) {
                let p = period(key)
                if p >= startPeriod && (p - startPeriod) % rule.interval == 0 {
                    var times: [Int] = [0]
                    if step == 86_400 {
                        times = []
                        let hours = rule.byHour.isEmpty ? [start.floorModulo(86_400) / 3600] : rule.byHour
                        let minutes = rule.byMinute.isEmpty ? [start.floorModulo(86_400) / 60 % 60] : rule.byMinute
                        let seconds = rule.bySecond.isEmpty ? [start.floorModulo(60)] : rule.bySecond.filter { $0 < 60 }
                        for h in hours { for m in minutes { for s in seconds { times.append(h * 3600 + m * 60 + s) } } }
                    } else if step == 3600 {
                        times = []
                        let minutes = rule.byMinute.isEmpty ? [start.floorModulo(3600) / 60] : rule.byMinute
                        let seconds = rule.bySecond.isEmpty ? [start.floorModulo(60)] : rule.bySecond.filter { $0 < 60 }
                        for m in minutes { for s in seconds { times.append(m * 60 + s) } }
                    } else if step == 60 {
                        times = rule.bySecond.isEmpty ? [start.floorModulo(60)] : rule.bySecond.filter { $0 < 60 }
                    }
                    for offset in times.sorted() where matches(key + offset) {
                        if groups.last?.0 == p { groups[groups.count - 1].1.append(key + offset) } else { groups.append((p, [key + offset])) }
                    }
                }
                key += step
            }
            for (_, group) in groups {
                var set = Array(Set(group)).sorted()
                if !rule.bySetPos.isEmpty {
                    let n = set.count
                    set = Array(Set(rule.bySetPos.compactMap { pos -> Int? in
                        let index = pos > 0 ? pos - 1 : n + pos
                        return index >= 0 && index < n ? set[index] : nil
                    })).sorted()
                }
                found += set.filter { $0 > start }
            }
            var result = [start] + found.filter { $0 < end }
            if let count = rule.count { result = Array(result.prefix(count)) }
            return result
        }
    }

    // MARK: Properties

    func testExpansionEqualsTheBruteForceReading() throws {
        forAll(Self.rules, Self.starts, runs: 300) { text, start in
            let rule = try RecurrenceRule(parsing: text)
            let set = try RecurrenceSet(start: .floating(start), rules: [rule])
            let startKey = start.wallSeconds.seconds
            let end = startKey + Self.horizon(rule.frequency)
            let expected = Oracle(rule, start: startKey).expand(until: end)
            let got = try set.occurrences(from: .local(start), to: .local(Self.local(end))).prefix(expected.count + 1).map(\.key)
            guard got == expected else {
                // Where they part, with a few on either side.
                let first = (0..<min(got.count, expected.count)).first { got[$0] != expected[$0] } ?? min(got.count, expected.count)
                let window = max(0, first - 2)..<(first + 3)
                throw TestFailure("\(text) from \(start): \(got.count) vs \(expected.count) instances, first difference at \(first): got "
                                  + "\(got[window.clamped(to: 0..<got.count)].map(Self.show)) expected \(expected[window.clamped(to: 0..<expected.count)].map(Self.show))")
            }
            classify(expected.count > 1, "has instances after DTSTART")
            return true
        }
    }

    static func local(_ key: Int) -> LocalDateTime {
        LocalDateTime(unchecked: key.floorDivided(by: 86_400), key.floorModulo(86_400) * 1_000_000_000)
    }

    static func show(_ key: Int) -> String {
        LocalDateTime(unchecked: key.floorDivided(by: 86_400), key.floorModulo(86_400) * 1_000_000_000).description
    }

    /// A window query, which starts at the window's period (and counts COUNT
    /// without walking), equals filtering the walk from DTSTART; so do
    /// `first(after:)` and `last(before:)`.
    func testWindowsEqualTheWalkFromDTSTART() throws {
        let windows = Gen<(Int, Int)>.zip(Gen.int(in: 0...(30 * 366 * 86_400)), Gen.int(in: 1...(200 * 86_400)))
        forAll(Gen.zip(Self.rules, Self.starts, windows), runs: 300) { text, start, window in
            let rule = try RecurrenceRule(parsing: text)
            try assume(rule.frequency >= .hourly, "a minutely or secondly rule (too many periods to walk)")
            let set = try RecurrenceSet(start: .floating(start), rules: [rule])
            let low = start.wallSeconds.seconds + window.0, high = low + window.1
            // From DTSTART itself the stream walks every period: the reference.
            let everything = Array(try set.occurrences(from: .local(start), to: .local(Self.local(high))))
            let walked = everything.filter { $0.key >= low }
            let lowTime = LocalDateTime(unchecked: low.floorDivided(by: 86_400), low.floorModulo(86_400) * 1_000_000_000)
            let highTime = LocalDateTime(unchecked: high.floorDivided(by: 86_400), high.floorModulo(86_400) * 1_000_000_000)
            let windowed = try set.occurrences(in: lowTime..<highTime)
            guard windowed == walked else {
                throw TestFailure("\(text) from \(start) in [\(lowTime), \(highTime)): got \(windowed.prefix(5)) walked \(walked.prefix(5))")
            }
            let after = try set.first(after: .local(lowTime))
            var walkedAfter = everything.first { $0.key > low }
            if walkedAfter == nil {
                var rest = try set.occurrences(from: .local(Self.local(high)), to: .local(Self.local(high + 400 * 366 * 86_400))).makeIterator()
                walkedAfter = rest.next()
            }
            guard after == walkedAfter || (walkedAfter == nil && after == nil) else {
                throw TestFailure("\(text) from \(start): first after \(lowTime) is \(String(describing: after)), walked \(String(describing: walkedAfter))")
            }
            let before = try set.last(before: .local(highTime))
            let walkedBefore = everything.last
            guard before == walkedBefore else {
                throw TestFailure("\(text) from \(start): last before \(highTime) is \(String(describing: before)), walked \(String(describing: walkedBefore))")
            }
            classify(!windowed.isEmpty, "window holds occurrences")
            classify(rule.count != nil, "with COUNT")
            return true
        }
    }

    /// Zoned expansions are sorted, unique, and each instant reads back as
    /// the rule's wall-clock time unless the zone moved it (and then it says so).
    func testZonedOccurrencesAreOrderedAndPlacedByThePolicy() throws {
        let zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia", "America/Sao_Paulo", "Asia/Tehran"]
        forAll(Gen.zip(Self.rules, Self.starts, Gen.element(of: zones), Gen.element(of: LocalTimePolicy.allCases)), runs: 300) { text, start, zoneName, policy in
            let rule = try RecurrenceRule(parsing: text)
            let zone = try ZoneRules(identifier: zoneName)
            let zoned = try RecurrenceSet(start: .zoned(start, zone), rules: [rule], policy: policy)
            // The rule's wall times without COUNT: under .skip a skipped time does not count, so the
            // zoned set can reach instances past the floating set's COUNT.
            let uncounted = text.split(separator: ";").filter { !$0.hasPrefix("COUNT=") }.joined(separator: ";")
            let floating = try RecurrenceSet(start: .floating(start), rules: [try RecurrenceRule(parsing: uncounted)])
            let end = start.wallSeconds.seconds + Self.horizon(rule.frequency) / 4
            let occurrences = Array(try zoned.occurrences(from: .local(start), to: .local(Self.local(end - 2 * 86_400))).prefix(400))
            for (a, b) in zip(occurrences, occurrences.dropFirst()) where !(a.key < b.key) {
                throw TestFailure("\(text) in \(zoneName) (\(policy)): \(a) then \(b)")
            }
            let wallTimes = Set(try floating.occurrences(from: .local(start), to: .local(Self.local(end))).map(\.local))
            for occurrence in occurrences.dropFirst() {
                switch occurrence.adjustment {
                case .none:
                    guard wallTimes.contains(occurrence.local) else { throw TestFailure("\(text) in \(zoneName): \(occurrence) is no instance of the rule") }
                case .gap:
                    guard policy != .skip else { throw TestFailure("\(text) in \(zoneName): \(occurrence) was moved under .skip") }
                case .repeated:
                    guard wallTimes.contains(occurrence.local) else { throw TestFailure("\(text) in \(zoneName): repeated \(occurrence) is no instance") }
                }
            }
            return true
        }
    }

    /// `resolution(of:)` agrees with Foundation: the offsets it names are
    /// exactly those at which the wall time occurs.
    func testZoneResolutionAgreesWithFoundation() throws {
        let zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia", "America/Sao_Paulo", "Asia/Tehran", "Europe/Moscow", "America/St_Johns"]
        let walls = Gen<Int>.int(in: -2_208_988_800...4_102_444_800)
        forAll(Gen.zip(Gen.element(of: zones), walls), runs: 3000) { zoneName, wall in
            let zone = try ZoneRules(identifier: zoneName)
            let foundation = zone.timeZone
            // Every offset the zone has within two days, read from Foundation directly.
            var candidates = Set<Int>()
            for hours in stride(from: -50, through: 50, by: 1) {
                candidates.insert(foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wall + hours * 3600))))
            }
            let valid = candidates.filter { foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wall - $0))) == $0 }.sorted(by: >)
            let local = LocalDateTime(unchecked: wall.floorDivided(by: 86_400), wall.floorModulo(86_400) * 1_000_000_000)
            let ours = zone.possibleOffsets(for: local).map(\.seconds)
            guard ours == valid else { throw TestFailure("\(zoneName) \(local): ours \(ours), Foundation \(valid)") }
            var cursor = LocalTimeCursor(zone: zone)
            if valid.count == 1 {
                guard try cursor.resolve(local) == zone.resolve(local) else { throw TestFailure("\(zoneName) \(local): cursor differs") }
            }
            return true
        }
    }

    /// A cursor walked over a monotone run of wall times (every 20 minutes
    /// through a year) gives exactly what `resolve` gives.
    func testLocalTimeCursorEqualsResolveOnRuns() throws {
        for name in ["America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Europe/Dublin"] {
            let zone = try ZoneRules(identifier: name)
            var cursor = LocalTimeCursor(zone: zone)
            var wall = 1_293_840_000   // 2011-01-01
            while wall < 1_325_376_000 {
                let local = LocalDateTime(unchecked: wall.floorDivided(by: 86_400), wall.floorModulo(86_400) * 1_000_000_000)
                for disambiguation in [Disambiguation.compatible, .earlier, .later] {
                    XCTAssertEqual(try cursor.resolve(local, disambiguation), try zone.resolve(local, disambiguation), "\(name) \(local)")
                }
                wall += 1200
            }
        }
    }

    /// COUNT gives exactly COUNT starts (DTSTART the first), unless the rule is empty.
    func testCountGivesExactlyCount() throws {
        forAll(Self.rules, Self.starts, runs: 300) { text, start in
            let rule = try RecurrenceRule(parsing: text)
            guard let count = rule.count else { throw Discard("a rule without COUNT") }
            let set = try RecurrenceSet(start: .floating(start), rules: [rule])
            let got = Array(set.occurrences()).count
            let empty = !set.emptyRules().isEmpty
            guard got == count || (empty && got == 1) || got < count && rule.frequency <= .hourly else {
                throw TestFailure("\(text) from \(start): \(got) starts for COUNT=\(count)\(empty ? " (reported empty)" : "")")
            }
            classify(empty, "reported empty")
            return true
        }
    }

    /// A rule reported empty has no instance after DTSTART within the oracle's horizon.
    ///
    /// About one generated rule in five is reported empty and the others are
    /// discarded, so the share allowed is raised; 60 checked cases cost
    /// about what 300 draws did when the others were counted as passes.
    func testRulesReportedEmptyAreEmpty() throws {
        forAll(Self.rules, Self.starts, runs: 60, maxDiscardPercent: 90) { text, start in
            let rule = try RecurrenceRule(parsing: text)
            let set = try RecurrenceSet(start: .floating(start), rules: [rule])
            guard let reason = set.emptyRules().first?.reason else { throw Discard("a rule not reported empty") }
            let startKey = start.wallSeconds.seconds
            let found = Oracle(rule, start: startKey).expand(until: startKey + Self.horizon(rule.frequency))
            guard found.count == 1 else { throw TestFailure("\(text) from \(start) reported empty (\(reason)) but has \(Self.show(found[1]))") }
            label("empty")
            return true
        }
    }

    /// The BYxxx table's N/A cells are exactly the combinations validation refuses.
    func testTableAgreesWithValidation() throws {
        let samples: [ByPart: String] = [.byMonth: "BYMONTH=3", .byWeekNo: "BYWEEKNO=10", .byYearDay: "BYYEARDAY=100",
                                         .byMonthDay: "BYMONTHDAY=5", .byDay: "BYDAY=MO", .byHour: "BYHOUR=5",
                                         .byMinute: "BYMINUTE=5", .bySecond: "BYSECOND=5", .bySetPos: "BYDAY=MO;BYSETPOS=1"]
        for part in ByPart.allCases {
            for frequency in Frequency.allCases {
                let text = "FREQ=\(frequency);" + (samples[part] ?? "")
                let refused = (try? RecurrenceRule(parsing: text)) == nil
                XCTAssertEqual(refused, ByPartTable.action(part, frequency) == .notAllowed, text)
            }
        }
    }
}
