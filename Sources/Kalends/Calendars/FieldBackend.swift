/// A source of calendar fields for single days: ICU through CICU, or
/// Foundation's `Calendar`. `ReferenceCalendar` builds a `CalendarSystem` on it.
protocol FieldBackend: Sendable {
    var id: CalendarID { get }
    /// Arithmetic year, month code, day of month and era of a day number.
    func fields(ofDay day: Int) -> (year: Int, monthCode: MonthCode, day: Int, era: Era)
    /// The day number of valid fields.
    func dayNumber(year: Int, monthCode: MonthCode, day: Int) -> Int
    /// The length of the month containing `day`.
    func monthLength(atDay day: Int) -> Int
}

/// The months of one year, as a reference backend reports them.
struct YearStructure: Sendable {
    let firstDay: Int
    let codes: [MonthCode]
    let lengths: [Int]
}
