/// An RFC 5545 recurrence rule (the value of an RRULE): a plain value,
/// valid by construction. Build one with `init(frequency:...)` or read one
/// with `init(parsing:)`; `description` is its canonical RRULE text, and
/// `RecurrenceRule(parsing: rule.description) == rule`.
///
///     let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
///
/// The BYxxx lists are sets: they are kept sorted and without repeats, so two
/// rules are equal when they say the same thing in the same parts. The
/// validity rules of RFC 5545 section 3.3.10 are checked (`RuleError` names
/// the part): BYWEEKNO only with YEARLY, BYDAY ordinals only with MONTHLY and
/// YEARLY (and not beside BYWEEKNO), BYMONTHDAY not with WEEKLY, BYYEARDAY not
/// with DAILY, WEEKLY or MONTHLY, BYSETPOS only beside another BYxxx part,
/// COUNT and UNTIL not both, and every value in its range.
///
/// RFC 7529's RSCALE and SKIP are parts too: `rscale` names the calendar the
/// rule counts in (nil: RFC 5545's Gregorian), BYMONTH then holds that
/// calendar's month codes (`5L` is Hebrew Adar I), and `skip` says what
/// becomes of a date the calendar does not have.
///
///     let adarI = try RecurrenceRule(parsing: "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD")
public struct RecurrenceRule: Hashable, Sendable {
    /// FREQ: the period the rule repeats over.
    public enum Frequency: Int, Hashable, Sendable, CaseIterable, Comparable, CustomStringConvertible {
        case secondly, minutely, hourly, daily, weekly, monthly, yearly

        /// The RRULE name (`DAILY`).
        public var description: String {
            ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"][rawValue]
        }

        public static func < (a: Frequency, b: Frequency) -> Bool { a.rawValue < b.rawValue }
    }

    /// One BYDAY value: a weekday, and which of them in the month or year
    /// (`ordinal` 1 ... 53 from the start, -1 ... -53 from the end), or
    /// every one of them (`ordinal` nil).
    public struct Day: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// Which one in the month or year (`-1`: the last), or nil for every one.
        public let ordinal: Int?
        /// The weekday.
        public let weekday: Weekday

        /// Every `weekday` of the period.
        public init(_ weekday: Weekday) {
            ordinal = nil
            self.weekday = weekday
        }

        /// The `ordinal`-th `weekday` (`-1`: the last). Throws when `ordinal`
        /// is 0 or beyond ±55 (a rule allows ±53, or ±55 in a lunisolar RSCALE,
        /// whose years have up to 385 days).
        public init(_ ordinal: Int, _ weekday: Weekday) throws(RuleError) {
            guard (1...55).contains(ordinal.magnitude) else {
                throw RuleError(.outOfRange(value: String(ordinal), allowed: "-55 ... -1 or 1 ... 55"), part: "BYDAY")
            }
            self.ordinal = ordinal
            self.weekday = weekday
        }

        init(unchecked ordinal: Int?, _ weekday: Weekday) {
            self.ordinal = ordinal
            self.weekday = weekday
        }

        /// `MO`, `-1FR`, `+2TU` is written `2TU`.
        public var description: String {
            (ordinal.map(String.init) ?? "") + RecurrenceRule.weekdayCode(weekday)
        }

        /// By weekday, then every one before the ordinals, then by ordinal.
        public static func < (a: Day, b: Day) -> Bool {
            (a.weekday.rawValue, a.ordinal ?? Int.min) < (b.weekday.rawValue, b.ordinal ?? Int.min)
        }
    }

    /// UNTIL: the last instant an occurrence may start at (inclusive). Its
    /// form must match DTSTART's (`RecurrenceSet` checks): a date for a date
    /// DTSTART, a UTC time for a zoned one, a local time for a floating one.
    public enum Until: Hashable, Sendable, CustomStringConvertible {
        /// `19971224`.
        case date(ISODate)
        /// `19971224T000000` (floating; RFC 5545 allows it only with a floating DTSTART).
        case local(LocalDateTime)
        /// `19971224T000000Z`.
        case utc(Instant)

        /// The RRULE form.
        public var description: String { RuleText.format(self) }
    }

    /// SKIP (RFC 7529): what becomes of a date the rule's calendar does not
    /// have (day 31 of a 30-day month, a leap month in a common year).
    public enum Skip: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// No instance (RFC 5545's rule, and the default).
        case omit = "OMIT"
        /// The nearest date before it: the month's (or year's) last day, or
        /// for a missing leap month the month it follows.
        case backward = "BACKWARD"
        /// The nearest date after it: the next month's (or year's) first day,
        /// or for a missing leap month the month after it.
        case forward = "FORWARD"

        /// The RRULE value (`FORWARD`).
        public var description: String { rawValue }
    }

    /// How the rule ends.
    public enum End: Hashable, Sendable {
        /// No end.
        case never
        /// COUNT: this many occurrences, DTSTART the first.
        case count(Int)
        /// UNTIL: no occurrence after this.
        case until(Until)
    }

    /// The largest INTERVAL and COUNT accepted (2^31 - 1): larger ones
    /// describe nothing a calendar of ISO years -9999 ... 9999 can show.
    public static let maximumInterval = Int(Int32.max)
    /// The largest COUNT accepted.
    public static let maximumCount = Int(Int32.max)

    /// FREQ.
    public let frequency: Frequency
    /// INTERVAL, 1 ... `maximumInterval`.
    public let interval: Int
    /// COUNT, UNTIL, or neither.
    public let end: End
    /// BYSECOND, 0 ... 60 (60: a leap second, which never occurs here).
    public let bySecond: [Int]
    /// BYMINUTE, 0 ... 59.
    public let byMinute: [Int]
    /// BYHOUR, 0 ... 23.
    public let byHour: [Int]
    /// BYDAY.
    public let byDay: [Day]
    /// BYMONTHDAY, -31 ... -1 and 1 ... 31 (with RSCALE, up to the calendar's
    /// longest month where that is longer).
    public let byMonthDay: [Int]
    /// BYYEARDAY, -366 ... -1 and 1 ... 366 (with RSCALE, up to the
    /// calendar's longest year where that is longer: 385 in Hebrew).
    public let byYearDay: [Int]
    /// BYWEEKNO, -53 ... -1 and 1 ... 53.
    public let byWeekNo: [Int]
    /// BYMONTH: month codes, 1 ... 12 without RSCALE; with it, the codes of
    /// the RSCALE calendar (Hebrew `5L` is Adar I, Coptic `13` the epagomenal month).
    public let byMonth: [MonthCode]
    /// BYSETPOS, -366 ... -1 and 1 ... 366.
    public let bySetPos: [Int]
    /// WKST, Monday when not given.
    public let weekStart: Weekday
    /// RSCALE: the calendar the rule counts its years, months and days in,
    /// built in or registered (`Calendars.register`); nil for a plain RFC
    /// 5545 rule (Gregorian).
    public let rscale: CalendarIdentifier?
    /// SKIP; anything but `.omit` needs `rscale`.
    public let skip: Skip

    /// A rule from its parts, checked as RFC 5545 says (see the type's
    /// documentation); lists are sorted and their repeats dropped.
    /// - Throws: `RuleError` naming the part at fault: a value out of its
    ///   range, parts that exclude each other, or an `rscale` identifier
    ///   with no engine registered.
    public init(frequency: Frequency, interval: Int = 1, end: End = .never,
                bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = [], byDay: [Day] = [],
                byMonthDay: [Int] = [], byYearDay: [Int] = [], byWeekNo: [Int] = [], byMonth: [MonthCode] = [],
                bySetPos: [Int] = [], weekStart: Weekday = .monday, rscale: CalendarIdentifier? = nil, skip: Skip = .omit) throws(RuleError) {
        self.frequency = frequency
        self.interval = interval
        self.end = end
        self.bySecond = Self.normalized(bySecond)
        self.byMinute = Self.normalized(byMinute)
        self.byHour = Self.normalized(byHour)
        self.byDay = Array(Set(byDay)).sorted()
        self.byMonthDay = Self.normalized(byMonthDay)
        self.byYearDay = Self.normalized(byYearDay)
        self.byWeekNo = Self.normalized(byWeekNo)
        self.byMonth = Array(Set(byMonth)).sorted()
        self.bySetPos = Self.normalized(bySetPos)
        self.weekStart = weekStart
        self.rscale = rscale
        self.skip = skip
        try validate()
    }

    /// Reads RRULE text (`FREQ=WEEKLY;COUNT=10;BYDAY=TU,TH`; part names
    /// and values are case-insensitive, parts in any order). RSCALE names a
    /// built-in calendar or a registered one (`RSCALE=MY-CALENDAR` after
    /// `Calendars.register(MyCalendar())`, whose key is `my-calendar`).
    /// - Throws: `RuleError` with the part and its character offset.
    public init(parsing text: String) throws(RuleError) {
        self = try RuleText.parse(text)
    }

    /// This rule without BYHOUR, BYMINUTE and BYSECOND, as a date DTSTART
    /// expands it (RFC 5545 section 3.3.10: they "MUST be ignored"). Not
    /// checked again: a BYSETPOS left without another part picks from the
    /// one date of each period.
    var withoutTimeOfDayParts: RecurrenceRule {
        RecurrenceRule(copying: self)
    }

    private init(copying rule: RecurrenceRule) {
        frequency = rule.frequency
        interval = rule.interval
        end = rule.end
        bySecond = []
        byMinute = []
        byHour = []
        byDay = rule.byDay
        byMonthDay = rule.byMonthDay
        byYearDay = rule.byYearDay
        byWeekNo = rule.byWeekNo
        byMonth = rule.byMonth
        bySetPos = rule.bySetPos
        weekStart = rule.weekStart
        rscale = rule.rscale
        skip = rule.skip
    }

    static func normalized(_ values: [Int]) -> [Int] { Array(Set(values)).sorted() }

    /// The two-letter RRULE code of a weekday (`MO`).
    public static func weekdayCode(_ weekday: Weekday) -> String {
        ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][weekday.rawValue - 1]
    }

    /// COUNT, or nil.
    public var count: Int? {
        if case .count(let count) = end { return count }
        return nil
    }

    /// UNTIL, or nil.
    public var until: Until? {
        if case .until(let until) = end { return until }
        return nil
    }

    /// The same rule with another end (COUNT, UNTIL or none).
    /// - Throws: `RuleError` for a COUNT outside 1 ... `maximumCount`.
    public func ending(_ end: End) throws(RuleError) -> RecurrenceRule {
        try RecurrenceRule(frequency: frequency, interval: interval, end: end, bySecond: bySecond, byMinute: byMinute, byHour: byHour,
                           byDay: byDay, byMonthDay: byMonthDay, byYearDay: byYearDay, byWeekNo: byWeekNo, byMonth: byMonth,
                           bySetPos: bySetPos, weekStart: weekStart, rscale: rscale, skip: skip)
    }

    /// True when the rule has any BYxxx part.
    public var hasByParts: Bool {
        !(bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byDay.isEmpty && byMonthDay.isEmpty
            && byYearDay.isEmpty && byWeekNo.isEmpty && byMonth.isEmpty && bySetPos.isEmpty)
    }
}

extension RecurrenceRule: CustomStringConvertible {
    /// The canonical RRULE text: FREQ, then COUNT or UNTIL, INTERVAL when
    /// not 1, the BYxxx parts in RFC 5545's order, WKST when not Monday.
    public var description: String { RuleText.format(self) }
}

extension RecurrenceRule: Codable {
    /// Decodes RRULE text, checked as `init(parsing:)` checks it.
    public init(from decoder: any Decoder) throws {
        self = try TextCoding.decode(decoder) { text in try RecurrenceRule(parsing: text) }
    }

    /// Encodes the canonical RRULE text.
    public func encode(to encoder: any Encoder) throws {
        try TextCoding.encode(description, to: encoder)
    }
}
