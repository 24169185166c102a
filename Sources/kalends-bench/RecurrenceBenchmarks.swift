import Foundation
import Kalends
import KalendsICalendar

/// `kalends-bench recurrence`: Kalends' expansion against Foundation's
/// `Calendar.RecurrenceRule` on the same rules in the same run, and the
/// cost of a one-month window in 2100 for a rule from 1970 against the same
/// rule from 2099 (with and without COUNT).
enum RecurrenceBenchmarks {
    static let area = BenchmarkArea(
        name: "recurrence",
        summary: "RRULE expansion vs Foundation's Calendar.RecurrenceRule; window cost, DTSTART 1970 vs 2099",
        run: run)

    struct Case {
        let operation: String
        let lines: String
        let ours: Int
        let foundationCount: Int
        let foundation: (Calendar, Date) -> Calendar.RecurrenceRule
        let zone: String
    }

    static func run(_ emit: (BenchmarkRow) -> Void) {
        let cases = [
            Case(operation: "daily, floating", lines: "DTSTART:19700101T090000\nRRULE:FREQ=DAILY;COUNT=100000", ours: 100_000, foundationCount: 5_000,
                 foundation: { calendar, _ in Calendar.RecurrenceRule(calendar: calendar, frequency: .daily, end: .afterOccurrences(5_000)) }, zone: "UTC"),
            Case(operation: "daily, America/New_York", lines: "DTSTART;TZID=America/New_York:19700101T090000\nRRULE:FREQ=DAILY;COUNT=100000",
                 ours: 100_000, foundationCount: 5_000,
                 foundation: { calendar, _ in Calendar.RecurrenceRule(calendar: calendar, frequency: .daily, end: .afterOccurrences(5_000)) },
                 zone: "America/New_York"),
            Case(operation: "last weekday of the month (BYDAY=MO..FR;BYSETPOS=-1)",
                 lines: "DTSTART:19700130T090000\nRRULE:FREQ=MONTHLY;COUNT=10000;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", ours: 10_000, foundationCount: 1_000,
                 foundation: { calendar, _ in
                     var rule = Calendar.RecurrenceRule(calendar: calendar, frequency: .monthly, end: .afterOccurrences(1_000))
                     rule.weekdays = [.every(.monday), .every(.tuesday), .every(.wednesday), .every(.thursday), .every(.friday)]
                     rule.setPositions = [-1]
                     return rule
                 }, zone: "UTC"),
            Case(operation: "yearly, last Sunday of March (BYMONTH=3;BYDAY=-1SU)",
                 lines: "DTSTART:19700329T090000\nRRULE:FREQ=YEARLY;COUNT=5000;BYMONTH=3;BYDAY=-1SU", ours: 5_000, foundationCount: 500,
                 foundation: { calendar, _ in
                     var rule = Calendar.RecurrenceRule(calendar: calendar, frequency: .yearly, end: .afterOccurrences(500))
                     rule.months = [3]
                     rule.weekdays = [.nth(-1, .sunday)]
                     return rule
                 }, zone: "UTC"),
        ]
        // KALENDS_BENCH_OURS_ONLY=1: only Kalends (for profiling and instruction counts).
        let oursOnly = ProcessInfo.processInfo.environment["KALENDS_BENCH_OURS_ONLY"] == "1"
        // KALENDS_BENCH_RECURRENCE_CASE=N: only the N-th rule (0-based), for profiling one.
        let only = ProcessInfo.processInfo.environment["KALENDS_BENCH_RECURRENCE_CASE"].flatMap { Int($0) }
        for (index, item) in cases.enumerated() where only == nil || only == index {
            if oursOnly, let set = try? RecurrenceSet(parsing: item.lines) {
                let seconds = Benchmark.medianSeconds { expandOurs(set) }
                emit(BenchmarkRow(area: "recurrence", operation: item.operation, n: item.ours, oursPerSecond: Double(item.ours) / seconds,
                                  reference: nil, referencePerSecond: nil, doublingGrowth: nil))
                continue
            }
            guard let set = try? RecurrenceSet(parsing: item.lines), let zone = TimeZone(identifier: item.zone) else { continue }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let start = calendar.date(from: DateComponents(year: 1970, month: 1, day: 1, hour: 9)) ?? Date(timeIntervalSince1970: 32_400)
            let first = set.occurrences().first(where: { _ in true })?.local
            let foundationStart = first.map { calendar.date(from: DateComponents(year: $0.isoDate.year, month: $0.isoDate.month, day: $0.isoDate.day, hour: 9)) ?? start } ?? start
            let rule = item.foundation(calendar, foundationStart)
            let seconds = Benchmark.interleavedMedianSeconds(minimumRepetitions: 5, minimumSeconds: 1.5, [
                { expandOurs(set) },
                { expandFoundation(rule, foundationStart) },
            ])
            emit(BenchmarkRow(area: "recurrence", operation: item.operation, n: item.ours,
                              oursPerSecond: Double(item.ours) / seconds[0], reference: "foundation",
                              referencePerSecond: Double(item.foundationCount) / seconds[1], doublingGrowth: nil))
        }

        // RSCALE (RFC 7529): Foundation has no equivalent (its rules in other
        // calendars number months its own way, and ignore SKIP), so ours alone.
        let scaled = [
            ("RSCALE=HEBREW yearly 8 Adar I, SKIP=FORWARD", "DTSTART:19700101T090000\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;COUNT=5000;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD", 5_000),
            ("RSCALE=HEBREW monthly on the 30th, SKIP=BACKWARD", "DTSTART:19700101T090000\nRRULE:RSCALE=HEBREW;FREQ=MONTHLY;COUNT=20000;BYMONTHDAY=30;SKIP=BACKWARD", 20_000),
            ("RSCALE=CHINESE yearly New Year (baked years)", "DTSTART:19700206T090000\nRRULE:RSCALE=CHINESE;FREQ=YEARLY;COUNT=130", 130),
            ("RSCALE=ISLAMIC-CIVIL monthly, last day", "DTSTART:19700101T090000\nRRULE:RSCALE=ISLAMIC-CIVIL;FREQ=MONTHLY;COUNT=20000;BYMONTHDAY=-1", 20_000),
        ]
        if only == nil {
            for (operation, lines, n) in scaled {
                guard let set = try? RecurrenceSet(parsing: lines) else { continue }
                let seconds = Benchmark.medianSeconds { expandOurs(set) }
                emit(BenchmarkRow(area: "recurrence", operation: operation, n: n, oursPerSecond: Double(n) / seconds,
                                  reference: nil, referencePerSecond: nil, doublingGrowth: nil))
            }
        }

        // A window in 2100: the same rule from 1970 and from 2099.
        let windows = [
            ("window 2100-03, daily, no COUNT", "RRULE:FREQ=DAILY"),
            ("window 2100-03, daily, COUNT", "RRULE:FREQ=DAILY;COUNT=200000"),
            ("window 2100-03, monthly on the 31st, COUNT", "RRULE:FREQ=MONTHLY;COUNT=100000;BYMONTHDAY=31"),
            ("window 2100-03, weekly MO,FR in March, COUNT", "RRULE:FREQ=WEEKLY;COUNT=100000;BYDAY=MO,FR;BYMONTH=3"),
        ]
        guard only == nil, let low = try? LocalDateTime(ISODate(year: 2100, month: 3, day: 1)),
              let high = try? LocalDateTime(ISODate(year: 2100, month: 4, day: 1)) else { return }
        for (operation, rule) in windows {
            guard let old = try? RecurrenceSet(parsing: "DTSTART;TZID=America/New_York:19700102T090000\n" + rule),
                  let recent = try? RecurrenceSet(parsing: "DTSTART;TZID=America/New_York:20990102T090000\n" + rule) else { continue }
            let repeats = 200
            let seconds = Benchmark.interleavedMedianSeconds(minimumRepetitions: 5, minimumSeconds: 1.0, [
                { windowOurs(old, low, high, repeats) },
                { windowOurs(recent, low, high, repeats) },
            ])
            emit(BenchmarkRow(area: "recurrence", operation: operation + " (ours: DTSTART 1970; reference: DTSTART 2099)", n: repeats,
                              oursPerSecond: Double(repeats) / seconds[0], reference: "dtstart-2099",
                              referencePerSecond: Double(repeats) / seconds[1], doublingGrowth: nil))
        }
    }

    static func expandOurs(_ set: RecurrenceSet) {
        var checksum = 0
        for occurrence in set.occurrences() { checksum &+= occurrence.local.dayNumber }
        blackHole(checksum)
    }

    static func expandFoundation(_ rule: Calendar.RecurrenceRule, _ start: Date) {
        var checksum = 0.0
        for date in rule.recurrences(of: start) { checksum += date.timeIntervalSince1970 }
        blackHole(checksum)
    }

    static func windowOurs(_ set: RecurrenceSet, _ low: LocalDateTime, _ high: LocalDateTime, _ repeats: Int) {
        var checksum = 0
        for _ in 0..<repeats {
            guard let window = try? set.occurrences(from: .local(low), to: .local(high)) else { continue }
            for occurrence in window { checksum &+= occurrence.local.dayNumber }
        }
        blackHole(checksum)
    }
}
