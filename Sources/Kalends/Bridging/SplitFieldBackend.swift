/// Foundation's newer ICU data from a cutoff year on, the system ICU before it.
///
/// Foundation on Linux clamps instants before Julian Day 0 (-4713-11-24), so
/// its astronomical calendars (Chinese, Dangi, Islamic) answer one fixed date
/// for every earlier day. The cutoff is a year on whose first day both agree,
/// so month structures stay consistent across it.
struct SplitFieldBackend: FieldBackend {
    let early: ICUFieldBackend
    let late: FoundationFieldBackend
    let cutoffYear: Int
    let cutoffDay: Int

    var id: CalendarID { late.id }

    /// `searchFrom`: a year well after JD 0 in this calendar, from which the
    /// first year both start on the same day is searched.
    init?(_ id: CalendarID, searchFrom base: Int) {
        guard let late = FoundationFieldBackend(id), let early = try? ICUFieldBackend(id) else { return nil }
        self.early = early
        self.late = late
        // Search forward for a year both start on the same day (a bounded search).
        var year = base
        for candidate in base..<(base + 50) {
            guard let a = try? early.dayNumber(year: candidate, monthCode: MonthCode(1), day: 1),
                  let b = try? late.dayNumber(year: candidate, monthCode: MonthCode(1), day: 1) else { return nil }
            if a == b {
                year = candidate
                break
            }
        }
        cutoffYear = year
        guard let day = try? late.dayNumber(year: year, monthCode: MonthCode(1), day: 1) else { return nil }
        cutoffDay = day
    }

    func fields(ofDay day: Int) throws(ConversionError) -> (year: Int, monthCode: MonthCode, day: Int, era: Era) {
        day >= cutoffDay ? try late.fields(ofDay: day) : try early.fields(ofDay: day)
    }

    func dayNumber(year: Int, monthCode: MonthCode, day: Int) throws(ConversionError) -> Int {
        year >= cutoffYear
            ? try late.dayNumber(year: year, monthCode: monthCode, day: day)
            : try early.dayNumber(year: year, monthCode: monthCode, day: day)
    }

    func monthLength(atDay day: Int) throws(ConversionError) -> Int {
        day >= cutoffDay ? try late.monthLength(atDay: day) : try early.monthLength(atDay: day)
    }
}
