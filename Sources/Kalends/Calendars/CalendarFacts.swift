/// What a calendar knows about itself, beyond the arithmetic of its days:
/// which month codes it has and where a leap month goes when a year lacks
/// it, its month names, its eras and how Foundation and ICU number its
/// fields. Shared code (validation, arithmetic, text, JSON, the reference
/// engines) asks these questions instead of asking which calendar it is.
///
/// Every requirement but the lengths of months and years (which only the
/// calendar knows) has a default for a plain calendar of twelve months
/// `M01` ... `M12` without leap months or eras, so a calendar defined
/// outside Kalends writes only what differs. Each built-in calendar answers
/// in its engine's own file.
public protocol CalendarFacts: Sendable {
    /// Who the calendar is: a built-in one, or one registered by a calendar
    /// type defined outside Kalends (`CalendarIdentifier.register`).
    var id: CalendarIdentifier { get }
    /// The calendar's English name (`kalends calendars`), e.g. `Hebrew`.
    var name: String { get }
    /// True when leap months exist and are named by codes with `L` (`M05L`, `M04L`).
    var hasLeapMonths: Bool { get }
    /// True when `code` occurs in some year of the calendar.
    func hasMonthCode(_ code: MonthCode) -> Bool
    /// The month codes, for messages: `M01 ... M12 and M05L (Adar I)`.
    var monthCodesDescription: String { get }
    /// The month codes as RFC 7529's BYMONTH writes them, for messages:
    /// `1 ... 12 and 5L (Adar I)`; `1 ... 13, no leap months`.
    var ruleMonthsDescription: String { get }
    /// The fewest and most days a month of the calendar has in any supported
    /// year (Gregorian `28...31`, Hebrew `29...30`, Coptic `5...30`).
    var monthLengths: ClosedRange<Int> { get }
    /// The fewest and most days a year of the calendar has in any supported
    /// year (Gregorian `365...366`, Hebrew `353...385`).
    var yearLengths: ClosedRange<Int> { get }
    /// The month a leap month becomes in a year that lacks it under
    /// `.constrain` (Temporal): Hebrew `M05L` becomes `M06`, Chinese `M04L` `M04`.
    func constrainedMonthCode(_ code: MonthCode) -> MonthCode?
    /// The nearest month before (`forward == false`) or after a leap month
    /// that a year lacks, for RFC 7529's SKIP=BACKWARD and SKIP=FORWARD:
    /// Hebrew `M05L` gives `M05` before and `M06` after.
    func monthCode(skipping code: MonthCode, forward: Bool) -> MonthCode?
    /// Why `year` lacks `code` (whose codes are `codes`), for messages.
    func missingMonthDetail(_ code: MonthCode, year: Int, codes: [MonthCode]) -> String

    /// The English name of a month; `leapYear` is true in a year with more
    /// months than usual (Hebrew M06 is "Adar II" then, "Adar" otherwise).
    func monthName(_ code: MonthCode, leapYear: Bool) -> String
    /// The month code of an English month name or a common spelling of it
    /// (case, spaces, hyphens and apostrophes ignored), or nil.
    func monthCode(forName name: String) -> MonthCode?
    /// True when the month names are ordinals (`Fourth Month`), so English
    /// text says "the 15th day of the 4th month" rather than "15 Fourth Month".
    var hasNumberedMonths: Bool { get }

    /// The era of an arithmetic year in a calendar whose eras follow from
    /// the year alone (Japanese eras start mid-year: its engine answers per day).
    func standardEra(year: Int) -> Era
    /// The Temporal era codes text may use (`ce`, `bce`; `am`), for `ERA:YEAR-MONTH-DAY`.
    var eraCodes: [String] { get }
    /// The arithmetic year of `eraYear` in era `code` (any spelling `eraCodes`
    /// or Temporal's newer identifiers give); throws `.unknownEra` or `.eraYearOutOfRange`.
    func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int
    /// Whether a date read with era `code` really lies in that era (Japanese
    /// eras start mid-year, so `heisei:1-01-01` does not).
    func isInEra(_ code: String, _ date: CalendarDate) -> Bool
    /// The year as the English long form writes it: `5784 AM`, `44 BCE`,
    /// `Reiwa 6`, `2024` (Chinese: the related Gregorian year).
    func longFormYear(of date: CalendarDate) -> String
    /// The year a month grid's title shows: the arithmetic year, or `Reiwa 6`.
    func titleYear(of date: CalendarDate) -> String
    /// True where the JSON carries `relatedGregorianYear` (Chinese, Dangi).
    var hasRelatedGregorianYear: Bool { get }

    /// `DateComponents.month` for a code (Hebrew: 6 is Adar I, 7 Adar or Adar II).
    func foundationMonth(_ code: MonthCode) -> Int
    /// The code of Foundation's month number and leap flag, or nil.
    func monthCode(foundationMonth month: Int, isLeapMonth: Bool) -> MonthCode?
    /// The largest Foundation month number (13 for Hebrew, Coptic, Ethiopic).
    var maxFoundationMonth: Int { get }
    /// `DateComponents.isLeapMonth` for a code (false for Hebrew Adar I,
    /// which Foundation numbers 6 instead).
    func foundationIsLeapMonth(_ code: MonthCode) -> Bool
    /// The arithmetic year of Foundation's era number and year in it.
    func arithmeticYear(foundationEra era: Int, eraYear: Int) throws(ConversionError) -> Int
    /// Foundation's era number and year for an arithmetic year (and the
    /// month and day, where eras start mid-year).
    func foundationEra(year: Int, monthCode: MonthCode, day: Int) -> (era: Int, year: Int)
    /// The `Era` of a day whose Foundation or ICU era number and year are given.
    func era(foundationEra value: Int, eraYear: Int, year: Int, day: Int) -> Era
    /// How ICU's fields hold the arithmetic year.
    var icuYear: ICUYearField { get }
    /// How the system ICU opens the calendar, or nil where ICU lacks it.
    var icuCalendar: ICUCalendarType? { get }
}

/// How the system ICU opens a calendar (`CalendarFacts.icuCalendar`), for
/// the reference engine and for localized date formats.
public struct ICUCalendarType: Hashable, Sendable {
    /// Where ICU's Gregorian calendar and its subclasses switch from Julian
    /// rules (October 1582 unless told).
    public enum GregorianChange: Hashable, Sendable {
        /// Not a Gregorian calendar: nothing to set.
        case notApplicable
        /// Gregorian rules for every year.
        case prolepticGregorian
        /// Julian rules for every year.
        case prolepticJulian
    }

    /// ICU's calendar type (`hebrew`, `islamic-umalqura`; `gregorian` for Julian).
    public let type: String
    /// Which rules ICU's Gregorian calendar follows in which years.
    public let gregorianChange: GregorianChange
    /// The type a date format writes the calendar's dates with: `type`, but
    /// `gregorian` for ISO 8601, whose CLDR formats are numeric.
    public let formatType: String

    /// The ICU calendar `type`, written by formats of `formatType` (by default the same).
    public init(_ type: String, gregorianChange: GregorianChange = .notApplicable, formatType: String? = nil) {
        self.type = type
        self.gregorianChange = gregorianChange
        self.formatType = formatType ?? type
    }
}

/// How ICU's fields hold a calendar's arithmetic year.
public enum ICUYearField: Hashable, Sendable {
    /// EXTENDED_YEAR is the arithmetic year plus `offset` (Chinese 2637, ROC 1911).
    case extended(offset: Int)
    /// YEAR within ERA `era` is the arithmetic year (Ethiopic Amete Alem).
    case eraYear(era: Int)
}

extension CalendarFacts {
    public var hasLeapMonths: Bool { false }

    public func hasMonthCode(_ code: MonthCode) -> Bool {
        (1...12).contains(code.number) && !code.isLeap
    }

    public var monthCodesDescription: String { "M01 ... M12" }

    /// The month numbers the calendar has, none of them leap.
    public var ruleMonthsDescription: String {
        "1 ... \((1...13).filter { hasMonthCode(MonthCode($0)) }.count), no leap months"
    }

    public func constrainedMonthCode(_ code: MonthCode) -> MonthCode? {
        code.isLeap ? MonthCode(code.number) : nil
    }

    public func monthCode(skipping code: MonthCode, forward: Bool) -> MonthCode? {
        guard code.isLeap else { return nil }
        return forward ? MonthCode(code.number + 1) : MonthCode(code.number)
    }

    public func missingMonthDetail(_ code: MonthCode, year: Int, codes: [MonthCode]) -> String {
        "\(id) \(year) has no month \(code)"
    }

    public func monthName(_ code: MonthCode, leapYear: Bool) -> String {
        "Month \(code.number)" + (code.isLeap ? " (leap)" : "")
    }

    public func monthCode(forName name: String) -> MonthCode? {
        let key = MonthNames.normalized(name)
        guard !key.isEmpty else { return nil }
        for number in 1...13 where hasMonthCode(MonthCode(number)) && MonthNames.normalized(monthName(MonthCode(number), leapYear: false)) == key {
            return MonthCode(number)
        }
        return nil
    }

    public var hasNumberedMonths: Bool { false }

    public func standardEra(year: Int) -> Era { Era(codeIndex: EraCode.none, value: 0, year: year) }

    public var eraCodes: [String] { [] }

    public func isInEra(_ code: String, _ date: CalendarDate) -> Bool { true }

    public func longFormYear(of date: CalendarDate) -> String {
        guard let code = date.era.code else { return "\(date.year)" }
        return "\(date.era.year) \(code.uppercased())"
    }

    public func titleYear(of date: CalendarDate) -> String { "\(date.year)" }

    public var hasRelatedGregorianYear: Bool { false }

    public func foundationMonth(_ code: MonthCode) -> Int { code.number }

    public func monthCode(foundationMonth month: Int, isLeapMonth: Bool) -> MonthCode? {
        guard (1...maxFoundationMonth).contains(month), !isLeapMonth else { return nil }
        let code = MonthCode(month)
        return hasMonthCode(code) ? code : nil
    }

    public var maxFoundationMonth: Int { hasMonthCode(MonthCode(13)) ? 13 : 12 }

    public func foundationIsLeapMonth(_ code: MonthCode) -> Bool { code.isLeap }

    public func arithmeticYear(foundationEra era: Int, eraYear: Int) throws(ConversionError) -> Int { eraYear }

    public func foundationEra(year: Int, monthCode: MonthCode, day: Int) -> (era: Int, year: Int) {
        let era = standardEra(year: year)
        return (era.value, era.year)
    }

    public func era(foundationEra value: Int, eraYear: Int, year: Int, day: Int) -> Era {
        Era(codeIndex: standardEra(year: year).codeIndex, value: value, year: eraYear)
    }

    public var icuYear: ICUYearField { .extended(offset: 0) }

    public var icuCalendar: ICUCalendarType? { nil }
}

extension CalendarFacts {
    /// The shared steps of `arithmeticYear(era:eraYear:)`: the spelling made
    /// canonical by `canonical`, checked against `eraCodes`, the era year
    /// bounded (and at least 1 unless `allowsYearsBelowOne`), then `convert`.
    public func arithmeticYear(era code: String, eraYear: Int, canonical: (String) -> String, allowsYearsBelowOne: Bool = false,
                               convert: (String, Int) throws(ConversionError) -> Int) throws(ConversionError) -> Int {
        let era = canonical(code.lowercased())
        guard eraCodes.contains(era) else { throw .unknownEra(id, era: code, known: eraCodes) }
        // Far beyond any supported year; checked first so no arithmetic can overflow.
        guard (-1_000_000...1_000_000).contains(eraYear) else {
            throw .eraYearOutOfRange(id, era: era, year: eraYear, allowed: 1...1_000_000)
        }
        guard eraYear >= 1 || allowsYearsBelowOne else {
            throw .eraYearOutOfRange(id, era: era, year: eraYear, allowed: 1...Int.max)
        }
        return try convert(era, eraYear)
    }

    /// Calendars without eras: every code is unknown.
    public func arithmeticYear(era code: String, eraYear: Int) throws(ConversionError) -> Int {
        try arithmeticYear(era: code, eraYear: eraYear, canonical: { $0 }) { _, year in year }
    }

    /// Era codes that count years backwards from 1 (`bce`, `broc`, `bh`, `bd`).
    static func countsBackward(_ era: String) -> Bool {
        era == "bce" || era == "broc" || era == "bh" || era == "bd"
    }
}
