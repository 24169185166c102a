/// A source of calendar fields for single days: ICU through CICU, or
/// Foundation's `Calendar`. `ReferenceCalendar` builds a `CalendarSystem` on it.
///
/// Every answer can fail (ICU reports a status, Foundation an optional), and
/// the failure is thrown as `ConversionError.icuFailure`, never a made-up value.
protocol FieldBackend: Sendable {
    var id: CalendarID { get }
    /// Arithmetic year, month code, day of month and era of a day number.
    func fields(ofDay day: Int) throws(ConversionError) -> (year: Int, monthCode: MonthCode, day: Int, era: Era)
    /// The day number of valid fields.
    func dayNumber(year: Int, monthCode: MonthCode, day: Int) throws(ConversionError) -> Int
    /// The length of the month containing `day`.
    func monthLength(atDay day: Int) throws(ConversionError) -> Int
}

/// The months of one year, as a reference backend reports them.
struct YearStructure: Sendable {
    let firstDay: Int
    let codes: [MonthCode]
    let lengths: [Int]
}
