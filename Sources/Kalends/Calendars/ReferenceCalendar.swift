
/// A calendar answered day by day by ICU or Foundation: the reference every
/// fast engine is tested against.
///
/// Only the backend's day -> fields direction is trusted: ICU's fields -> day
/// and month lengths disagree with its own day -> fields for some far years
/// (Islamic years before 1 AH, Indian years before JD 0, Chinese months in the
/// fourth millennium BCE). Year starts and month lengths are therefore found
/// by checking days, with a bounded search, and cached per year.
///
/// A backend failure (an ICU status, a nil from Foundation) is thrown as a
/// `ConversionError` by the conversions (`date(dayNumber:)`, `date(year:...)`,
/// `dayNumberIfValid`), which check the day or year first. The primitives
/// answer only for days and years those conversions accepted: there a
/// failure cannot recur (the answer is cached, or the same call succeeded).
///
/// A class so the year cache is shared by copies; `@unchecked Sendable`
/// because the cache is guarded by `lock`.
final class ReferenceCalendar<Backend: FieldBackend>: CalendarSystem, FactsForwarding, @unchecked Sendable {
    let backend: Backend
    /// The calendar's facts: the same as its standard engine's.
    let facts: BuiltInFacts
    let supportedYears: ClosedRange<Int>
    private var cache: [Int: Result<YearStructure, ConversionError>] = [:]
    private let lock = Lock()
    private static var cacheLimit: Int { 4096 }

    init(backend: Backend) throws(ConversionError) {
        self.backend = backend
        facts = BuiltInFacts(backend.id)
        let low = try backend.fields(ofDay: DayNumber.supported.lowerBound).year
        let high = try backend.fields(ofDay: DayNumber.supported.upperBound).year
        supportedYears = low...high
    }

    /// The months of `year`, or the backend's failure (both cached).
    func checkedStructure(ofYear year: Int) throws(ConversionError) -> YearStructure {
        lock.lock()
        if let cached = cache[year] {
            lock.unlock()
            return try cached.get()
        }
        lock.unlock()
        let result: Result<YearStructure, ConversionError>
        do {
            result = .success(try computeStructure(ofYear: year))
        } catch {
            result = .failure(error)
        }
        lock.lock()
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[year] = result
        lock.unlock()
        return try result.get()
    }

    /// For the primitives: a year the conversions accepted (see the type's comment).
    private func structure(ofYear year: Int) -> YearStructure {
        (try? checkedStructure(ofYear: year)) ?? YearStructure(firstDay: 0, codes: [], lengths: [])
    }

    private func computeStructure(ofYear year: Int) throws(ConversionError) -> YearStructure {
        let first = try firstDay(ofYearSearching: year)
        var codes: [MonthCode] = []
        var lengths: [Int] = []
        var start = first
        // A year has at most 13 months; the bound keeps a faulty backend from looping.
        while codes.count < 14 {
            let fields = try backend.fields(ofDay: start)
            guard fields.year == year else { break }
            let length = try monthLength(startingAt: start)
            codes.append(fields.monthCode)
            lengths.append(length)
            start += length
        }
        return YearStructure(firstDay: first, codes: codes, lengths: lengths)
    }

    /// The first day whose fields say `year`, near the backend's own answer.
    private func firstDay(ofYearSearching year: Int) throws(ConversionError) -> Int {
        let guess = try backend.dayNumber(year: year, monthCode: MonthCode(1), day: 1)
        if try isFirstDay(guess, of: year) { return guess }
        for offset in 1...3 {
            if try isFirstDay(guess - offset, of: year) { return guess - offset }
            if try isFirstDay(guess + offset, of: year) { return guess + offset }
        }
        // Far off: binary search for the first day of the year (years never
        // overlap, so "year of day >= year" is monotonic), within 500 days.
        var low = guess - 500
        var high = guess + 500
        while low < high {
            let middle = low + (high - low) / 2
            if try backend.fields(ofDay: middle).year >= year { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private func isFirstDay(_ day: Int, of year: Int) throws(ConversionError) -> Bool {
        guard try backend.fields(ofDay: day).year == year else { return false }
        return try backend.fields(ofDay: day - 1).year != year
    }

    /// The length of the month starting at `start`: the backend's own answer
    /// when the days confirm it, otherwise the distance to the next day 1.
    private func monthLength(startingAt start: Int) throws(ConversionError) -> Int {
        let hint = try backend.monthLength(atDay: start)
        if (1...40).contains(hint) {
            let next = try backend.fields(ofDay: start + hint).day
            let last = try backend.fields(ofDay: start + hint - 1).day
            if next == 1 && last == hint { return hint }
        }
        for length in 1...40 {
            if try backend.fields(ofDay: start + length).day == 1 { return length }
        }
        throw .icuFailure(operation: "find the length of the \(id) month starting at day \(start)",
                          status: "no first day of a month within 40 days")
    }

    /// The ordinal fields of `day`, or the backend's failure.
    private func checkedOrdinalDate(ofDay day: Int) throws(ConversionError) -> OrdinalDate {
        let fields = try backend.fields(ofDay: day)
        let month = (try checkedStructure(ofYear: fields.year).codes.firstIndex(of: fields.monthCode) ?? 0) + 1
        return OrdinalDate(year: fields.year, month: month, day: fields.day)
    }

    func date(dayNumber day: Int) throws(ConversionError) -> CalendarDate {
        if DayNumber.supported.contains(day) { _ = try checkedOrdinalDate(ofDay: day) }
        return try standardDate(dayNumber: day)
    }

    func date(year: Int, monthCode: MonthCode, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        if supportedYears.contains(year) { _ = try checkedStructure(ofYear: year) }
        return try standardDate(year: year, monthCode: monthCode, day: day, overflow: overflow)
    }

    func date(year: Int, month: Int, day: Int, overflow: Overflow) throws(ConversionError) -> CalendarDate {
        if supportedYears.contains(year) { _ = try checkedStructure(ofYear: year) }
        return try standardDate(year: year, month: month, day: day, overflow: overflow)
    }

    func dayNumberIfValid(year: Int, monthCode: MonthCode, day: Int) -> Int? {
        try? date(year: year, monthCode: monthCode, day: day, overflow: .reject).dayNumber
    }

    func ordinalDate(ofDay day: Int) -> OrdinalDate {
        // Reached for days `date(dayNumber:)` accepted (see the type's comment).
        (try? checkedOrdinalDate(ofDay: day)) ?? OrdinalDate(year: supportedYears.lowerBound, month: 1, day: 1)
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
        (try? backend.fields(ofDay: day).era) ?? standardEra(year: year)
    }
}
