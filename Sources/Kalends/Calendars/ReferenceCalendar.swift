import Foundation

/// A calendar answered day by day by ICU or Foundation: the reference every
/// fast engine is tested against. Month structure is derived from the
/// backend's own month starts and lengths, cached per year.
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
        let first = backend.dayNumber(year: year, monthCode: MonthCode(1), day: 1)
        var codes: [MonthCode] = []
        var lengths: [Int] = []
        var day = first
        // A year has at most 13 months; the bound keeps a faulty backend from looping.
        while codes.count < 14 {
            let fields = backend.fields(ofDay: day)
            guard fields.year == year else { break }
            let length = backend.monthLength(atDay: day)
            codes.append(fields.monthCode)
            lengths.append(length)
            day += Swift.max(length, 1)
        }
        let result = YearStructure(firstDay: first, codes: codes, lengths: lengths)
        lock.lock()
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[year] = result
        lock.unlock()
        return result
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
