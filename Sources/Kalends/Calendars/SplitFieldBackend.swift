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

    init?(_ id: CalendarID) {
        guard let late = FoundationFieldBackend(id), let early = try? ICUFieldBackend(id) else { return nil }
        self.early = early
        self.late = late
        // Year -3000 of these calendars lies well after JD 0; search forward for
        // a year both start on the same day (a bounded search).
        let base = id == .islamic ? -1000 : -3000
        var year = base
        for candidate in base..<(base + 50) {
            let a = early.dayNumber(year: candidate, monthCode: MonthCode(1), day: 1)
            let b = late.dayNumber(year: candidate, monthCode: MonthCode(1), day: 1)
            if a == b {
                year = candidate
                break
            }
        }
        cutoffYear = year
        cutoffDay = late.dayNumber(year: year, monthCode: MonthCode(1), day: 1)
    }

    func fields(ofDay day: Int) -> (year: Int, monthCode: MonthCode, day: Int, era: Era) {
        day >= cutoffDay ? late.fields(ofDay: day) : early.fields(ofDay: day)
    }

    func dayNumber(year: Int, monthCode: MonthCode, day: Int) -> Int {
        year >= cutoffYear
            ? late.dayNumber(year: year, monthCode: monthCode, day: day)
            : early.dayNumber(year: year, monthCode: monthCode, day: day)
    }

    func monthLength(atDay day: Int) -> Int {
        day >= cutoffDay ? late.monthLength(atDay: day) : early.monthLength(atDay: day)
    }
}
