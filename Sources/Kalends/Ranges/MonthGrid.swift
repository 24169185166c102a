/// A month laid out in weeks of seven cells, as month views draw it, in any
/// calendar: a leap month (Adar I, a Chinese leap month) is a month of its own.
public struct MonthGrid: Hashable, Sendable, Codable {
    /// One cell of the grid: a day of the month, with an optional count
    /// (events, say) a month view can turn into a marker.
    public struct Cell: Hashable, Sendable, Codable {
        /// The day (see `DayNumber`).
        public let dayNumber: Int
        /// Day of the month.
        public let day: Int
        /// ISO weekday, 1 = Monday.
        public let weekday: Int
        /// True on the weekend of the grid's `WeekRules`.
        public let isWeekend: Bool
        /// The count attached to this day (0 when none).
        public let count: Int
    }

    /// One row: seven cells, nil where the day belongs to another month.
    public struct Week: Hashable, Sendable, Codable {
        /// Seven cells from the grid's first weekday on.
        public let cells: [Cell?]
        /// The first day of the row (a day of a neighbouring month for padded rows).
        public let startDayNumber: Int
        /// The week of year under the grid's rules, in its calendar.
        public let weekOfYear: WeekOfYear
        /// ISO 8601 week of the row's first day of this month.
        public let isoWeek: WeekOfYear?
    }

    /// The first day of the month.
    public let first: CalendarDate
    /// How many days the month has.
    public let length: Int
    /// The week rules the grid was laid out with.
    public let rules: WeekRules
    /// The rows, in order.
    public let weeks: [Week]

    /// The grid of the `month`-th month of `year` (ordinal, leap months counted).
    ///
    /// - Parameters:
    ///   - sixRows: pad to six rows, as most month views draw, so every month
    ///     has the same height.
    ///   - counts: a count per day number (events per day), shown per cell.
    public init(calendar: any CalendarSystem, year: Int, month: Int, rules: WeekRules,
                sixRows: Bool = false, counts: [Int: Int] = [:]) throws(ConversionError) {
        let first = try calendar.date(year: year, month: month, day: 1)
        let length = calendar.daysInMonth(year: year, month: month)
        let last = first.dayNumber + length - 1
        guard DayNumber.supported.contains(last) else {
            throw .dayNumberOutOfRange(last, allowed: DayNumber.supported)
        }
        var rowStart = rules.startOfWeek(containing: first.dayNumber)
        var weeks: [Week] = []
        while rowStart <= last || (sixRows && weeks.count < 6) {
            let cells: [Cell?] = (0..<7).map { offset in
                let day = rowStart + offset
                guard day >= first.dayNumber, day <= last else { return nil }
                let weekday = DayNumber.isoWeekday(day)
                return Cell(dayNumber: day, day: day - first.dayNumber + 1, weekday: weekday,
                            isWeekend: rules.weekend.contains(weekday), count: counts[day] ?? 0)
            }
            let anchor = Swift.min(Swift.max(rowStart, first.dayNumber), last)
            let weekOfYear = try WeekOfYear(day: anchor, calendar: calendar, rules: rules)
            weeks.append(Week(cells: cells, startDayNumber: rowStart, weekOfYear: weekOfYear, isoWeek: WeekOfYear.iso(anchor)))
            rowStart += 7
        }
        self.first = first
        self.length = length
        self.rules = rules
        self.weeks = weeks
    }

    /// The grid of the month with `monthCode` in `year` (`M05L` for Adar I).
    public init(calendar: any CalendarSystem, year: Int, monthCode: MonthCode, rules: WeekRules,
                sixRows: Bool = false, counts: [Int: Int] = [:]) throws(ConversionError) {
        let first = try calendar.date(year: year, monthCode: monthCode, day: 1)
        try self.init(calendar: calendar, year: year, month: first.month, rules: rules, sixRows: sixRows, counts: counts)
    }
}
