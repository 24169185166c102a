import Kalends

extension Gen where Value == Int {
    /// Day numbers across the whole supported span (ISO -9999 ... 9999), with
    /// a third of the cases in 1900 ... 2100 where most real dates are.
    public static var dayNumber: Gen<Int> {
        let modern = (try? ISODate(year: 1900, month: 1, day: 1).dayNumber) ?? -25_567
        let modernEnd = (try? ISODate(year: 2100, month: 12, day: 31).dayNumber) ?? 47_846
        return Gen.frequency([
            (2, Gen.int(in: DayNumber.supported)),
            (1, Gen.int(in: modern...modernEnd)),
        ])
    }

    /// Day numbers of `calendar` near the days where bugs live: within two
    /// days of a month start (year starts and leap months included), mixed
    /// with plain random days. Always within `DayNumber.supported`.
    public static func dayNumber(near calendar: any CalendarSystem) -> Gen<Int> {
        let years = calendar.supportedYears
        let nearMonthStart = Gen<(Int, Int, Int)>.zip(Gen.int(in: years), Gen.int(in: 1...13), Gen.int(in: -2...2)).map { year, month, offset in
            calendar.dayNumber(year: year, month: Swift.min(month, calendar.monthsInYear(year)), day: 1) + offset
        }
        return Gen.oneOf([Gen.dayNumber, nearMonthStart]).map { day in
            Swift.min(Swift.max(day, DayNumber.supported.lowerBound), DayNumber.supported.upperBound)
        }
    }
}

extension Gen where Value == CalendarID {
    /// Any of the 19 calendars; shrinks toward `gregorian`.
    public static var calendarID: Gen<CalendarID> { Gen.element(of: CalendarID.allCases) }
}
