import Kalends
import KalendsCheck

/// A failure with a message, thrown from inside a property.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension CalendarDate {
    /// `year-month-day` in the date's own fields, for failure messages.
    /// (`CalendarDateText.format` is not used: it reads the calendar from the
    /// date's identity, which is still a placeholder for Symmetry454.)
    var fields: String { "\(year)-\(month)-\(day)" }
}

/// Generators of Symmetry454 days and fields (all shrink toward small values).
enum Symmetry454Gen {
    static let calendar = Symmetry454Calendar()

    /// Days across the supported span, near month starts (KalendsCheck's own
    /// generator, which asks the calendar only through `CalendarSystem`), and
    /// near the leap week, where December's 29th ... 35th days live.
    static let days: Gen<Int> = Gen.frequency([
        (3, Gen.dayNumber(near: calendar)),
        (1, Gen.zip(Gen.int(in: calendar.supportedYears), Gen.int(in: -8...8)).map { year, offset in
            let day = calendar.dayNumber(year: year, month: 12, day: 28) + offset
            return Swift.min(Swift.max(day, DayNumber.supported.lowerBound), DayNumber.supported.upperBound)
        }),
    ])

    /// Valid ordinal fields of any supported year, leap weeks included.
    static let fields: Gen<OrdinalDate> = Gen.int(in: calendar.supportedYears).flatMap { year in
        Gen.int(in: 1...calendar.monthsInYear(year)).flatMap { month in
            Gen.int(in: 1...calendar.daysInMonth(year: year, month: month)).map { OrdinalDate(year: year, month: month, day: $0) }
        }
    }
}
