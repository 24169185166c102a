/// What a BYxxx part does to the set of a period's candidates, for each
/// FREQ: RFC 5545 section 3.3.10's table, in its own layout. The expansion
/// engine reads it (which parts generate candidates, which only filter
/// them), and `ByPartTableTests` checks that validation refuses exactly its
/// N/A cells.
enum ByPartAction: Hashable, Sendable {
    /// Keeps only the candidates whose field is in the list.
    case limit
    /// Makes one candidate per value (a set of months, days or times).
    case expand
    /// Note 1 (BYDAY with MONTHLY): limit when BYMONTHDAY is present, else
    /// the given weekdays of the month.
    case note1
    /// Note 2 (BYDAY with YEARLY): limit when BYYEARDAY or BYMONTHDAY is
    /// present; else the weekdays of the BYWEEKNO weeks, of the BYMONTH
    /// months, or of the year, in that order.
    case note2
    /// Not allowed with this FREQ.
    case notAllowed
}

/// The BYxxx parts, in the order of the RFC's table.
enum ByPart: Int, CaseIterable, Sendable {
    case byMonth, byWeekNo, byYearDay, byMonthDay, byDay, byHour, byMinute, bySecond, bySetPos

    var name: String {
        ["BYMONTH", "BYWEEKNO", "BYYEARDAY", "BYMONTHDAY", "BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND", "BYSETPOS"][rawValue]
    }
}

enum ByPartTable {
    private static let L = ByPartAction.limit, E = ByPartAction.expand, N = ByPartAction.notAllowed

    /// Rows in `ByPart` order; columns SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY, YEARLY
    /// (the `RecurrenceRule.Frequency` order).
    static let rows: [[ByPartAction]] = [
        //            SECONDLY MINUTELY HOURLY DAILY WEEKLY MONTHLY YEARLY
        /* BYMONTH    */ [L, L, L, L, L, L, E],
        /* BYWEEKNO   */ [N, N, N, N, N, N, E],
        /* BYYEARDAY  */ [L, L, L, N, N, N, E],
        /* BYMONTHDAY */ [L, L, L, L, N, E, E],
        /* BYDAY      */ [L, L, L, L, E, .note1, .note2],
        /* BYHOUR     */ [L, L, L, E, E, E, E],
        /* BYMINUTE   */ [L, L, E, E, E, E, E],
        /* BYSECOND   */ [L, E, E, E, E, E, E],
        /* BYSETPOS   */ [L, L, L, L, L, L, L],
    ]

    static func action(_ part: ByPart, _ frequency: RecurrenceRule.Frequency) -> ByPartAction {
        rows[part.rawValue][frequency.rawValue]
    }
}
