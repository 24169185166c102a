import Foundation

/// A calendar answered day by day by ICU or Foundation: the reference every
/// fast engine is tested against. Month structure is derived from the
/// backend's own dates (each month's start found from its fields), cached
/// per year.
///
/// A class so the year cache is shared by copies; `@unchecked Sendable`
/// because the cache is guarded by `lock`.
final class ReferenceCalendar<Backend: FieldBackend>: CalendarSystem, @unchecked Sendable {
    let backend: Backend
    let supportedYears: ClosedRange<Int>
    private var cache: [Int: YearStructure] = [:]
    private let lock = NSLock()
    private static var cacheLimit: Int { 4096 }

    init(backend: Backend) {
        self.backend = backend
        let low = backend.fields(ofDay: DayNumber.supported.lowerBound).year
        let high = backend.fields(ofDay: DayNumber.supported.upperBound).year
        supportedYears = low...high
    }

    var id: CalendarID { backend.id }

    func structure(ofYear year: Int) -> YearStructure {
        lock.lock()
        if let cached = cache[year] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        // Month starts and lengths follow the backend's own dates (its day of
        // fields, then its fields of days). Its month-length query serves only
        // as the first guess: it can be missing (Foundation has no range for
        // Chinese 2057-M08), absurd (60 days for Chinese 4743-M09) or
        // contradict the dates (ICU 72: 30 days for 29-day Chinese leap months
        // before -3000, a 30th of Dhu al-Hijjah in every tabular Islamic year
        // before -1 AH); see Docs/Conformance.md.
        var first = backend.dayNumber(year: year, monthCode: MonthCode(1), day: 1)
        var fields = backend.fields(ofDay: first)
        if fields.year == year && fields.monthCode == MonthCode(1) && fields.day > 1 {
            // ICU 72's Indian calendar answers a day late before Julian Day 0.
            first -= fields.day - 1
            fields = backend.fields(ofDay: first)
        }
        var codes: [MonthCode] = []
        var lengths: [Int] = []
        var day = first
        // A year has at most 13 months; the bound keeps a faulty backend from looping.
        while codes.count < 14 && fields.year == year {
            let next = nextMonthStart(after: day, year: year, code: fields.monthCode,
                                      guess: backend.monthLength(atDay: day))
            codes.append(fields.monthCode)
            lengths.append(next.day - day)
            day = next.day
            fields = next.fields
        }
        let result = YearStructure(firstDay: first, codes: codes, lengths: lengths)
        lock.lock()
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[year] = result
        lock.unlock()
        return result
    }

    /// The first day after the month starting on `start` (of `code` in
    /// `year`) and its fields: the first of the candidate lengths, `guess`
    /// first, whose day is the 1st of another month.
    private func nextMonthStart(after start: Int, year: Int, code: MonthCode, guess: Int)
        -> (day: Int, fields: (year: Int, monthCode: MonthCode, day: Int, era: Era)) {
        var candidates = [30, 29, 31, 28]
        if (1...31).contains(guess) { candidates.insert(guess, at: 0) }
        for length in candidates {
            let fields = backend.fields(ofDay: start + length)
            if fields.day == 1 && (fields.year != year || fields.monthCode != code) {
                return (start + length, fields)
            }
        }
        // A backend whose months never end: move on by the first candidate.
        let day = start + candidates[0]
        return (day, backend.fields(ofDay: day))
    }

    func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let fields = backend.fields(ofDay: day)
        let month = (structure(ofYear: fields.year).codes.firstIndex(of: fields.monthCode) ?? 0) + 1
        return OrdinalDate(year: fields.year, month: month, day: fields.day)
    }

    func dayNumber(year: Int, month: Int, day: Int) -> Int {
        backend.dayNumber(year: year, monthCode: monthCode(year: year, month: month), day: day)
    }

    func monthsInYear(_ year: Int) -> Int { structure(ofYear: year).codes.count }

    func daysInMonth(year: Int, month: Int) -> Int {
        let lengths = structure(ofYear: year).lengths
        return lengths.indices.contains(month - 1) ? lengths[month - 1] : 0
    }

    func monthCode(year: Int, month: Int) -> MonthCode {
        let codes = structure(ofYear: year).codes
        return codes.indices.contains(month - 1) ? codes[month - 1] : MonthCode(month)
    }

    func month(of code: MonthCode, inYear year: Int) -> Int? {
        structure(ofYear: year).codes.firstIndex(of: code).map { $0 + 1 }
    }

    func era(ofDay day: Int, year: Int) -> Era {
        backend.fields(ofDay: day).era
    }
}
