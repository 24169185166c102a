import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// RRULE text: the rules of RFC 5545 section 3.8.5.3 read, every validity
/// rule of section 3.3.10 enforced with the part named, the canonical form
/// read back to the same rule, and no text, however bad, trapping the reader.
final class RecurrenceRuleTextTests: XCTestCase {
    /// The RRULE values of RFC 5545 section 3.8.5.3's examples (UNTIL
    /// values as the RFC writes them), each read and printed canonically.
    func testTheRFCExamplesReadAndPrintCanonically() throws {
        let examples: [(String, String)] = [
            ("FREQ=DAILY;COUNT=10", "FREQ=DAILY;COUNT=10"),
            ("FREQ=DAILY;UNTIL=19971224T000000Z", "FREQ=DAILY;UNTIL=19971224T000000Z"),
            ("FREQ=DAILY;INTERVAL=2", "FREQ=DAILY;INTERVAL=2"),
            ("FREQ=DAILY;INTERVAL=10;COUNT=5", "FREQ=DAILY;COUNT=5;INTERVAL=10"),
            ("FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
             "FREQ=YEARLY;UNTIL=20000131T140000Z;BYDAY=MO,TU,WE,TH,FR,SA,SU;BYMONTH=1"),
            ("FREQ=WEEKLY;INTERVAL=2;WKST=SU", "FREQ=WEEKLY;INTERVAL=2;WKST=SU"),
            ("FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", "FREQ=WEEKLY;UNTIL=19971007T000000Z;BYDAY=TU,TH;WKST=SU"),
            ("FREQ=MONTHLY;COUNT=10;BYDAY=1FR", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR"),
            ("FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", "FREQ=MONTHLY;COUNT=10;INTERVAL=2;BYDAY=-1SU,1SU"),
            ("FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO"),
            ("FREQ=MONTHLY;BYMONTHDAY=-3", "FREQ=MONTHLY;BYMONTHDAY=-3"),
            ("FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15"),
            ("FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
             "FREQ=MONTHLY;COUNT=10;INTERVAL=18;BYMONTHDAY=10,11,12,13,14,15"),
            ("FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", "FREQ=YEARLY;COUNT=10;INTERVAL=3;BYYEARDAY=1,100,200"),
            ("FREQ=YEARLY;BYDAY=20MO", "FREQ=YEARLY;BYDAY=20MO"),
            ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "FREQ=YEARLY;BYDAY=MO;BYWEEKNO=20"),
            ("FREQ=YEARLY;BYMONTH=3;BYDAY=TH", "FREQ=YEARLY;BYDAY=TH;BYMONTH=3"),
            ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13"),
            ("FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
             "FREQ=YEARLY;INTERVAL=4;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8;BYMONTH=11"),
            ("FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3"),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2"),
            ("FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z", "FREQ=HOURLY;UNTIL=19970902T170000Z;INTERVAL=3"),
            ("FREQ=MINUTELY;INTERVAL=15;COUNT=6", "FREQ=MINUTELY;COUNT=6;INTERVAL=15"),
            ("FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40", "FREQ=DAILY;BYMINUTE=0,20,40;BYHOUR=9,10,11,12,13,14,15,16"),
            ("FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", "FREQ=MONTHLY;COUNT=5;BYMONTHDAY=15,30"),
            ("freq=weekly;byday=tu,th;count=4", "FREQ=WEEKLY;COUNT=4;BYDAY=TU,TH"),
            ("RRULE:FREQ=YEARLY;UNTIL=20060101", "FREQ=YEARLY;UNTIL=20060101"),
            ("FREQ=SECONDLY;BYSECOND=0,30;UNTIL=19970902T090000", "FREQ=SECONDLY;UNTIL=19970902T090000;BYSECOND=0,30"),
        ]
        for (text, canonical) in examples {
            let rule = try RecurrenceRule(parsing: text)
            XCTAssertEqual(rule.description, canonical, text)
            XCTAssertEqual(try RecurrenceRule(parsing: rule.description), rule, text)
        }
        let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU")
        XCTAssertEqual(rule.frequency, .monthly)
        XCTAssertEqual(rule.interval, 2)
        XCTAssertEqual(rule.count, 10)
        XCTAssertEqual(rule.byDay, [try .init(-1, .sunday), try .init(1, .sunday)])
        let until = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=19971224T000000Z").until
        XCTAssertEqual(until, .utc(Instant(seconds: try ISODate(year: 1997, month: 12, day: 24).dayNumber * 86_400)))
    }

    /// Every validity rule, as an error naming its part, its place and the reason.
    func testInvalidRulesNameThePart() {
        let cases: [(String, String)] = [
            ("", "recurrence rule is empty; expected FREQ=... (e.g. FREQ=WEEKLY;BYDAY=MO)"),
            ("COUNT=5", "recurrence rule has no FREQ part (FREQ=SECONDLY ... YEARLY is required)"),
            ("FREQ=FORTNIGHTLY", "recurrence rule part FREQ 'FREQ=FORTNIGHTLY' (character 1) cannot be read: expected SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY"),
            ("FREQ=DAILY;COUNT=3;UNTIL=20240101", "recurrence rule part UNTIL 'UNTIL=20240101' (character 20) cannot be given with COUNT (a rule ends by one or the other)"),
            ("FREQ=MONTHLY;BYWEEKNO=20", "recurrence rule part BYWEEKNO 'BYWEEKNO=20' (character 14) is not allowed with FREQ=MONTHLY: BYWEEKNO is only allowed with FREQ=YEARLY"),
            ("FREQ=WEEKLY;BYDAY=1MO", "recurrence rule part BYDAY 'BYDAY=1MO' (character 13) is not allowed with FREQ=WEEKLY: BYDAY ordinals (1MO, -1FR) need FREQ=MONTHLY or YEARLY"),
            ("FREQ=YEARLY;BYWEEKNO=1;BYDAY=1MO", "recurrence rule part BYDAY 'BYDAY=1MO' (character 24) BYDAY ordinals (1MO, -1FR) cannot be used with BYWEEKNO"),
            ("FREQ=WEEKLY;BYMONTHDAY=1", "recurrence rule part BYMONTHDAY 'BYMONTHDAY=1' (character 13) is not allowed with FREQ=WEEKLY: BYMONTHDAY is not allowed with FREQ=WEEKLY"),
            ("FREQ=MONTHLY;BYYEARDAY=1", "recurrence rule part BYYEARDAY 'BYYEARDAY=1' (character 14) is not allowed with FREQ=MONTHLY: BYYEARDAY is not allowed with FREQ=DAILY, WEEKLY or MONTHLY"),
            ("FREQ=DAILY;BYSETPOS=1", "recurrence rule part BYSETPOS 'BYSETPOS=1' (character 12) BYSETPOS needs another BYxxx part to select from"),
            ("FREQ=DAILY;BYHOUR=24", "recurrence rule part BYHOUR 'BYHOUR=24' (character 12) has 24, outside 0 ... 23"),
            ("FREQ=DAILY;BYMINUTE=60", "recurrence rule part BYMINUTE 'BYMINUTE=60' (character 12) has 60, outside 0 ... 59"),
            ("FREQ=DAILY;BYSECOND=61", "recurrence rule part BYSECOND 'BYSECOND=61' (character 12) has 61, outside 0 ... 60"),
            ("FREQ=MONTHLY;BYMONTHDAY=0", "recurrence rule part BYMONTHDAY 'BYMONTHDAY=0' (character 14) has 0, outside -31 ... -1 or 1 ... 31"),
            ("FREQ=MONTHLY;BYMONTHDAY=-32", "recurrence rule part BYMONTHDAY 'BYMONTHDAY=-32' (character 14) has -32, outside -31 ... -1 or 1 ... 31"),
            ("FREQ=YEARLY;BYYEARDAY=367", "recurrence rule part BYYEARDAY 'BYYEARDAY=367' (character 13) has 367, outside -366 ... -1 or 1 ... 366"),
            ("FREQ=YEARLY;BYWEEKNO=54", "recurrence rule part BYWEEKNO 'BYWEEKNO=54' (character 13) has 54, outside -53 ... -1 or 1 ... 53"),
            ("FREQ=YEARLY;BYMONTH=13", "recurrence rule part BYMONTH 'BYMONTH=13' (character 13) has 13, outside 1 ... 12"),
            ("FREQ=YEARLY;BYMONTH=5L", "recurrence rule part BYMONTH 'BYMONTH=5L' (character 13) has the leap month 5L, which needs RSCALE naming a calendar with leap months (RSCALE=HEBREW, CHINESE or DANGI)"),
            ("RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=5L", "recurrence rule part BYMONTH 'BYMONTH=5L' (character 30) has 5L, outside the months of RSCALE=GREGORIAN: 1 ... 12, no leap months"),
            ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=4L", "recurrence rule part BYMONTH 'BYMONTH=4L' (character 27) has 4L, outside the months of RSCALE=HEBREW: 1 ... 12 and 5L (Adar I)"),
            ("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=13", "recurrence rule part BYMONTH 'BYMONTH=13' (character 27) has 13, outside the months of RSCALE=HEBREW: 1 ... 12 and 5L (Adar I)"),
            ("RSCALE=COPTIC;FREQ=YEARLY;BYMONTH=14", "recurrence rule part BYMONTH 'BYMONTH=14' (character 27) has 14, outside the months of RSCALE=COPTIC: 1 ... 13, no leap months"),
            ("FREQ=MONTHLY;SKIP=BACKWARD", "recurrence rule part SKIP 'SKIP=BACKWARD' (character 14) needs RSCALE (RFC 7529 section 4.1): add RSCALE=GREGORIAN for a Gregorian rule"),
            ("RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=LATER", "recurrence rule part SKIP 'SKIP=LATER' (character 31) cannot be read: expected OMIT, BACKWARD or FORWARD"),
            ("RSCALE=RUSSIAN;FREQ=YEARLY", "recurrence rule part RSCALE 'RSCALE=RUSSIAN' (character 1) cannot be read: expected a calendar Kalends knows: GREGORIAN, ISO8601, JULIAN, BUDDHIST, JAPANESE, ROC, HEBREW, ISLAMIC, ISLAMIC-CIVIL, ISLAMIC-TBLA, ISLAMIC-UMALQURA, ISLAMIC-RGSA, PERSIAN, INDIAN, COPTIC, ETHIOPIC, ETHIOPIC-AMETE-ALEM, CHINESE, DANGI"),
            ("RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=370", "recurrence rule part BYYEARDAY 'BYYEARDAY=370' (character 30) has 370, outside -366 ... -1 or 1 ... 366"),
            ("RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=386", "recurrence rule part BYYEARDAY 'BYYEARDAY=386' (character 27) has 386, outside -385 ... -1 or 1 ... 385"),
            ("RSCALE=CHINESE;FREQ=YEARLY;BYWEEKNO=56", "recurrence rule part BYWEEKNO 'BYWEEKNO=56' (character 28) has 56, outside -55 ... -1 or 1 ... 55"),
            ("FREQ=YEARLY;BYMONTH=5X", "recurrence rule part BYMONTH 'BYMONTH=5X' (character 13) cannot be read: expected month numbers separated by commas, each with an optional L for a leap month (5L)"),
            ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=367", "recurrence rule part BYSETPOS 'BYSETPOS=367' (character 23) has 367, outside -366 ... -1 or 1 ... 366"),
            ("FREQ=YEARLY;BYDAY=54MO", "recurrence rule part BYDAY 'BYDAY=54MO' (character 13) has 54MO, outside ordinals -53 ... -1 or 1 ... 53"),
            ("RSCALE=CHINESE;FREQ=YEARLY;BYDAY=56MO", "recurrence rule part BYDAY 'BYDAY=56MO' (character 28) has 56MO, outside ordinals -55 ... -1 or 1 ... 55"),
            ("FREQ=YEARLY;BYDAY=0MO", "recurrence rule part BYDAY 'BYDAY=0MO' (character 13) has 0MO, outside ordinals -53 ... -1 or 1 ... 53"),
            ("FREQ=YEARLY;BYDAY=XX", "recurrence rule part BYDAY 'BYDAY=XX' (character 13) cannot be read: expected weekdays MO ... SU, each with an optional ordinal (1MO, -1FR)"),
            ("FREQ=DAILY;INTERVAL=0", "recurrence rule part INTERVAL 'INTERVAL=0' (character 12) has 0, outside 1 ... 2147483647"),
            ("FREQ=DAILY;INTERVAL=-2", "recurrence rule part INTERVAL 'INTERVAL=-2' (character 12) cannot be read: expected a positive whole number"),
            ("FREQ=DAILY;COUNT=99999999999999999999999", "recurrence rule part COUNT 'COUNT=99999999999999999999999' (character 12) has 99999999999999999999999, outside 1 ... 2147483647"),
            ("FREQ=DAILY;BYHOUR=99999999999999999999", "recurrence rule part BYHOUR 'BYHOUR=99999999999999999999' (character 12) has 99999999999999999999, outside the part's range"),
            ("FREQ=DAILY;UNTIL=20240230", "recurrence rule part UNTIL 'UNTIL=20240230' (character 12) has 20240230, outside real dates"),
            ("FREQ=DAILY;UNTIL=20240101T250000Z", "recurrence rule part UNTIL 'UNTIL=20240101T250000Z' (character 12) has 20240101T250000Z, outside times 00:00:00 ... 23:59:60"),
            ("FREQ=DAILY;UNTIL=tomorrow", "recurrence rule part UNTIL 'UNTIL=tomorrow' (character 12) cannot be read: expected a date 19971224, a time 19971224T000000Z (UTC) or 19971224T000000 (floating)"),
            ("FREQ=DAILY;FREQ=WEEKLY", "recurrence rule part FREQ 'FREQ=WEEKLY' (character 12) is given more than once"),
            ("FREQ=DAILY;BYEASTER=1", "recurrence rule part BYEASTER 'BYEASTER=1' (character 12) is not an RFC 5545 rule part (FREQ, UNTIL, COUNT, INTERVAL, BYSECOND, BYMINUTE, BYHOUR, BYDAY, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH, BYSETPOS, WKST) or RFC 7529 part (RSCALE, SKIP)"),
            ("FREQ=DAILY;;COUNT=2", "recurrence rule '' (character 12) cannot be read: expected NAME=VALUE"),
            ("FREQ=DAILY;COUNT", "recurrence rule 'COUNT' (character 12) cannot be read: expected NAME=VALUE"),
            ("FREQ=DAILY;COUNT=", "recurrence rule part COUNT 'COUNT=' (character 12) cannot be read: expected a value after '='"),
            ("FREQ=DAILY;BYHOUR=1,,2", "recurrence rule part BYHOUR 'BYHOUR=1,,2' (character 12) cannot be read: expected whole numbers separated by commas"),
            ("FREQ=DAILY;WKST=XY", "recurrence rule part WKST 'WKST=XY' (character 12) cannot be read: expected a weekday MO, TU, WE, TH, FR, SA or SU"),
            ("FREQ=DAILY;X-\u{1B}[31m=1", "recurrence rule part X-\\u{1B}[31M 'X-\\u{1B}[31m=1' (character 12) is not an RFC 5545 rule part (FREQ, UNTIL, COUNT, INTERVAL, BYSECOND, BYMINUTE, BYHOUR, BYDAY, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH, BYSETPOS, WKST) or RFC 7529 part (RSCALE, SKIP)"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try RecurrenceRule(parsing: text), text) { error in
                XCTAssertEqual((error as? RuleError)?.description, message, text)
            }
        }
        // Long input is cut.
        let long = "FREQ=DAILY;BYHOUR=" + String(repeating: "1,", count: 100) + "x"
        XCTAssertThrowsError(try RecurrenceRule(parsing: long)) { error in
            XCTAssert((error as? RuleError)?.description.contains("'BYHOUR=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1...'") == true, "\(error)")
        }
    }

    /// The examples of Docs/Recurrence.md (its error lines are among
    /// `testInvalidRulesNameThePart`'s cases).
    func testTheGuideExamples() throws {
        let lastWorkday = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
        XCTAssertEqual(lastWorkday.bySetPos, [-1])
        let everyOtherWeek = try RecurrenceRule(frequency: .weekly, interval: 2, end: .count(10),
                                                byDay: [.init(.tuesday), .init(.thursday)])
        XCTAssertEqual("\(everyOtherWeek)", "FREQ=WEEKLY;COUNT=10;INTERVAL=2;BYDAY=TU,TH")
    }

    /// The same validity rules when a rule is built from its parts.
    func testBuiltRulesAreChecked() throws {
        XCTAssertThrowsError(try RecurrenceRule(frequency: .monthly, byWeekNo: [1])) { error in
            XCTAssertEqual((error as? RuleError)?.part, "BYWEEKNO")
            XCTAssertNil((error as? RuleError)?.offset)
        }
        XCTAssertThrowsError(try RecurrenceRule(frequency: .daily, end: .count(0)))
        XCTAssertThrowsError(try RecurrenceRule(frequency: .daily, interval: Int.max))
        XCTAssertThrowsError(try RecurrenceRule.Day(0, .monday))
        let rule = try RecurrenceRule(frequency: .weekly, byDay: [.init(.thursday), .init(.tuesday), .init(.tuesday)])
        XCTAssertEqual(rule.description, "FREQ=WEEKLY;BYDAY=TU,TH")
    }

    /// Codable carries the canonical text and checks it on decode.
    func testCodableUsesTheRuleText() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
        let data = try JSONEncoder().encode([rule])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"]"#)
        XCTAssertEqual(try JSONDecoder().decode([RecurrenceRule].self, from: data), [rule])
        XCTAssertThrowsError(try JSONDecoder().decode([RecurrenceRule].self, from: Data(#"["FREQ=WEEKLY;BYDAY=1MO"]"#.utf8)))
    }

    // MARK: Properties

    /// Valid rules of every shape, built from their parts.
    static let rules: Gen<RecurrenceRule> = {
        let frequency = Gen.element(of: RecurrenceRule.Frequency.allCases)
        let weekday = Gen.element(of: Weekday.allCases)
        let signed = { (limit: Int) in Gen.int(in: 1...limit).flatMap { value in Gen.bool.map { $0 ? value : -value } } }
        let small = { (gen: Gen<Int>) in Gen.oneOf([Gen.constant([Int]()), gen.array(count: 1...4)]) }
        let untilValue = Gen.oneOf([
            Gen.int(in: -700_000...2_900_000).map { RecurrenceRule.Until.date(ISODate(dayNumber: $0)) },
            Gen.int(in: -700_000...2_900_000).map { RecurrenceRule.Until.utc(Instant(seconds: $0 * 86_400 + 3_723)) },
            Gen.int(in: -700_000...2_900_000).map { day in
                RecurrenceRule.Until.local((try? LocalDateTime(dayNumber: day, time: TimeOfDay(hour: 23, minute: 59, second: 59)))
                    ?? LocalDateTime(unchecked: day, 0))
            },
        ])
        let end = Gen.oneOf([
            Gen.constant(RecurrenceRule.End.never),
            Gen.int(in: 1...RecurrenceRule.maximumCount).map { RecurrenceRule.End.count($0) },
            untilValue.map { RecurrenceRule.End.until($0) },
        ])
        let lists = Gen.zip(small(Gen.int(in: 0...60)), small(Gen.int(in: 0...59)), small(Gen.int(in: 0...23)), small(signed(31)))
        let month = Gen.zip(Gen.int(in: 1...13), Gen.int(in: 0...4)).map { MonthCode($0.0, isLeap: $0.1 == 0) }
        let more = Gen.zip(small(signed(385)), small(signed(55)), Gen.oneOf([Gen.constant([MonthCode]()), month.array(count: 1...4)]),
                           small(signed(385)))
        // RSCALE: none, or any calendar, with any SKIP.
        let scale = Gen.zip(Gen.oneOf([Gen.constant(CalendarID?.none), Gen.element(of: CalendarID.allCases).map { Optional($0) }]),
                            Gen.element(of: RecurrenceRule.Skip.allCases))
        let days = Gen.zip(Gen.oneOf([Gen.constant(Int?.none), signed(55).map { Optional($0) }]), weekday)
            .map { RecurrenceRule.Day(unchecked: $0.0, $0.1) }.array(count: 0...4)
        let head = Gen.zip(frequency, Gen.oneOf([Gen.constant(1), Gen.int(in: 1...RecurrenceRule.maximumInterval)]), end, weekday)
        return Gen.zip(head, lists, more, Gen.zip(days, scale)).map { head, lists, more, last -> RecurrenceRule? in
            try? RecurrenceRule(frequency: head.0, interval: head.1, end: head.2, bySecond: lists.0, byMinute: lists.1,
                                byHour: lists.2, byDay: last.0, byMonthDay: lists.3, byYearDay: more.0, byWeekNo: more.1,
                                byMonth: more.2, bySetPos: more.3, weekStart: head.3, rscale: last.1.0.map(CalendarIdentifier.init),
                                skip: last.1.0 == nil ? .omit : last.1.1)
        }.filter { $0 != nil }.map { $0! }
    }()

    /// parse(format(rule)) == rule, and the text is canonical (printing the
    /// rule read back prints the same text).
    func testTheCanonicalTextReadsBackToTheRule() {
        forAll(Self.rules) { rule in
            let text = rule.description
            let back = try RecurrenceRule(parsing: text)
            return back == rule && back.description == text
        }
    }

    /// Any text, valid or not, is read or refused with a placed error; never a trap.
    func testArbitraryTextIsReadOrRefused() {
        let pieces = ["FREQ=", "DAILY", "YEARLY", ";", ",", "=", "BYDAY=", "1MO", "-53SU", "BYSETPOS=", "-1", "0", "99999999999",
                      "COUNT=", "UNTIL=", "19970902T090000Z", "20240229", "BYWEEKNO=", "BYMONTH=", "5L", "INTERVAL=", "WKST=SU",
                      "BYMONTHDAY=", "BYYEARDAY=", "x", "\u{0}", "é", "RRULE:", "+", "T", "RSCALE=", "HEBREW", "chinese",
                      "SKIP=", "FORWARD", "OMIT", "13", "L"]
        let text = Gen.element(of: pieces).array(count: 0...12).map { $0.joined() }
        forAll(text) { text in
            do {
                let rule = try RecurrenceRule(parsing: text)
                return try RecurrenceRule(parsing: rule.description) == rule
            } catch let error as RuleError {
                return !error.description.isEmpty && (error.offset ?? 0) <= text.count
            }
        }
    }
}
