import Foundation

/// Fields from Foundation's `Calendar` (which carries a newer ICU than the
/// system's), in UTC. Used where the newer ICU data is the better reference.
struct FoundationFieldBackend: FieldBackend {
    let id: CalendarID
    let calendar: Calendar

    init?(_ id: CalendarID) {
        guard let identifier = id.foundationIdentifier else { return nil }
        var calendar = Calendar(identifier: identifier)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        self.id = id
        self.calendar = calendar
    }

    func fields(ofDay day: Int) throws(ConversionError) -> (year: Int, monthCode: MonthCode, day: Int, era: Era) {
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        let parts = calendar.dateComponents([.era, .year, .month, .day, .isLeapMonth], from: date)
        guard let eraValue = parts.era, let eraYear = parts.year, let month = parts.month, let dayOfMonth = parts.day else {
            throw .icuFailure(operation: "read the fields of day \(day) (Foundation's \(id) calendar)", status: "Foundation gave no era, year, month or day")
        }
        let year: Int
        switch id {
        case .chinese, .dangi: year = (eraValue - 1) * 60 + eraYear - 2637
        // Era 0 counts years backwards (BCE, before ROC, before the Incarnation).
        case .gregorian, .iso8601, .roc, .coptic: year = eraValue == 0 ? 1 - eraYear : eraYear
        case .ethiopic: year = eraValue == 0 ? eraYear - 5500 : eraYear
        case .japanese: year = GregorianMath.date(dayNumber: day).year
        default: year = eraYear
        }
        guard let code = MonthNumbering.monthCode(foundationMonth: month, isLeapMonth: parts.isLeapMonth ?? false, in: id) else {
            throw .icuFailure(operation: "read the month of day \(day) (Foundation's \(id) calendar)", status: "Foundation gave month \(month), which \(id) has not")
        }
        let standard = Era.standard(for: id, year: year)
        // Both codes are among EraCode.known, so the index always exists.
        let eraCode = id == .japanese ? ICUFieldBackend.japaneseEraCode(eraValue, day: day) : standard.code
        return (year, code, dayOfMonth, Era(codeIndex: EraCode.index(of: eraCode) ?? EraCode.none, value: eraValue, year: eraYear))
    }

    func dayNumber(year: Int, monthCode: MonthCode, day: Int) throws(ConversionError) -> Int {
        var parts = DateComponents()
        switch id {
        case .chinese, .dangi:
            let extended = year + 2637
            parts.era = (extended - 1).floorDivided(by: 60) + 1
            parts.year = (extended - 1).floorModulo(60) + 1
        case .japanese:
            let era = JapaneseCalendar().era(ofDay: GregorianMath.dayNumber(year: year, month: monthCode.number, day: day), year: year)
            parts.era = era.value
            parts.year = era.year
        default:
            let era = Era.standard(for: id, year: year)
            parts.era = era.value
            parts.year = era.year
        }
        parts.month = MonthNumbering.foundationMonth(monthCode, in: id)
        parts.isLeapMonth = monthCode.isLeap
        parts.day = day
        guard let date = calendar.date(from: parts) else {
            throw .icuFailure(operation: "find the day of \(id) \(year)-\(monthCode)-\(day) (Foundation)", status: "Foundation gave no date")
        }
        return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    func monthLength(atDay day: Int) throws(ConversionError) -> Int {
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        guard let range = calendar.range(of: .day, in: .month, for: date) else {
            throw .icuFailure(operation: "find the month length at day \(day) (Foundation's \(id) calendar)", status: "Foundation gave no range")
        }
        return range.count
    }
}
