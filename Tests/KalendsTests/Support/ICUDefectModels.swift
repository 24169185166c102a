@testable import Kalends

/// Descriptions of what ICU 72 (the system ICU, the reference for these
/// calendars) computes where it departs from the calendars' rules, written
/// from the behaviour of its C++ (hebrwcal.cpp, indiancal.cpp)
/// and checked against it day by day. A difference between a fast engine and
/// the reference is a known defect exactly when the model reproduces the
/// reference there. Docs/Conformance.md lists the same defects.
enum ICUDefectModels {
    /// The model of the reference's defects for `id`, or nil when none are known.
    static func model(for id: CalendarID) -> (any CalendarSystem)? {
        switch id {
        case .hebrew: hebrew
        case .indian: ICUIndianModel()
        default: nil
        }
    }

    // MARK: Hebrew

    /// ICU 72's HebrewCalendar::startOfYear: the months before the year by
    /// floor division, but days, time of day and weekday with C's truncating
    /// `/` and `%` (wrong before AM 1, where the numbers are negative); the
    /// weekday re-read after the Sunday/Wednesday/Friday postponement, so a
    /// molad on Sunday after 9h 32m 43s (from noon Saturday) in a year after a
    /// leap year is postponed twice, to Tuesday (the rules stop at Monday);
    /// both molad thresholds compared with `>` instead of `>=`.
    static func icuNewYear(_ year: Int) -> Int {
        let months = (235 * year - 234).floorDivided(by: 19)
        var parts = months * 13_753 + 12_084
        var day = months * 29 + parts / 25_920
        parts %= 25_920
        var weekday = day % 7
        if weekday == 2 || weekday == 4 || weekday == 6 {
            day += 1
            weekday = day % 7
        }
        if weekday == 1 && parts > 15 * 1_080 + 204 && !HebrewMath.isLeapYear(year) {
            day += 2
        } else if weekday == 0 && parts > 21 * 1_080 + 589 && HebrewMath.isLeapYear(year - 1) {
            day += 1
        }
        // ICU's day 0 is JD 347,997 (the day before 1 Tishri AM 1).
        return day + 347_997 + 1 - DayNumber.julianDayOfEpoch
    }

    /// Our Hebrew rules run on ICU's year starts: what ICU answers.
    static let hebrew: HebrewCalendar = {
        let shared = HebrewYearTable.wide
        let years = shared.firstYear...(shared.firstYear + shared.count)
        return HebrewCalendar(table: HebrewYearTable(firstYear: shared.firstYear, newYears: years.map { Int32(icuNewYear($0)) }))
    }()

    /// The years from AM 1 on that ICU starts a day late (all by the double
    /// postponement above), within the supported range. The 17 from 3706 to
    /// 6893 are the ones usually cited (the years near the Common Era).
    static let hebrewLateYears: [Int] = [
        96, 194, 441, 688, 1033, 1111, 1280, 1358, 1527, 1605, 1950, 2197, 2444, 2542, 2789, 3036,
        3134, 3381, 3459, 3628, 3706, 3953, 4051, 4298, 4545, 4643, 4890, 4968, 5137, 5215, 5462,
        5560, 5807, 6054, 6399, 6646, 6893, 6991, 7238, 7316, 7485, 7563, 7810, 7908, 8155, 8402,
        8500, 8747, 8825, 8994, 9072, 9319, 9417, 9664, 9911, 10256, 10503, 10848, 10926, 11095,
        11173, 11342, 11420, 11765, 12012, 12259, 12357, 12604, 12682, 12851, 12929, 13176, 13274,
        13521,
    ]

    /// The 17 years the issue names (AM 3706 ... 6893).
    static let hebrewLateYearsNamedInIssue: [Int] = [
        3706, 3953, 4051, 4298, 4545, 4643, 4890, 4968, 5137, 5215, 5462, 5560, 5807, 6054, 6399, 6646, 6893,
    ]
}

/// ICU 72's Indian calendar: fields to day through a floating-point Julian
/// date of the month's start at midnight (JDN - 0.5) cut to an integer with
/// C's truncation, which rounds up instead of down when the month starts on
/// or before Julian Day 0 (4714 BCE): such dates come out one day late.
/// Day to fields is right.
struct ICUIndianModel: CalendarSystem, FactsForwarding {
    let rules = IndianCalendar()

    var facts: IndianCalendar { rules }
    var supportedYears: ClosedRange<Int> { rules.supportedYears }
    func ordinalDate(ofDay day: Int) -> OrdinalDate { rules.ordinalDate(ofDay: day) }
    func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let monthStart = rules.dayNumber(year: year, month: month, day: 1)
        let late = monthStart + DayNumber.julianDayOfEpoch <= 0 ? 1 : 0
        return monthStart + day - 1 + late
    }
    func monthsInYear(_ year: Int) -> Int { 12 }
    func daysInMonth(year: Int, month: Int) -> Int { rules.daysInMonth(year: year, month: month) }
    func monthCode(year: Int, month: Int) -> MonthCode { MonthCode(month) }
    func month(of code: MonthCode, inYear year: Int) -> Int? { rules.month(of: code, inYear: year) }
}
