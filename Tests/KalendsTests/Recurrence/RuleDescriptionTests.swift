import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// `RecurrenceRule.naturalDescription`: the exact sentence of rules of
/// every frequency and part (SKIP, RSCALE calendars and their month names
/// among them), and for arbitrary valid rules a sentence that never traps,
/// names the end and tells apart rules that differ in one part.
final class RuleDescriptionTests: XCTestCase {
    /// Rules and their sentences, grouped by what they show.
    static let examples: [(rule: String, sentence: String)] = [
        // Frequencies and intervals.
        ("FREQ=SECONDLY", "every second"),
        ("FREQ=MINUTELY;INTERVAL=15;COUNT=6", "every 15 minutes, 6 times"),
        ("FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z", "every 3 hours, until 1997-09-02T17:00:00Z"),
        ("FREQ=DAILY", "daily"),
        ("FREQ=DAILY;INTERVAL=3", "every 3 days"),
        ("FREQ=WEEKLY", "weekly"),
        ("FREQ=MONTHLY;INTERVAL=2", "every other month"),
        ("FREQ=YEARLY;INTERVAL=2147483647;COUNT=2147483647", "every 2147483647 years, 2147483647 times"),
        // The end.
        ("FREQ=DAILY;COUNT=1", "daily, once"),
        ("FREQ=YEARLY;COUNT=2", "yearly, twice"),
        ("FREQ=DAILY;UNTIL=19971224", "daily, until 1997-12-24"),
        ("FREQ=DAILY;UNTIL=19971224T000000Z", "daily, until 1997-12-24T00:00:00Z"),
        ("FREQ=SECONDLY;BYSECOND=0,30;UNTIL=19970902T090000", "every second at seconds 0 and 30, until 1997-09-02T09:00:00"),
        // BYDAY: weekdays, the weekday and every-day sets, ordinals.
        ("FREQ=WEEKLY;INTERVAL=2;COUNT=10;BYDAY=TU,TH", "every other week on Tuesday and Thursday, 10 times"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekly on weekdays"),
        ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR,SA,SU", "daily on every day"),
        ("FREQ=MONTHLY;BYDAY=2TU", "monthly on the 2nd Tuesday"),
        ("FREQ=MONTHLY;BYDAY=-2FR", "monthly on the 2nd-to-last Friday"),
        ("FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", "every other month on the 1st and last Sunday, 10 times"),
        ("FREQ=MONTHLY;BYDAY=MO,1TU,-1FR", "monthly on every Monday, the 1st Tuesday and the last Friday"),
        ("FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "yearly on the last Sunday of October"),
        ("FREQ=YEARLY;BYMONTH=3;BYDAY=TH", "yearly on every Thursday in March"),
        ("FREQ=YEARLY;BYDAY=20MO", "yearly on the 20th Monday of the year"),
        // BYMONTHDAY, alone, with months, with BYDAY as a condition.
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "monthly on the last day"),
        ("FREQ=MONTHLY;BYMONTHDAY=-2", "monthly on the 2nd-to-last day"),
        ("FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", "monthly on the 2nd and 15th, 10 times"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,-1", "monthly on the 1st and last day"),
        ("FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", "yearly on January 1"),
        ("FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1", "yearly on January 1 and July 1"),
        ("FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1,15", "yearly on the 1st and 15th of January and July"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "yearly on the last day of February"),
        ("FREQ=YEARLY;BYMONTHDAY=1,15", "yearly on the 1st and 15th of every month"),
        ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "monthly on the 13th when it falls on a Friday"),
        ("FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
         "every 4 years on November 2, 3, 4, 5, 6, 7 and 8 when it falls on a Tuesday"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=1,-1;BYDAY=-1MO,2TU",
         "yearly on the 1st and last day of February when it falls on the last Monday or the 2nd Tuesday of the month"),
        // BYMONTH as a limit.
        ("FREQ=MONTHLY;BYMONTH=1,7;BYMONTHDAY=1", "monthly on the 1st in January and July"),
        ("FREQ=DAILY;BYMONTH=1", "daily in January"),
        ("FREQ=YEARLY;BYMONTH=6,7", "yearly in June and July"),
        // BYYEARDAY, BYWEEKNO, WKST.
        ("FREQ=YEARLY;BYYEARDAY=1,-1", "yearly on the 1st and last day of the year"),
        ("FREQ=YEARLY;BYYEARDAY=100", "yearly on day 100 of the year"),
        ("FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", "every 3 years on days 1, 100 and 200 of the year, 10 times"),
        ("FREQ=YEARLY;BYYEARDAY=100;BYMONTH=4;BYMONTHDAY=10;BYDAY=MO",
         "yearly on day 100 of the year when it is the 10th of the month and falls on a Monday, only in April"),
        ("FREQ=HOURLY;BYYEARDAY=-2", "hourly on the 2nd-to-last day of the year"),
        ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "yearly on Monday in week 20"),
        ("FREQ=YEARLY;BYWEEKNO=-1", "yearly on every day of the last week of the year"),
        ("FREQ=YEARLY;BYWEEKNO=1,20,-1;WKST=SU", "yearly on every day of weeks 1 and 20 and the last week of the year, weeks starting on Sunday"),
        ("FREQ=YEARLY;BYWEEKNO=20;BYMONTH=5", "yearly on every day of week 20, only in May"),
        ("FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=TU,SU", "every other week on Tuesday and Sunday, weeks starting on Sunday"),
        ("FREQ=WEEKLY;WKST=SU;BYDAY=TU,SU", "weekly on Tuesday and Sunday"),
        // BYSETPOS, with the days or as a pick among them.
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "monthly on the last weekday"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", "monthly on the 2nd-to-last weekday"),
        ("FREQ=YEARLY;BYMONTH=1;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1", "yearly on the 1st and last weekday of January"),
        ("FREQ=YEARLY;BYDAY=SU;BYSETPOS=-1", "yearly on the last Sunday of the year"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYSETPOS=1", "monthly on the 1st day"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;WKST=SU", "weekly on the last weekday, weeks starting on Sunday"),
        ("FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", "monthly on every Tuesday, Wednesday and Thursday, the 3rd of them in each month, 3 times"),
        ("FREQ=DAILY;BYHOUR=9,17;BYSETPOS=-1", "daily at hours 9 and 17, the last of them in each day"),
        // Times.
        ("FREQ=DAILY;BYHOUR=9;BYMINUTE=0", "daily at 09:00"),
        ("FREQ=DAILY;BYHOUR=9,17;BYMINUTE=0,30", "daily at 09:00, 09:30, 17:00 and 17:30"),
        ("FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40", "daily at hours 9, 10, 11, 12, 13, 14, 15 and 16, minutes 0, 20 and 40"),
        ("FREQ=MINUTELY;BYHOUR=9;BYMINUTE=0,15,30,45;BYSECOND=0", "every minute at 09:00:00, 09:15:00, 09:30:00 and 09:45:00"),
        ("FREQ=HOURLY;BYMINUTE=0,30;BYDAY=SA,SU", "hourly on Saturday and Sunday at minutes 0 and 30"),
        ("FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1;BYHOUR=0;BYMINUTE=0;BYSECOND=0", "yearly on January 1 at 00:00:00"),
        // SKIP in the Gregorian calendar: only where a date can be missing.
        ("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD", "monthly on the 31st, or the last day when the month is shorter"),
        ("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=FORWARD", "monthly on the 31st, or the 1st of the next month when the month is shorter"),
        ("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=-31;SKIP=FORWARD", "monthly on the 31st-to-last day, or the 1st when the month is shorter"),
        ("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=30,-30;SKIP=BACKWARD",
         "monthly on the 30th and 30th-to-last day, or the last day when the month is shorter (for the 30th), or the last day of the month before (for the 30th-to-last day)"),
        ("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=15;SKIP=BACKWARD", "monthly on the 15th"),
        ("RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD", "monthly, or on the last day when a month is too short for the start's day"),
        ("RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;SKIP=FORWARD",
         "yearly on February 29, or the 1st of the next month when the month is shorter"),
        ("RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=366;SKIP=BACKWARD", "yearly on day 366 of the year, or the last day when the year is shorter"),
        ("RSCALE=GREGORIAN;FREQ=DAILY;BYMONTHDAY=31;SKIP=BACKWARD", "daily on the 31st"),
        // RSCALE: Hebrew, Chinese, Dangi and others, with their month names and leap months.
        ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD", "every Hebrew year on 8 Adar I, moving to 8 Adar in common years"),
        ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=BACKWARD", "every Hebrew year on 8 Adar I, moving to 8 Shevat in common years"),
        ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8", "every Hebrew year on 8 Adar I"),
        ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=14", "every Hebrew year on 14 Adar (Adar II in leap years)"),
        ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L,7;BYMONTHDAY=8;SKIP=BACKWARD", "every Hebrew year on 8 Adar I and 8 Nisan, with Adar I moving to Shevat in common years"),
        ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYDAY=1SA;SKIP=FORWARD",
         "every Hebrew year on the 1st Saturday of Adar I, moving to the 1st Saturday of Adar in common years"),
        ("RSCALE=HEBREW;FREQ=YEARLY;SKIP=BACKWARD",
         "every Hebrew year, or on the last day when a month is too short for the start's day, or the same day of the month before when the year lacks the start's leap month"),
        ("RSCALE=HEBREW;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=FORWARD", "every Hebrew month on the 30th, or the 1st of the next month when the month is shorter"),
        ("RSCALE=HEBREW;FREQ=DAILY;BYMONTH=7", "daily in Nisan, in the Hebrew calendar"),
        ("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15", "every Chinese year on the 15th day of the 8th month"),
        ("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=4L;BYMONTHDAY=15;SKIP=FORWARD",
         "every Chinese year on the 15th day of the leap 4th month, moving to the 15th day of the 5th month in years without it"),
        ("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=4,4L;BYMONTHDAY=1,15;SKIP=BACKWARD",
         "every Chinese year on the 1st and 15th day of the 4th and leap 4th month, with the leap 4th month moving to the 4th month in years without it"),
        ("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=12L;BYMONTHDAY=1;SKIP=FORWARD",
         "every Chinese year on the 1st day of the leap 12th month, moving to the 1st day of the 1st month of the next year in years without it"),
        ("RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=1", "every Chinese month on the 1st day"),
        ("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", "every Dangi (Korean) year on the 1st day of the 1st month"),
        ("RSCALE=PERSIAN;FREQ=MONTHLY", "every Persian (Solar Hijri) month"),
        ("RSCALE=PERSIAN;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", "every Persian (Solar Hijri) year on 1 Farvardin"),
        ("RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1", "every Islamic civil (tabular, Friday epoch) year on 1 Ramadan"),
        ("RSCALE=ISLAMIC-UMALQURA;FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=10,11,12", "every Islamic Umm al-Qura year on 10, 11 and 12 Dhuʻl-Hijjah"),
        ("RSCALE=COPTIC;FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=6;SKIP=BACKWARD", "every Coptic year on 6 Nasie, or the last day when the month is shorter"),
        ("RSCALE=ETHIOPIC;FREQ=MONTHLY;INTERVAL=3", "every 3 Ethiopic (Amete Mihret) months"),
        ("RSCALE=JULIAN;FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25", "every Julian (proleptic) year on December 25"),
        ("RSCALE=INDIAN;FREQ=WEEKLY;BYDAY=MO", "weekly on Monday, in the Indian national (Saka) calendar"),
    ]

    func testTheExamplesReadAsShown() throws {
        XCTAssertGreaterThanOrEqual(Self.examples.count, 40)
        for (text, sentence) in Self.examples {
            let rule = try RecurrenceRule(parsing: text)
            XCTAssertEqual(rule.naturalDescription, sentence, text)
        }
    }

    /// The sentence does not replace the RRULE text, and a built rule reads like a parsed one.
    func testDescriptionStaysTheRuleText() throws {
        let rule = try RecurrenceRule(frequency: .weekly, interval: 2, end: .count(10), byDay: [.init(.tuesday), .init(.thursday)])
        XCTAssertEqual(rule.description, "FREQ=WEEKLY;COUNT=10;INTERVAL=2;BYDAY=TU,TH")
        XCTAssertEqual(rule.naturalDescription, "every other week on Tuesday and Thursday, 10 times")
        let far = try RecurrenceRule(frequency: .daily, end: .until(.utc(Instant(seconds: .max))))
        XCTAssertTrue(far.naturalDescription.hasPrefix("daily, until "), far.naturalDescription)
    }

    /// The table of Docs/Recurrence.md's "Describing rules in English" says what the library says.
    func testTheGuideTableReadsAsShown() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("Docs/Recurrence.md"), encoding: .utf8)
        guard let section = guide.components(separatedBy: "## Describing rules in English").last else { return XCTFail("no section") }
        var rows = 0
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 2 else { continue }
            let rule = try RecurrenceRule(parsing: String(cells[0].dropFirst().dropLast()))
            XCTAssertEqual(rule.naturalDescription, cells[1], cells[0])
            rows += 1
        }
        XCTAssertGreaterThanOrEqual(rows, 5)
    }

    // MARK: Properties

    static let rules = RecurrenceRuleTextTests.rules

    /// Any valid rule: a sentence in the house style that names COUNT or UNTIL.
    func testEveryRuleHasASentenceThatNamesItsEnd() {
        forAll(Self.rules) { rule in
            let sentence = rule.naturalDescription
            guard let first = sentence.first, first.isLowercase, !sentence.hasSuffix("."), !sentence.contains("  "),
                  !sentence.contains(" ,"), !sentence.contains(",,") else { return false }
            switch rule.end {
            case .never: return !sentence.contains(" times") && !sentence.contains(", until ")
            case .count(let count):
                let times = count == 1 ? "once" : count == 2 ? "twice" : "\(count) times"
                return sentence.hasSuffix(", " + times)
            case .until(.date(let date)): return sentence.hasSuffix(", until \(date)")
            case .until(.local(let local)): return sentence.hasSuffix(", until \(local)")
            case .until(.utc(let instant)): return sentence.hasSuffix(", until \(instant)")
            }
        }
    }

    /// One part changed (when the rule stays valid and changes) changes the sentence.
    func testRulesDifferingInOnePartReadDifferently() {
        let mutation = Gen.int(in: 0...(Self.mutations.count - 1))
        forAll(Self.rules, mutation) { rule, index in
            guard let other = Self.mutations[index].1(rule), other != rule else {
                throw Discard("the mutation leaves the rule invalid or unchanged")
            }
            let (a, b) = (rule.naturalDescription, other.naturalDescription)
            if a == b { print("same sentence for \(rule) and \(other) (\(Self.mutations[index].0)): \(a)") }
            return a != b
        }
    }

    /// Changes of one part each; nil where the change makes no valid rule.
    static let mutations: [(String, @Sendable (RecurrenceRule) -> RecurrenceRule?)] = [
        ("FREQ", { rule in
            let next = RecurrenceRule.Frequency(rawValue: (rule.frequency.rawValue + 1) % 7) ?? .daily
            return rebuilt(rule, frequency: next)
        }),
        ("INTERVAL", { rule in
            rule.interval < RecurrenceRule.maximumInterval ? rebuilt(rule, interval: rule.interval + 1) : rebuilt(rule, interval: 1)
        }),
        ("COUNT", { rule in
            switch rule.end {
            case .count(let count): return rebuilt(rule, end: .count(count == 1 ? 2 : count - 1))
            default: return rebuilt(rule, end: .count(3))
            }
        }),
        ("BYHOUR", { rule in
            guard let hour = (0...23).first(where: { !rule.byHour.contains($0) }) else { return nil }
            return rebuilt(rule, byHour: rule.byHour + [hour])
        }),
        ("BYMINUTE", { rule in
            guard let minute = (0...59).first(where: { !rule.byMinute.contains($0) }) else { return nil }
            return rebuilt(rule, byMinute: Array(rule.byMinute.dropFirst()) + [minute])
        }),
        ("BYMONTHDAY", { rule in
            guard let day = (1...31).first(where: { !rule.byMonthDay.contains($0) }) else { return nil }
            return rebuilt(rule, byMonthDay: Array(rule.byMonthDay.dropFirst()) + [day])
        }),
        ("BYDAY", { rule in
            guard let first = rule.byDay.first else { return rebuilt(rule, byDay: [.init(.wednesday)]) }
            let weekday = Weekday(rawValue: first.weekday.rawValue % 7 + 1) ?? .monday
            let changed = first.ordinal.map { RecurrenceRule.Day(unchecked: $0, weekday) } ?? RecurrenceRule.Day(weekday)
            return rebuilt(rule, byDay: [changed] + rule.byDay.dropFirst())
        }),
        ("BYYEARDAY", { rule in
            guard let day = (1...366).first(where: { !rule.byYearDay.contains($0) }) else { return nil }
            return rebuilt(rule, byYearDay: Array(rule.byYearDay.dropFirst()) + [day])
        }),
        ("BYWEEKNO", { rule in
            guard let week = (1...53).first(where: { !rule.byWeekNo.contains($0) }) else { return nil }
            return rebuilt(rule, byWeekNo: Array(rule.byWeekNo.dropFirst()) + [week])
        }),
        ("BYMONTH", { rule in
            let candidates = (1...13).flatMap { [MonthCode($0), MonthCode($0, isLeap: true)] }
            guard let month = candidates.first(where: { !rule.byMonth.contains($0) && rebuilt(rule, byMonth: [$0]) != nil }) else { return nil }
            return rebuilt(rule, byMonth: Array(rule.byMonth.dropFirst()) + [month])
        }),
        ("BYSETPOS", { rule in
            guard let position = (1...366).first(where: { !rule.bySetPos.contains($0) }) else { return nil }
            return rebuilt(rule, bySetPos: Array(rule.bySetPos.dropFirst()) + [position])
        }),
        ("WKST with BYWEEKNO", { rule in
            guard !rule.byWeekNo.isEmpty else { return nil }
            return rebuilt(rule, weekStart: Weekday(rawValue: rule.weekStart.rawValue % 7 + 1) ?? .monday)
        }),
    ]

    static func rebuilt(_ rule: RecurrenceRule, frequency: RecurrenceRule.Frequency? = nil, interval: Int? = nil,
                        end: RecurrenceRule.End? = nil, byMinute: [Int]? = nil, byHour: [Int]? = nil,
                        byDay: [RecurrenceRule.Day]? = nil, byMonthDay: [Int]? = nil, byYearDay: [Int]? = nil,
                        byWeekNo: [Int]? = nil, byMonth: [MonthCode]? = nil, bySetPos: [Int]? = nil,
                        weekStart: Weekday? = nil) -> RecurrenceRule? {
        try? RecurrenceRule(frequency: frequency ?? rule.frequency, interval: interval ?? rule.interval, end: end ?? rule.end,
                            bySecond: rule.bySecond, byMinute: byMinute ?? rule.byMinute, byHour: byHour ?? rule.byHour,
                            byDay: byDay ?? rule.byDay, byMonthDay: byMonthDay ?? rule.byMonthDay,
                            byYearDay: byYearDay ?? rule.byYearDay, byWeekNo: byWeekNo ?? rule.byWeekNo,
                            byMonth: byMonth ?? rule.byMonth, bySetPos: bySetPos ?? rule.bySetPos,
                            weekStart: weekStart ?? rule.weekStart, rscale: rule.rscale, skip: rule.skip)
    }
}
