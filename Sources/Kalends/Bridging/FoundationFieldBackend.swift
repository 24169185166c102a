import FoundationEssentials
import FoundationInternationalization

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
        let facts = BuiltInFacts(id)
        let year = try facts.arithmeticYear(foundationEra: eraValue, eraYear: eraYear)
        guard let code = facts.monthCode(foundationMonth: month, isLeapMonth: parts.isLeapMonth ?? false) else {
            throw .icuFailure(operation: "read the month of day \(day) (Foundation's \(id) calendar)", status: "Foundation gave month \(month), which \(id) has not")
        }
        return (year, code, dayOfMonth, facts.era(foundationEra: eraValue, eraYear: eraYear, year: year, day: day))
    }

    func dayNumber(year: Int, monthCode: MonthCode, day: Int) throws(ConversionError) -> Int {
        var parts = DateComponents()
        let facts = BuiltInFacts(id)
        (parts.era, parts.year) = facts.foundationEra(year: year, monthCode: monthCode, day: day)
        parts.month = facts.foundationMonth(monthCode)
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
