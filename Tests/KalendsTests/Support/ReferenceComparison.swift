import XCTest
@testable import Kalends

/// One backend call per day for the reference's full date (fields and era),
/// instead of the two `CalendarSystem.date(dayNumber:)` makes.
protocol ReferenceDates {
    func referenceDate(ofDay day: Int) throws -> CalendarDate
}

extension ReferenceCalendar: ReferenceDates {
    func referenceDate(ofDay day: Int) throws -> CalendarDate {
        let fields = try backend.fields(ofDay: day)
        let month = (try checkedStructure(ofYear: fields.year).codes.firstIndex(of: fields.monthCode) ?? -1) + 1
        return CalendarDate(calendar: id, dayNumber: day, year: fields.year, month: month,
                            monthCode: fields.monthCode, day: fields.day, era: fields.era)
    }
}

/// A fast engine and its reference, compared field by field.
struct EngineComparison: Sendable {
    let id: CalendarID
    let fast: any CalendarSystem
    let reference: any CalendarSystem

    init(_ id: CalendarID) throws {
        self.id = id
        fast = try Calendars.system(id, engine: .standard)
        reference = try Calendars.system(id, engine: .reference)
    }

    init(id: CalendarID, fast: any CalendarSystem, reference: any CalendarSystem) {
        self.id = id
        self.fast = fast
        self.reference = reference
    }

    /// The reference's date of a day (its fields, era and ordinal month).
    func referenceDate(ofDay day: Int) throws -> CalendarDate {
        if let dates = reference as? any ReferenceDates { return try dates.referenceDate(ofDay: day) }
        return try reference.date(dayNumber: day)
    }

    /// What differs between the engines on `day`, in both directions: the
    /// fields of the day, and the day of those fields; with `roundTrip`, also
    /// whether the fast engine maps its fields back to the day.
    func differences(onDay day: Int, roundTrip: Bool = true) throws -> [String] {
        let ours = try fast.date(dayNumber: day)
        let theirs = try referenceDate(ofDay: day)
        var found: [String] = []
        if ours != theirs {
            found.append("day \(day) (\(ISODate(dayNumber: day))): ours \(Self.describe(ours)), reference \(Self.describe(theirs))")
        }
        let back = fast.dayNumber(year: ours.year, month: ours.month, day: ours.day)
        if roundTrip && back != day {
            found.append("day \(day): ours \(Self.describe(ours)) maps back to day \(back)")
        }
        if theirs.month >= 1 {
            let referenceBack = reference.dayNumber(year: theirs.year, month: theirs.month, day: theirs.day)
            let oursFromTheirFields = fast.dayNumber(year: theirs.year, month: theirs.month, day: theirs.day)
            if referenceBack != oursFromTheirFields {
                found.append("fields \(Self.describe(theirs)): reference gives day \(referenceBack), ours \(oursFromTheirFields)")
            }
        }
        return found
    }

    /// What differs in the month structure of `year`.
    func yearDifferences(_ year: Int) -> [String] {
        let ours = YearShape(fast, year: year)
        let theirs = YearShape(reference, year: year)
        return ours == theirs ? [] : ["\(id) year \(year): ours \(ours), reference \(theirs)"]
    }

    static func describe(_ date: CalendarDate) -> String {
        "\(date.year)-\(date.monthCode)(#\(date.month))-\(date.day) era \(date.era.code ?? "-")/\(date.era.value)/\(date.era.year) wd \(date.weekday)"
    }
}

/// A year's first day, months and their lengths.
struct YearShape: Equatable, CustomStringConvertible {
    let firstDay: Int
    let codes: [MonthCode]
    let lengths: [Int]

    init(_ calendar: any CalendarSystem, year: Int) {
        let count = calendar.monthsInYear(year)
        firstDay = calendar.dayNumber(year: year, month: 1, day: 1)
        codes = (1...max(count, 1)).map { calendar.monthCode(year: year, month: $0) }
        lengths = (1...max(count, 1)).map { calendar.daysInMonth(year: year, month: $0) }
    }

    var description: String {
        "first \(firstDay) \(zip(codes, lengths).map { "\($0)=\($1)" }.joined(separator: " "))"
    }
}

/// Environment switches of the slow tests.
enum TestEnvironment {
    static func value(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
