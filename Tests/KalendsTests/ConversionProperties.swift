import Foundation
import KalendsCheck
import XCTest
@testable import Kalends

/// Properties of conversion, checked for every calendar on generated days.
final class ConversionProperties: XCTestCase {
    /// Runs per calendar: the ICU- and Foundation-backed engines cost 5-250 µs
    /// a call, so the slowest get fewer cases (scaled by KALENDS_PROPERTY_RUNS).
    private func runs(_ id: CalendarIdentifier) -> Int {
        id == .chinese || id == .dangi || id == .islamic ? 150 : 500
    }

    private func eachCalendar(_ body: (any CalendarSystem) throws -> Void) rethrows {
        for id in CalendarID.allCases {
            try body(try! Calendars.system(id))
        }
    }

    func testDayToFieldsToDayRoundTrips() throws {
        try eachCalendar { calendar in
            forAll(Gen.dayNumber(near: calendar), runs: runs(calendar.id)) { day in
                let date = try calendar.date(dayNumber: day)
                let byCode = try calendar.date(year: date.year, monthCode: date.monthCode, day: date.day)
                let byOrdinal = try calendar.date(year: date.year, month: date.month, day: date.day)
                let byFoundation = try calendar.date(year: date.year, foundationMonth: date.foundationMonth,
                                                     isLeapMonth: date.isLeapMonth, day: date.day)
                let byText = try CalendarDateText.parse(CalendarDateText.format(date), in: calendar)
                let byComponents = try calendar.date(from: date.dateComponents)
                for (how, other) in [("code", byCode), ("ordinal", byOrdinal), ("Foundation month", byFoundation),
                                     ("text", byText), ("DateComponents", byComponents)] where other != date {
                    throw TestFailure("\(calendar.id) \(date) rebuilt by \(how) is \(other)")
                }
                return date.dayNumber == day
            }
        }
    }

    func testFieldsToDayToFieldsRoundTrips() throws {
        try eachCalendar { calendar in
            let fields = Gen.int(in: calendar.supportedYears).flatMap { year in
                Gen.int(in: 1...calendar.monthsInYear(year)).flatMap { month in
                    Gen.int(in: 1...calendar.daysInMonth(year: year, month: month)).map { OrdinalDate(year: year, month: month, day: $0) }
                }
            }
            forAll(fields, runs: runs(calendar.id)) { fields in
                let number = calendar.dayNumber(year: fields.year, month: fields.month, day: fields.day)
                guard DayNumber.supported.contains(number) else {
                    // Only the edge years reach past the span, and then building must fail.
                    return (try? calendar.date(year: fields.year, month: fields.month, day: fields.day)) == nil
                }
                label("in range")
                let date = try calendar.date(dayNumber: number)
                guard date.year == fields.year && date.month == fields.month && date.day == fields.day else {
                    throw TestFailure("\(calendar.id) \(fields) -> day \(number) -> \(date)")
                }
                return true
            }
        }
    }

    func testNextDayIsContinuous() throws {
        try eachCalendar { calendar in
            let days = Gen.dayNumber(near: calendar).filter { $0 < DayNumber.supported.upperBound }
            forAll(days, runs: runs(calendar.id)) { day in
                let today = try calendar.date(dayNumber: day)
                let tomorrow = try calendar.date(dayNumber: day + 1)
                let length = calendar.daysInMonth(year: today.year, month: today.month)
                let expected: (Int, Int, Int)
                if today.day < length {
                    expected = (today.year, today.month, today.day + 1)
                } else {
                    label("month boundary")
                    expected = today.month < calendar.monthsInYear(today.year) ? (today.year, today.month + 1, 1) : (today.year + 1, 1, 1)
                }
                guard tomorrow.weekday == today.weekday % 7 + 1, (tomorrow.year, tomorrow.month, tomorrow.day) == expected else {
                    throw TestFailure("\(calendar.id): \(today) is followed by \(tomorrow), expected \(expected)")
                }
                return true
            }
        }
    }

    func testMonthCodesAreValidOrderedAndDistinct() throws {
        try eachCalendar { calendar in
            forAll(Gen.int(in: calendar.supportedYears), runs: runs(calendar.id)) { year in
                let codes = try calendar.monthCodes(inYear: year)
                let leapCount = codes.filter(\.isLeap).count
                let sorted = zip(codes, codes.dropFirst()).allSatisfy { $0 < $1 }
                let valid = codes.allSatisfy { calendar.hasMonthCode($0) }
                let ordinals = codes.enumerated().allSatisfy { calendar.month(of: $1, inYear: year) == $0 + 1 }
                let lengths = (1...codes.count).allSatisfy { (1...31).contains(calendar.daysInMonth(year: year, month: $0)) }
                let thirteen = leapCount == 1 || [.coptic, .ethiopic, .ethiopicAmeteAlem].contains(calendar.id)
                guard sorted && valid && ordinals && lengths && leapCount <= 1 && (codes.count == 13) == thirteen else {
                    throw TestFailure("\(calendar.id) \(year): months \(codes), lengths \((1...codes.count).map { calendar.daysInMonth(year: year, month: $0) })")
                }
                return true
            }
        }
    }

    func testHebrewLeapYearsHaveAdarIAndSevenInNineteen() throws {
        let hebrew = try Calendars.system(.hebrew)
        forAll(Gen.int(in: hebrew.supportedYears.lowerBound...(hebrew.supportedYears.upperBound - 19))) { start in
            let leapYears = try (start..<(start + 19)).filter { year in
                let codes = try hebrew.monthCodes(inYear: year)
                let hasAdarI = codes.contains(MonthCode(5, isLeap: true))
                let length = hebrew.dayNumber(year: year + 1, month: 1, day: 1) - hebrew.dayNumber(year: year, month: 1, day: 1)
                guard hasAdarI == (codes.count == 13),
                      (hasAdarI ? [383, 384, 385] : [353, 354, 355]).contains(length) else { throw TestFailure("year \(year)") }
                return hasAdarI
            }
            return leapYears.count == 7
        }
    }

    func testRejectThrowsExactlyWhenConstrainClamps() throws {
        try eachCalendar { calendar in
            let codes = Gen.int(in: 1...13).flatMap { number in Gen.bool.map { MonthCode(number, isLeap: $0) } }
            let input = Gen<(Int, MonthCode, Int)>.zip(Gen.int(in: calendar.supportedYears), codes, Gen.int(in: 1...32))
            forAll(input, runs: runs(calendar.id)) { year, code, day in
                guard calendar.hasMonthCode(code) else {
                    // A code the calendar never has fails under both.
                    return (try? calendar.date(year: year, monthCode: code, day: day, overflow: .constrain)) == nil
                        && (try? calendar.date(year: year, monthCode: code, day: day, overflow: .reject)) == nil
                }
                guard let constrained = try? calendar.date(year: year, monthCode: code, day: day, overflow: .constrain) else {
                    // Only an edge year can fail: the day falls outside the span.
                    return year == calendar.supportedYears.lowerBound || year == calendar.supportedYears.upperBound
                }
                let clamped = constrained.monthCode != code || constrained.day != day
                classify(clamped, "clamped")
                let rejected = (try? calendar.date(year: year, monthCode: code, day: day, overflow: .reject)) == nil
                return rejected == clamped && (clamped || constrained.year == year)
            }
        }
    }

    func testFieldsAgreeWithFoundationWhereFoundationIsRight() throws {
        // Foundation (its own ICU 76) is an independent reference for the
        // calendars whose standard engine is not built on it; it is known wrong
        // for ethioaa, before 1582 for the Gregorian family and before JD 0.
        let jdZero = -DayNumber.julianDayOfEpoch
        let switchDay = try ISODate(year: 1582, month: 10, day: 15).dayNumber
        let affected = try ReferenceDefectsTests.hebrewYearsFoundationGetsWrong()
        for id in CalendarID.allCases where ![.ethiopicAmeteAlem, .chinese, .dangi, .islamic].contains(id) {
            guard let identifier = id.foundationIdentifier else { continue }
            let calendar = try Calendars.system(id)
            var foundation = Calendar(identifier: identifier)
            foundation.timeZone = try XCTUnwrap(TimeZone(identifier: "UTC"))
            let lower = [.gregorian, .iso8601, .buddhist, .japanese, .roc].contains(id) ? switchDay : jdZero + 1
            let days = Gen.int(in: lower...DayNumber.supported.upperBound)
            forAll(days, runs: runs(CalendarIdentifier(id))) { day in
                let ours = try calendar.date(dayNumber: day)
                try assume(!(id == .hebrew && (affected.contains(ours.year) || ours.year < 1)), "a Hebrew year Foundation gets wrong")
                // Months that follow a published table instead of ICU (Conformance.md).
                try assume(!PublishedTables.corrections(id).contains(where: { $0.changedDays.contains(day) }),
                           "a month that follows a published table")
                let theirs = foundation.dateComponents([.era, .year, .month, .day, .isLeapMonth],
                                                       from: Date(timeIntervalSince1970: Double(day) * 86_400))
                guard theirs.era == ours.era.value && theirs.year == ours.era.year && theirs.month == ours.foundationMonth
                    && theirs.day == ours.day && theirs.isLeapMonth == ours.isLeapMonth else {
                    throw TestFailure("\(id) day \(day): ours \(ours), Foundation \(theirs)")
                }
                return true
            }
        }
    }

    /// The years whose leap month the system ICU 72 places elsewhere than Kalends and ICU 76 (Conformance.md).
    /// Past 2100 its answer for 2500 changes from run to run (Chinese or Dangi), so both are listed.
    static let systemICULeapMonthYears: [CalendarID: Set<Int>] = [.chinese: [1917, 1922, 1987, 2500], .dangi: [2405, 2500, 2595]]

    func testLeapMonthsAgreeWithTheSystemICUButThreeYears() throws {
        // 1600 ... 2100, where the system ICU answers the same in every run: three Chinese years differ, no Dangi year.
        for (id, expected) in [(CalendarID.chinese, Set([1917, 1922, 1987])), (.dangi, Set<Int>())] {
            let ours = try Calendars.system(id)
            let system = try Calendars.system(id, engine: .icu)
            var differ: Set<Int> = []
            for year in 1600...2100 {
                if try ours.monthCodes(inYear: year) != system.monthCodes(inYear: year) { differ.insert(year) }
            }
            XCTAssertEqual(differ, expected, "\(id)")
        }
        // The published table's leap months (Hong Kong Observatory): Kalends has them.
        let chinese = try Calendars.system(.chinese)
        for (year, leap) in [(1917, 2), (1922, 5), (1987, 6)] {
            XCTAssertEqual(try chinese.monthCodes(inYear: year).filter(\.isLeap), [MonthCode(leap, isLeap: true)], "\(year)")
        }
    }

    func testAstronomicalCalendarsStayWithinADayOfTheSystemICU() throws {
        // ICU 72 and Foundation's ICU 76 place some new moons a day apart; the
        // calendars must otherwise agree.
        for id in [CalendarID.chinese, .dangi, .islamic] {
            let ours = try Calendars.system(id)
            let system = try Calendars.system(id, engine: .icu)
            let days = Gen.int(in: (DayNumber.supported.lowerBound + 1)...(DayNumber.supported.upperBound - 1))
            forAll(days, runs: runs(CalendarIdentifier(id))) { day in
                let date = try ours.date(dayNumber: day)
                // A leap month the system ICU places later (and every month between): listed and checked above.
                try assume(!(Self.systemICULeapMonthYears[id]?.contains(date.year) ?? false), "a year whose leap month the system ICU moves")
                func same(_ other: CalendarDate) -> Bool {
                    other.year == date.year && other.monthCode == date.monthCode && other.day == date.day
                }
                if same(try system.date(dayNumber: day)) { return true }
                label("differs")
                // The same month (year and code) starts within a day in both.
                let ourStart = day - date.day + 1
                let theirStart: Int
                do {
                    theirStart = try system.dayNumber(year: date.year, monthCode: date.monthCode, day: 1, overflow: .reject)
                } catch {
                    throw TestFailure("\(id) day \(day): ours \(date); the system ICU has no \(date.year)-\(date.monthCode): \(error)")
                }
                guard abs(theirStart - ourStart) <= 1 else {
                    throw TestFailure("\(id) day \(day): ours \(date) (month from day \(ourStart)); the system ICU starts it on day \(theirStart)")
                }
                return true
            }
        }
    }
}

/// A failure with a message, thrown from inside a property.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Arbitrary text never traps the date parser; what it accepts round-trips.
final class DateTextProperties: XCTestCase {
    static let alphabet: [Character] = Array("0123456789--::MmLlTZz +.,/ AdarIVNisnhebcTishrei\u{0}\u{2BB}é")

    func testArbitraryTextIsAcceptedOrRejectedCleanly() throws {
        let text = Gen.element(of: Self.alphabet).array(count: 0...24).map { String($0) }
        let tokens = Gen.element(of: ["2024", "-", "M05L", "05", "30", "bce:", "reiwa:", "5784", " ", "Adar II", "T09:30",
                                       "99999999999", "-0044", "13", "00", "M13", "Tishrei", "1", "+"])
            .array(count: 0...6).map { $0.joined() }
        for id in [CalendarID.gregorian, .hebrew, .japanese, .chinese] {
            let calendar = try Calendars.system(id)
            forAll(Gen.oneOf([text, tokens]), runs: id == .chinese ? 150 : 500) { input in
                let parsed: CalendarDate
                do {
                    parsed = try CalendarDateText.parse(input, in: calendar)
                } catch {
                    label("rejected")
                    return !"\(error)".isEmpty
                }
                label("accepted")
                return try CalendarDateText.parse(CalendarDateText.format(parsed), in: calendar) == parsed
            }
        }
    }
}
