/// What to do with a field that does not exist in the target year or month.
public enum Overflow: String, Sendable, Codable, CaseIterable {
    /// Clamp as Temporal does: a missing leap month becomes its common
    /// counterpart (Hebrew `M05L` becomes `M06`, Chinese `M04L` becomes `M04`),
    /// a day past the month's end becomes its last day.
    case constrain
    /// Throw a `ConversionError` that names the reason.
    case reject
}

/// A date as three ordinals: arithmetic year, month position within that
/// year (1-based, leap months counted), day of month.
public struct OrdinalDate: Hashable, Sendable, Codable {
    /// Arithmetic year.
    public var year: Int
    /// Position of the month in its year, from 1.
    public var month: Int
    /// Day of the month, from 1.
    public var day: Int

    /// Ordinal fields, unchecked (engines check them against their calendar).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }
}

/// A calendar as a pair of functions between day numbers and fields.
///
/// Day numbers count days since 1970-01-01 (proleptic Gregorian); see
/// `DayNumber`. Engines answer only for years in `supportedYears` and valid
/// ordinals: validation, month codes and overflow live in the protocol
/// extension, written once for every calendar.
public protocol CalendarSystem: CalendarFacts {
    /// The arithmetic years that intersect the supported day range.
    var supportedYears: ClosedRange<Int> { get }
    /// The fields of a day number within `DayNumber.supported`. Unchecked:
    /// shared code calls it with supported days only; callers use `date(dayNumber:)`.
    func ordinalDate(ofDay day: Int) -> OrdinalDate
    /// The day number of valid ordinal fields. Unchecked (any answer for an
    /// invalid year, month or day); callers use `checkedDayNumber(year:month:day:)`.
    func dayNumber(year: Int, month: Int, day: Int) -> Int
    /// How many months `year` has (13 in a Hebrew or Chinese leap year).
    /// Unchecked for years outside `supportedYears`; callers use `checkedMonthsInYear(_:)`.
    func monthsInYear(_ year: Int) -> Int
    /// How many days the `month`-th month of `year` has. Unchecked (any
    /// answer for an invalid month); callers use `checkedDaysInMonth(year:month:)`.
    func daysInMonth(year: Int, month: Int) -> Int
    /// The identity of the `month`-th month of `year`. Unchecked, like `daysInMonth`.
    func monthCode(year: Int, month: Int) -> MonthCode
    /// The position of `code` in `year`, or nil when that year lacks it.
    func month(of code: MonthCode, inYear year: Int) -> Int?
    /// The era of a day (Foundation's era number, the year in it, Temporal's code).
    func era(ofDay day: Int, year: Int) -> Era
    /// How many days `year` has. Unchecked for years outside `supportedYears`.
    /// The default sums the months; engines answer directly.
    func daysInYear(_ year: Int) -> Int
    /// Whether `year` is a leap year of this calendar: 13 months in the
    /// lunisolar calendars (Hebrew, Chinese, Dangi), otherwise a leap day
    /// (366 days in the solar calendars, 355 in the Islamic ones).
    func isLeapYear(_ year: Int) -> Bool

    // The conversions below are written once in the extension; they are
    // requirements only so that every engine gets its own specialized copy
    // (calls through `any CalendarSystem` then cost a few nanoseconds, not a
    // chain of generic witness calls). Engines implement them only as direct
    // paths for common cases, proven equal to the shared implementation.

    /// The calendar date of a day number; see the extension.
    func date(dayNumber day: Int) throws(ConversionError) -> CalendarDate
    /// The date with a month code; see the extension.
    func date(year: Int, monthCode: MonthCode, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate
    /// The date with an ordinal month; see the extension.
    func date(year: Int, month: Int, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate
    /// The day number of the date with a month code when that date exists
    /// exactly as given and lies in `DayNumber.supported`; nil otherwise.
    /// `dayNumber(year:monthCode:day:overflow:)` says why, or resolves overflow.
    func dayNumberIfValid(year: Int, monthCode: MonthCode, day: Int) -> Int?
    /// `date` moved by `duration` (Temporal's NonISODateAdd); see Arithmetic/DateAddition.swift.
    func adding(_ duration: DateDuration, to date: CalendarDate, overflow: Overflow) throws(ArithmeticError) -> CalendarDate
    /// The same under `.constrain`.
    func adding(_ duration: DateDuration, to date: CalendarDate) throws(ArithmeticError) -> CalendarDate
    /// The duration from `start` to `end` (Temporal's NonISODateUntil); see Arithmetic/DateDifference.swift.
    func until(_ start: CalendarDate, _ end: CalendarDate, largestUnit: DateUnit) throws(ArithmeticError) -> DateDuration
}

extension CalendarSystem {
    @inline(__always)
    public func daysInYear(_ year: Int) -> Int {
        var total = 0
        for month in 1...Swift.max(1, monthsInYear(year)) { total += daysInMonth(year: year, month: month) }
        return total
    }

    public func isLeapYear(_ year: Int) -> Bool {
        if hasLeapMonths { return monthsInYear(year) > 12 }
        let days = daysInYear(year)
        return days == 366 || days == 355
    }

    public func era(ofDay day: Int, year: Int) -> Era {
        standardEra(year: year)
    }

    /// The calendar date of a day number.
    ///
    /// Throws `.dayNumberOutOfRange` outside ISO years -9999 ... 9999.
    @inline(__always)
    public func date(dayNumber day: Int) throws(ConversionError) -> CalendarDate {
        try standardDate(dayNumber: day)
    }

    /// The shared implementation of `date(dayNumber:)`, for engines that
    /// answer common cases faster themselves and the rest through it.
    @inline(__always)
    func standardDate(dayNumber day: Int) throws(ConversionError) -> CalendarDate {
        guard DayNumber.supported.contains(day) else {
            throw .dayNumberOutOfRange(day, allowed: DayNumber.supported)
        }
        return makeDate(day, ordinalDate(ofDay: day))
    }

    /// The date with a month code, e.g. `(5784, M05L, 30)` for 30 Adar I 5784.
    ///
    /// Steps, as Temporal's: check the year; resolve the month code in that
    /// year (constrain or reject); clamp or reject the day; check the day range.
    @inline(__always)
    public func date(year: Int, monthCode: MonthCode, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        try standardDate(year: year, monthCode: monthCode, day: day, overflow: overflow)
    }

    /// The shared implementation of `date(year:monthCode:day:overflow:)`.
    @inline(__always)
    func standardDate(year: Int, monthCode: MonthCode, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        try checkYear(year)
        let month = try resolve(monthCode, inYear: year, overflow: overflow)
        return try date(checkedYear: year, month: month, day: day, overflow: overflow)
    }

    /// The day number of the date with a month code: what
    /// `date(year:monthCode:day:overflow:)` gives, with the same errors.
    /// The standard engines answer a date that exists without building it
    /// (the ICU and Foundation engines build it and keep its day number).
    /// Batch conversion takes this path, since only the day number travels on.
    ///
    ///     try Calendars.system(.hebrew).dayNumber(year: 5784, monthCode: MonthCode(5, isLeap: true), day: 30, overflow: .reject)
    ///     // 19_792 (2024-03-10)
    ///
    /// Inlined into the caller, so a call through `any CalendarSystem` costs
    /// one witness call (`dayNumberIfValid`) when the date exists.
    @inlinable @inline(__always)
    public func dayNumber(year: Int, monthCode: MonthCode, day: Int, overflow: Overflow) throws(ConversionError) -> Int {
        if let number = dayNumberIfValid(year: year, monthCode: monthCode, day: day) { return number }
        return try overflowDayNumber(year: year, monthCode: monthCode, day: day, overflow: overflow)
    }

    /// The rest of `dayNumber(year:monthCode:day:overflow:)`: the error, or the
    /// day after resolving overflow.
    @usableFromInline
    func overflowDayNumber(year: Int, monthCode: MonthCode, day: Int, overflow: Overflow) throws(ConversionError) -> Int {
        try date(year: year, monthCode: monthCode, day: day, overflow: overflow).dayNumber
    }

    /// Through the engine's `date(year:monthCode:day:overflow:)`; the
    /// standard engines replace it with their direct paths.
    public func dayNumberIfValid(year: Int, monthCode: MonthCode, day: Int) -> Int? {
        try? date(year: year, monthCode: monthCode, day: day, overflow: .reject).dayNumber
    }

    /// The date with a month code, rejecting a date that does not exist.
    @inlinable
    public func date(year: Int, monthCode: MonthCode, day: Int) throws(ConversionError) -> CalendarDate {
        try date(year: year, monthCode: monthCode, day: day, overflow: .reject)
    }

    /// The date with an ordinal month (the month's position in its year).
    @inline(__always)
    public func date(year: Int, month: Int, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        try standardDate(year: year, month: month, day: day, overflow: overflow)
    }

    /// The shared implementation of `date(year:month:day:overflow:)`.
    @inline(__always)
    func standardDate(year: Int, month: Int, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        try checkYear(year)
        // A faulty engine may report no months; ranges must not trap on it.
        let count = Swift.max(monthsInYear(year), 1)
        var month = month
        if month < 1 || month > count {
            guard overflow == .constrain, month >= 1 else {
                throw .monthOutOfRange(id, year: year, month: month, allowed: 1...count)
            }
            month = count
        }
        return try date(checkedYear: year, month: month, day: day, overflow: overflow)
    }

    /// The date with an ordinal month, rejecting a date that does not exist.
    @inlinable
    public func date(year: Int, month: Int, day: Int) throws(ConversionError) -> CalendarDate {
        try date(year: year, month: month, day: day, overflow: .reject)
    }

    /// The date with Foundation's month number (`DateComponents.month`): for
    /// Hebrew 6 is Adar I and 7 is Adar or Adar II; elsewhere the code's number.
    public func date(year: Int, foundationMonth: Int, isLeapMonth: Bool = false, day: Int, overflow: Overflow = .reject) throws(ConversionError) -> CalendarDate {
        let maximum = maxFoundationMonth
        // Under .constrain a month number past the last becomes the last, as Temporal clamps `month`.
        let month = overflow == .constrain && foundationMonth > maximum ? maximum : foundationMonth
        guard let code = monthCode(foundationMonth: month, isLeapMonth: isLeapMonth) else {
            try checkYear(year)
            throw .monthOutOfRange(id, year: year, month: foundationMonth, allowed: 1...maximum)
        }
        return try date(year: year, monthCode: code, day: day, overflow: overflow)
    }

    /// The month codes of `year` in order.
    public func monthCodes(inYear year: Int) throws(ConversionError) -> [MonthCode] {
        try checkYear(year)
        return (1...Swift.max(monthsInYear(year), 1)).map { monthCode(year: year, month: $0) }
    }

    /// The first day of `year` (its day number).
    public func firstDay(ofYear year: Int) throws(ConversionError) -> Int {
        try checkYear(year)
        return dayNumber(year: year, month: 1, day: 1)
    }

    /// How many months `year` has; throws `.yearOutOfRange` outside `supportedYears`.
    public func checkedMonthsInYear(_ year: Int) throws(ConversionError) -> Int {
        try checkYear(year)
        return monthsInYear(year)
    }

    /// How many days the `month`-th month of `year` has (leap months counted
    /// in the position); throws `.yearOutOfRange` or `.monthOutOfRange`.
    public func checkedDaysInMonth(year: Int, month: Int) throws(ConversionError) -> Int {
        try checkMonth(year: year, month: month)
        return daysInMonth(year: year, month: month)
    }

    /// The day number of ordinal fields; throws for an invalid year, month
    /// or day, or a day outside `DayNumber.supported` (as `date(year:month:day:)`).
    public func checkedDayNumber(year: Int, month: Int, day: Int) throws(ConversionError) -> Int {
        try date(year: year, month: month, day: day, overflow: .reject).dayNumber
    }

    /// Throws unless `year` is supported and has a `month`-th month.
    func checkMonth(year: Int, month: Int) throws(ConversionError) {
        try checkYear(year)
        let count = monthsInYear(year)
        guard (1...Swift.max(count, 1)).contains(month) else {
            throw .monthOutOfRange(id, year: year, month: month, allowed: 1...Swift.max(count, 1))
        }
    }

    /// Throws unless `year` is within `supportedYears`.
    @inline(__always)
    public func checkYear(_ year: Int) throws(ConversionError) {
        guard supportedYears.contains(year) else {
            throw .yearOutOfRange(id, year: year, allowed: supportedYears)
        }
    }

    /// The ordinal of `code` in `year`, constrained or rejected when absent.
    @inline(__always)
    func resolve(_ code: MonthCode, inYear year: Int, overflow: Overflow) throws(ConversionError) -> Int {
        guard hasMonthCode(code) else {
            throw .monthCodeNotInYear(id, year: year, monthCode: code,
                                      detail: "\(id) has no month \(code): its months are \(monthCodesDescription)")
        }
        if let month = month(of: code, inYear: year) { return month }
        if overflow == .constrain, let fallback = constrainedMonthCode(code), let month = month(of: fallback, inYear: year) {
            return month
        }
        let codes = (1...Swift.max(monthsInYear(year), 1)).map { monthCode(year: year, month: $0) }
        throw .monthCodeNotInYear(id, year: year, monthCode: code, detail: missingMonthDetail(code, year: year, codes: codes))
    }

    @inline(__always)
    private func date(checkedYear year: Int, month: Int, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        // A faulty engine may report a month of 0 days (Foundation's Chinese
        // 2057-M08); ranges must not trap on it.
        let length = Swift.max(daysInMonth(year: year, month: month), 1)
        var day = day
        // As in Temporal, a day below 1 is an error under both overflows; only a
        // day past the month's end is clamped.
        if day < 1 || day > length {
            guard overflow == .constrain, day >= 1 else {
                throw .dayOutOfRange(id, year: year, monthCode: monthCode(year: year, month: month), day: day, allowed: 1...length)
            }
            day = length
        }
        let number = dayNumber(year: year, month: month, day: day)
        guard DayNumber.supported.contains(number) else {
            throw .dayNumberOutOfRange(number, allowed: DayNumber.supported)
        }
        return makeDate(number, OrdinalDate(year: year, month: month, day: day))
    }

    @inline(__always)
    private func makeDate(_ day: Int, _ fields: OrdinalDate) -> CalendarDate {
        CalendarDate(
            calendar: id, dayNumber: day, year: fields.year, month: fields.month,
            monthCode: monthCode(year: fields.year, month: fields.month), day: fields.day,
            era: era(ofDay: day, year: fields.year)
        )
    }
}

extension CalendarSystem {
    /// The arithmetic years spanned by `DayNumber.supported`, for engines'
    /// `supportedYears`.
    func yearsSpanningSupportedDays() -> ClosedRange<Int> {
        ordinalDate(ofDay: DayNumber.supported.lowerBound).year...ordinalDate(ofDay: DayNumber.supported.upperBound).year
    }
}

extension CalendarSystem {
    /// The day of the year of `date` in this calendar, from 1 (1 Tishri is
    /// day 1 of a Hebrew year, 1 Farvardin of a Persian one).
    public func dayOfYear(of date: CalendarDate) throws(ConversionError) -> Int {
        let own = date.calendar == id ? date : try self.date(dayNumber: date.dayNumber)
        return own.dayNumber - dayNumber(year: own.year, month: 1, day: 1) + 1
    }
}

extension CalendarDate {
    /// The day of the year in this date's calendar, from 1 (computed with the
    /// calendar's standard engine); throws when that engine cannot be opened.
    public var dayOfYear: Int {
        get throws(ConversionError) {
            guard let builtIn = calendar.builtIn else { throw .unknownCalendar(calendar.key) }
            return try Calendars.system(builtIn).dayOfYear(of: self)
        }
    }
}
