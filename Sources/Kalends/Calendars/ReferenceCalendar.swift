import Foundation

/// A calendar answered day by day by ICU or Foundation: the reference every
/// fast engine is tested against.
///
/// Only the backend's day -> fields direction is trusted: ICU's fields -> day
/// and month lengths disagree with its own day -> fields for some far years
/// (Islamic years before 1 AH, Indian years before JD 0, Chinese months in the
/// fourth millennium BCE). Year starts and month lengths are therefore found
/// by checking days, with a bounded search, and cached per year.
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
        let first = firstDay(ofYearSearching: year)
        var codes: [MonthCode] = []
        var lengths: [Int] = []
        var start = first
        // A year has at most 13 months; the bound keeps a faulty backend from looping.
        while codes.count < 14 {
            let fields = backend.fields(ofDay: start)
            guard fields.year == year else { break }
            let length = monthLength(startingAt: start)
            codes.append(fields.monthCode)
            lengths.append(length)
            start += length
        }
        let result = YearStructure(firstDay: first, codes: codes, lengths: lengths)
        lock.lock()
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[year] = result
        lock.unlock()
        return result
    }

    /// The first day whose fields say `year`, near the backend's own answer.
    private func firstDay(ofYearSearching year: Int) -> Int {
        let guess = backend.dayNumber(year: year, monthCode: MonthCode(1), day: 1)
        if isFirstDay(guess, of: year) { return guess }
        for offset in 1...3 {
            if isFirstDay(guess - offset, of: year) { return guess - offset }
            if isFirstDay(guess + offset, of: year) { return guess + offset }
        }
        // Far off: binary search for the first day of the year (years never
        // overlap, so "year of day >= year" is monotonic), within 500 days.
        var low = guess - 500
        var high = guess + 500
        while low < high {
            let middle = low + (high - low) / 2
            if backend.fields(ofDay: middle).year >= year { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private func isFirstDay(_ day: Int, of year: Int) -> Bool {
        backend.fields(ofDay: day).year == year && backend.fields(ofDay: day - 1).year != year
    }

    /// The length of the month starting at `start`: the backend's own answer
    /// when the days confirm it, otherwise the distance to the next day 1.
    private func monthLength(startingAt start: Int) -> Int {
        let hint = backend.monthLength(atDay: start)
        if (1...40).contains(hint), backend.fields(ofDay: start + hint).day == 1,
           backend.fields(ofDay: start + hint - 1).day == hint {
            return hint
        }
        for length in 1...40 where backend.fields(ofDay: start + length).day == 1 {
            return length
        }
        return 30
    }

    func ordinalDate(ofDay day: Int) -> OrdinalDate {
        let fields = backend.fields(ofDay: day)
        let month = (structure(ofYear: fields.year).codes.firstIndex(of: fields.monthCode) ?? 0) + 1
        return OrdinalDate(year: fields.year, month: month, day: fields.day)
    }

    func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let year = structure(ofYear: year)
        return year.firstDay + year.lengths.prefix(month - 1).reduce(0, +) + day - 1
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
