import Kalends
import KalendsCheck
import KalendsContacts
import XCTest

/// Birthdays in every calendar Kalends knows, checked against what
/// converting and the anniversary rules give, computed here from the
/// calendar's month lengths (not through `Birthdays`).
final class BirthdayProperties: XCTestCase {
    /// A calendar and a day of 1800 ... 2200, half of them within two days of
    /// a month's start in that calendar (the 29ths, 30ths and leap months the rules are about).
    static let births: Gen<(CalendarID, Int)> = Gen.zip(Gen.calendarID, Gen.int(in: dayNumber(1800)...dayNumber(2200)),
                                                         Gen.int(in: 0...25), Gen.int(in: -2...2)).map { id, day, pick, offset in
        let month = pick % 13
        guard pick < 13, let calendar = try? Calendars.system(id), let date = try? calendar.date(dayNumber: day),
              let codes = try? calendar.monthCodes(inYear: date.year),
              let start = try? calendar.date(year: date.year, monthCode: codes[month % codes.count], day: 1) else { return (id, day) }
        return (id, min(max(start.dayNumber + offset, dayNumber(1800)), dayNumber(2200)))
    }

    static func dayNumber(_ year: Int) -> Int { (try? ISODate(year: year, month: 1, day: 1).dayNumber) ?? 0 }

    /// The day a birth on `birth` is remembered in year `year` of its calendar, by the rules written out.
    static func expected(_ birth: CalendarDate, inYear year: Int, calendar: any CalendarSystem) throws -> CalendarDate {
        if calendar.id == .hebrew { return try HebrewAnniversary.birthday(of: birth, inYear: year) }
        let codes = try calendar.monthCodes(inYear: year)
        let code = codes.contains(birth.monthCode) ? birth.monthCode : MonthCode(birth.monthCode.number)
        guard let ordinal = codes.firstIndex(of: code) else { throw Failure("\(year) has no month \(code)") }
        let length = calendar.daysInMonth(year: year, month: ordinal + 1)
        return try calendar.date(year: year, monthCode: code, day: min(birth.day, length))
    }

    /// Every year of the 200 after a birth, in every calendar: exactly one day
    /// in that year of the calendar, the one the rules give, with the age.
    func testEveryBirthdayIsTheDayTheRulesGiveForTwoHundredYears() {
        forAll(Self.births, runs: 150) { id, day in
            let calendar = try Calendars.system(id)
            let birth = try calendar.date(dayNumber: day)
            let date = VCardDate(calendar: id, year: birth.year, month: birth.monthCode, day: birth.day)
            for year in birth.year...(birth.year + 200) where calendar.supportedYears.contains(year + 1) {
                let start = try calendar.date(year: year, monthCode: try calendar.monthCodes(inYear: year)[0], day: 1).dayNumber
                let end = try calendar.date(year: year + 1, monthCode: try calendar.monthCodes(inYear: year + 1)[0], day: 1).dayNumber
                let found = try Birthdays.days(of: date, from: start, to: end)
                let expected = try Self.expected(birth, inYear: year, calendar: calendar)
                guard found.count == 1, found[0].0 == expected.dayNumber, found[0].1 == expected, found[0].2 == year - birth.year else {
                    throw Failure("\(id.rawValue) birth \(birth) in \(year): \(found.map { "\($0.1) (\(String(describing: $0.2)))" }), expected \(expected)")
                }
            }
            return true
        }
    }

    /// A birth in a leap month or on a 30th, in the Chinese and Dangi
    /// calendars, is remembered every year in that year's own month of that number.
    func testLeapMonthAndThirtiethBirthsStayInTheirMonth() {
        // A year, then one of its leap months (any day) or of its 30-day months (the 30th).
        let lunar = Gen.zip(Gen.element(of: [CalendarID.chinese, .dangi]), Gen.int(in: 1900...2100), Gen.int(in: 0...99), Gen.int(in: 0...29))
        forAll(lunar, runs: 300) { id, year, pick, dayPick in
            let calendar = try Calendars.system(id)
            let codes = try calendar.monthCodes(inYear: year)
            let candidates = codes.enumerated().filter { $0.element.isLeap || calendar.daysInMonth(year: year, month: $0.offset + 1) == 30 }
            guard !candidates.isEmpty else { throw Failure("\(year) has no leap month and no 30-day month") }
            let (ordinal, code) = candidates[pick % candidates.count]
            let birth = try calendar.date(year: year, monthCode: code, day: code.isLeap ? dayPick % calendar.daysInMonth(year: year, month: ordinal + 1) + 1 : 30)
            let date = VCardDate(calendar: id, year: nil, month: birth.monthCode, day: birth.day)
            let start = Self.dayNumber(1950), end = Self.dayNumber(2150)
            let days = try Birthdays.days(of: date, from: start, to: end)
            guard days.count >= 199 else { throw Failure("\(days.count) birthdays in 200 years") }
            for (_, observed, years) in days {
                guard observed.monthCode.number == birth.monthCode.number, years == nil,
                      observed.monthCode.isLeap == (birth.monthCode.isLeap && (try? calendar.date(year: observed.year, monthCode: birth.monthCode, day: 1)) != nil),
                      observed.day == min(birth.day, calendar.daysInMonth(year: observed.year, month: (try calendar.monthCodes(inYear: observed.year)).firstIndex(of: observed.monthCode)! + 1))
                else { throw Failure("\(birth) remembered on \(observed)") }
            }
            return true
        }
    }

    func testExamples() throws {
        func days(_ date: VCardDate, _ from: String, _ to: String, _ rule: Birthdays.February29 = .february28) throws -> [String] {
            func day(_ text: String) throws -> Int {
                let parts = text.split(separator: "-").compactMap { Int($0) }
                return try ISODate(year: parts[0], month: parts[1], day: parts[2]).dayNumber
            }
            return try Birthdays.days(of: date, from: day(from), to: day(to), february29: rule)
                .map { "\(ISODate(dayNumber: $0.0)) \($0.1.monthCode)-\($0.1.day) \($0.2.map(String.init) ?? "-")" }
        }
        // 29 February 1992: 28 February in common years, or 1 March.
        let leapDay = VCardDate(year: 1992, month: MonthCode(2), day: 29)
        XCTAssertEqual(try days(leapDay, "2023-01-01", "2025-01-01"), ["2023-02-28 M02-28 31", "2024-02-29 M02-29 32"])
        XCTAssertEqual(try days(leapDay, "2023-01-01", "2024-01-01", .march1), ["2023-03-01 M03-1 31"])
        // Mei, born on the 15th of the leap tenth month of 1984 (7 December 1984): 2025 has no leap tenth month.
        let mei = VCardDate(calendar: .chinese, year: 1984, month: MonthCode(10, isLeap: true), day: 15)
        XCTAssertEqual(try days(mei, "2025-01-01", "2026-01-01"), ["2025-12-04 M10-15 41"])
        // Purim births (14 Adar II 5744): 14 Adar in a common year, 14 Adar II in a leap one.
        let purim = VCardDate(calendar: .hebrew, year: 5744, month: MonthCode(6), day: 14)
        XCTAssertEqual(try days(purim, "2025-01-01", "2026-01-01"), ["2025-03-14 M06-14 41"])
        // Year-less: no age.
        XCTAssertEqual(try days(VCardDate(year: nil, month: MonthCode(3), day: 15), "2026-03-01", "2026-04-01"), ["2026-03-15 M03-15 -"])
        // Before the birth, nothing; a date without a day, nothing.
        XCTAssertEqual(try days(leapDay, "1980-01-01", "1992-01-01"), [])
        XCTAssertEqual(try days(VCardDate(year: 1985, month: MonthCode(4), day: nil), "2026-01-01", "2027-01-01"), [])
    }
}

import KalendsStore

/// `birthdays --ics`: the calendar written reads back, in Kalends' agenda,
/// on exactly the days `Birthdays` gives, in every calendar, for births,
/// anniversaries and deaths, with or without a year.
final class BirthdayCalendarProperties: XCTestCase {
    func testTheCalendarReadsBackOnTheSameDays() {
        let kinds = Gen.element(of: ContactAnniversary.Kind.allCases)
        forAll(Gen.zip(BirthdayProperties.births, kinds, Gen.bool, Gen.element(of: Birthdays.February29.allCases)), runs: 200) { birth, kind, yearless, rule in
            let (id, day) = birth
            let calendar = try Calendars.system(id)
            let date = try calendar.date(dayNumber: day)
            let vcard = VCardDate(calendar: id, year: yearless ? nil : date.year, month: date.monthCode, day: date.day)
            var contact = try XCTUnwrap(VCardReader(source: "x.vcf").read("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:X\r\nUID:x\r\nEND:VCARD\r\n").contacts.first)
            switch kind {
            case .birthday: contact.birthday = vcard
            case .anniversary: contact.anniversary = vcard
            case .deathday: contact.deathDate = vcard
            }
            let text = try BirthdayCalendar.iCalendar([contact], february29: rule, stamp: Instant(seconds: 0))
            let read = try CalendarFileReader(mode: .strict).read(bytes: Array(text.utf8), source: "birthdays.ics")
            let store = CalendarStore(calendars: [read.calendar])
            // Sixty years from the date (or from 1990 without a year).
            let from = yearless ? try ISODate(year: 1990, month: 1, day: 1).dayNumber : day, to = from + 60 * 366
            let found = try store.events(in: Instant(seconds: from * 86_400)..<Instant(seconds: to * 86_400), viewer: .utc)
                .map { ZoneRules.utc.dayNumber(of: $0.startInstant) }
            let expected = try Birthdays.days(of: vcard, kind: kind, from: from, to: to, february29: rule).map(\.0)
            // Once a year (the window's 60 years, the supported years allowing).
            guard expected.count >= 59 || !calendar.supportedYears.contains(date.year + 61) else {
                throw Failure("\(expected.count) days in 60 years for \(vcard)")
            }
            guard found == expected else {
                let missing = Set(expected).subtracting(found).sorted().prefix(3).map { "\(ISODate(dayNumber: $0))" }
                let extra = Set(found).subtracting(expected).sorted().prefix(3).map { "\(ISODate(dayNumber: $0))" }
                throw Failure("\(kind) \(vcard): missing \(missing), extra \(extra)\n\(text)")
            }
            return true
        }
    }

    /// Hebrew deaths on the days the yahrzeit rules treat apart (30 Heshvan,
    /// 30 Kislev, Adar I, Adar of common and leap years): the calendar's
    /// rules give the days `HebrewAnniversary.yahrzeit` gives, for 60 years.
    func testHebrewDeathsReadBackOnTheirYahrzeits() {
        let cases: [(MonthCode, Int?)] = [(MonthCode(2), 30), (MonthCode(3), 30), (MonthCode(5, isLeap: true), 30),
                                          (MonthCode(5, isLeap: true), nil), (MonthCode(6), nil), (MonthCode(6), 30), (MonthCode(8), nil)]
        forAll(Gen.zip(Gen.int(in: 5600...5900), Gen.element(of: Array(cases.indices)), Gen.int(in: 1...29)), runs: 300) { year, index, randomDay in
            let hebrew = Calendars.hebrew
            let (month, fixedDay) = cases[index]
            let death = try hebrew.date(year: year, monthCode: month, day: fixedDay ?? randomDay, overflow: .constrain)
            var contact = try XCTUnwrap(VCardReader(source: "x.vcf").read("BEGIN:VCARD\r\nVERSION:4.0\r\nFN:X\r\nUID:x\r\nEND:VCARD\r\n").contacts.first)
            let date = VCardDate(calendar: .hebrew, year: death.year, month: death.monthCode, day: death.day)
            contact.deathDate = date
            let text = try BirthdayCalendar.iCalendar([contact], stamp: Instant(seconds: 0))
            let store = CalendarStore(calendars: [try CalendarFileReader(mode: .strict).read(bytes: Array(text.utf8), source: "b.ics").calendar])
            let from = death.dayNumber, to = from + 60 * 366
            let found = try store.events(in: Instant(seconds: from * 86_400)..<Instant(seconds: to * 86_400), viewer: .utc)
                .map { ZoneRules.utc.dayNumber(of: $0.startInstant) }
            var expected: [Int] = []
            for target in death.year...(death.year + 61) {
                let day = try HebrewAnniversary.yahrzeit(of: death, inYear: target).dayNumber
                if day >= from && day < to { expected.append(day) }
            }
            guard found == expected else {
                throw Failure("death \(death): found \(found.prefix(4).map { ISODate(dayNumber: $0) }), expected \(expected.prefix(4).map { ISODate(dayNumber: $0) })\n\(text)")
            }
            return true
        }
    }
}
