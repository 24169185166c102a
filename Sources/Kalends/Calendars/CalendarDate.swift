/// A day in one calendar: its day number plus the fields that calendar gives it.
///
/// Build one through a `CalendarSystem` (`try Calendars.hebrew.date(dayNumber:)`);
/// the fields are always consistent with `dayNumber`.
public struct CalendarDate: Hashable, Comparable, Sendable {
    // Stored in 32 bytes rather than the 80 of one `Int` a field: four dates
    // to a cache line, and small enough to be passed and returned in
    // registers, which matters when dates are made by the million. Every
    // field of a supported date fits (years and era numbers are below 2^31,
    // months below 128, days below 2^15, era codes below 2^16, with room for
    // the impossible day 0 or 60 the ICU reference answers on a few days);
    // only engines build dates, from validated day numbers.

    /// Days since 1970-01-01; see `DayNumber`.
    public let dayNumber: Int
    private let storedYear: Int32
    private let storedEraYear: Int32
    private let storedEraValue: Int32
    private let storedEraCode: UInt16
    private let storedDay: Int16
    private let storedMonth: Int8
    /// The month code's number, plus 0x80 for a leap month.
    private let storedMonthCode: UInt8
    /// The calendar the fields belong to.
    public let calendar: CalendarIdentifier

    /// Temporal's arithmetic year (related Gregorian year for Chinese and Dangi).
    @inline(__always) public var year: Int { Int(storedYear) }
    /// The month's position in its year (1-based, leap months counted).
    @inline(__always) public var month: Int { Int(storedMonth) }
    /// The month's identity.
    @inline(__always) public var monthCode: MonthCode { MonthCode(Int(storedMonthCode & 0x7F), isLeap: storedMonthCode & 0x80 != 0) }
    /// Day of the month, from 1.
    @inline(__always) public var day: Int { Int(storedDay) }
    /// Era number, year in era and era code.
    @inline(__always) public var era: Era {
        Era(codeIndex: UInt32(storedEraCode), value: Int(storedEraValue), year: Int(storedEraYear))
    }

    @inline(__always)
    init(calendar: CalendarIdentifier, dayNumber: Int, year: Int, month: Int, monthCode: MonthCode, day: Int, era: Era) {
        assert(Int32(exactly: year) != nil && Int32(exactly: era.year) != nil && Int32(exactly: era.value) != nil
               && Int8(exactly: month) != nil && Int16(exactly: day) != nil && (0...127).contains(monthCode.number)
               && era.codeIndex <= UInt32(UInt16.max), "a date field out of its storage")
        self.calendar = calendar
        self.dayNumber = dayNumber
        self.storedYear = Int32(truncatingIfNeeded: year)
        self.storedMonth = Int8(truncatingIfNeeded: month)
        self.storedMonthCode = UInt8(truncatingIfNeeded: monthCode.number) | (monthCode.isLeap ? 0x80 : 0)
        self.storedDay = Int16(truncatingIfNeeded: day)
        self.storedEraCode = UInt16(truncatingIfNeeded: era.codeIndex)
        self.storedEraValue = Int32(truncatingIfNeeded: era.value)
        self.storedEraYear = Int32(truncatingIfNeeded: era.year)
    }

    /// `DateComponents.month` as Foundation numbers it (Hebrew: 6 Adar I, 7
    /// Adar/Adar II); the month code's number for a registered calendar.
    public var foundationMonth: Int { calendar.builtIn.map { BuiltInFacts($0).foundationMonth(monthCode) } ?? monthCode.number }

    /// `DateComponents.isLeapMonth` as Foundation gives it: true for a Chinese
    /// or Dangi leap month; false for Hebrew Adar I, which Foundation numbers 6
    /// instead (its month code `M05L` still says it is the leap month).
    public var isLeapMonth: Bool { calendar.builtIn.map { BuiltInFacts($0).foundationIsLeapMonth(monthCode) } ?? monthCode.isLeap }

    /// ISO weekday: 1 = Monday ... 7 = Sunday.
    public var weekday: Int { DayNumber.isoWeekday(dayNumber) }

    /// The Julian Day Number of the day (the integer JD at its noon).
    public var julianDay: Int { dayNumber + DayNumber.julianDayOfEpoch }

    /// The same day in the proleptic Gregorian calendar.
    public var iso: ISODate { ISODate(dayNumber: dayNumber) }

    /// Dates order by day number; the calendar breaks ties.
    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        a.dayNumber != b.dayNumber ? a.dayNumber < b.dayNumber : a.calendar < b.calendar
    }
}

extension CalendarDate: CustomStringConvertible {
    /// Every field, e.g. `hebrew 5784-M05L-30 (day number 19792, month 6, era am 0/5784)`.
    public var description: String {
        "\(calendar) \(year)-\(monthCode)-\(day) (day number \(dayNumber), month \(month), "
            + "era \(era.code ?? "-") \(era.value)/\(era.year))"
    }
}

extension CalendarDate: Codable {
    private enum CodingKeys: String, CodingKey {
        case calendar, dayNumber, year, month, monthCode, day, era
    }

    /// `Era`'s keys.
    private enum EraKeys: String, CodingKey {
        case code, value, year
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(calendar, forKey: .calendar)
        try container.encode(dayNumber, forKey: .dayNumber)
        try container.encode(year, forKey: .year)
        try container.encode(month, forKey: .month)
        try container.encode(monthCode, forKey: .monthCode)
        try container.encode(day, forKey: .day)
        try container.encode(era, forKey: .era)
    }

    /// Decodes a date written by `encode(to:)`: the calendar's standard engine
    /// rebuilds it from the day number, and every other field must agree, so
    /// a decoded date is as consistent as one an engine made. A date made by
    /// another engine (`.icu`, `.foundation`, `.reference`) decodes wherever
    /// that engine agrees with the standard one, and is refused on the days
    /// it does not (its known defects, Docs/Conformance.md).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let calendar = try container.decode(CalendarIdentifier.self, forKey: .calendar)
        let dayNumber = try container.decode(Int.self, forKey: .dayNumber)
        let engine: any CalendarSystem
        do {
            // A registered calendar's engine is its own type's: decode it through that type.
            guard let builtIn = calendar.builtIn else { throw ConversionError.unknownCalendar(calendar.key) }
            engine = try Calendars.system(builtIn)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .calendar, in: container, debugDescription: "\(error)")
        }
        let rebuilt: CalendarDate
        do {
            rebuilt = try engine.date(dayNumber: dayNumber)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .dayNumber, in: container, debugDescription: "\(error)")
        }
        let year = try container.decode(Int.self, forKey: .year)
        let month = try container.decode(Int.self, forKey: .month)
        let monthCode = try container.decode(MonthCode.self, forKey: .monthCode)
        let day = try container.decode(Int.self, forKey: .day)
        // The era's parts are compared as they are, not made into an `Era`:
        // that would intern whatever code string the input holds.
        let era = try container.nestedContainer(keyedBy: EraKeys.self, forKey: .era)
        let eraCode = try era.decodeIfPresent(String.self, forKey: .code)
        let eraValue = try era.decode(Int.self, forKey: .value)
        let eraYear = try era.decode(Int.self, forKey: .year)
        guard year == rebuilt.year, month == rebuilt.month, monthCode == rebuilt.monthCode, day == rebuilt.day,
              eraCode == rebuilt.era.code, eraValue == rebuilt.era.value, eraYear == rebuilt.era.year
        else {
            throw DecodingError.dataCorruptedError(
                forKey: .dayNumber, in: container,
                debugDescription: "day \(dayNumber) is \(rebuilt) in the standard engine, not \(year)-\(monthCode)-\(day) "
                    + "(month \(month), era \(eraCode ?? "-") \(eraValue)/\(eraYear))")
        }
        self = rebuilt
    }
}
