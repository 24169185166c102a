/// The first day and length of every Hebrew year the supported day range
/// touches, computed once from the molad: a conversion reads one word for
/// its year instead of doing three molad computations.
///
/// Built on first use from molad arithmetic: a near table of 1,600 years
/// and, only when a year outside it is asked for, the whole range. A class that owns its storage; immutable after
/// `init`, so it is shared freely (`@unchecked Sendable` for the pointer).
final class HebrewYearTable: @unchecked Sendable {
    /// Years 5000 ... 6600 AM (1239 ... 2840 CE), 13 KB: what nearly every
    /// conversion reads, cheap enough to build in a process that converts
    /// one date. A year outside it is read from `wide`.
    static let shared = HebrewYearTable(years: 5000...6600, fallback: true)

    /// Every year `DayNumber.supported` touches, with a year to spare on each
    /// side (about 20,000 years, 160 KB), built the first time a year outside
    /// `shared` is asked for.
    static let wide = HebrewYearTable(
        years: (HebrewMath.year(containing: DayNumber.supported.lowerBound) - 1)...(HebrewMath.year(containing: DayNumber.supported.upperBound) + 2),
        fallback: false
    )

    /// Whether a year outside this table is read from `wide` (else computed).
    let fallsBackToWide: Bool

    /// The first year in the table.
    let firstYear: Int
    /// How many years the table holds.
    let count: Int
    /// Per year: the day number of 1 Tishri in the low 32 bits, the year's
    /// length in the next 16.
    private let words: UnsafeMutablePointer<UInt64>

    /// The rules' year starts for `years`, in one pass that writes the
    /// words directly: no intermediate arrays, so a process that converts one
    /// date touches only the table's own pages (Docs/Performance.md, "Start-up").
    init(years: ClosedRange<Int>, fallback: Bool) {
        fallsBackToWide = fallback
        firstYear = years.lowerBound
        count = years.count
        words = UnsafeMutablePointer<UInt64>.allocate(capacity: Swift.max(count, 1))
        // elapsedDays for the years before and after too: the postponements
        // look one year each way. A window of three slides along.
        var previous = HebrewMath.elapsedDays(years.lowerBound - 1)
        var present = HebrewMath.elapsedDays(years.lowerBound)
        var next = HebrewMath.elapsedDays(years.lowerBound + 1)
        var start = HebrewMath.epoch + present + HebrewMath.yearLengthCorrection(previous: previous, present: present, next: next)
        for index in 0..<count {
            previous = present
            present = next
            next = HebrewMath.elapsedDays(years.lowerBound + index + 2)
            let following = HebrewMath.epoch + present + HebrewMath.yearLengthCorrection(previous: previous, present: present, next: next)
            let length = UInt64(UInt16(truncatingIfNeeded: following - start))
            words[index] = UInt64(UInt32(truncatingIfNeeded: start)) | length << 32
            start = following
        }
    }

    /// Given year starts (tests describe ICU's with it): `newYears[i]` is 1
    /// Tishri of `firstYear + i`; the last entry only ends the year before it.
    init(firstYear: Int, newYears: [Int32]) {
        fallsBackToWide = false
        self.firstYear = firstYear
        count = Swift.max(newYears.count - 1, 0)
        words = UnsafeMutablePointer<UInt64>.allocate(capacity: Swift.max(count, 1))
        for index in 0..<count {
            let length = UInt64(UInt16(truncatingIfNeeded: newYears[index + 1] - newYears[index]))
            words[index] = UInt64(UInt32(bitPattern: newYears[index])) | length << 32
        }
    }

    deinit {
        words.deallocate()
    }

    /// The words to read conversions from, valid while this table lives.
    var view: View {
        View(words: UnsafePointer(words), firstYear: Int32(truncatingIfNeeded: firstYear), count: Int32(truncatingIfNeeded: count), fallsBackToWide: fallsBackToWide)
    }

    /// 1 Tishri of `year` and the year's length.
    @inline(__always)
    func start(ofYear year: Int) -> (newYear: Int, length: Int) { view.start(ofYear: year) }

    /// 1 Tishri of `year`.
    @inline(__always)
    func newYear(_ year: Int) -> Int { view.start(ofYear: year).newYear }

    /// The year containing `day`, its first day and its length.
    @inline(__always)
    func year(containing day: Int) -> (year: Int, newYear: Int, length: Int) { view.year(containing: day) }

    /// The table's words as a plain value (16 bytes), so an engine holds
    /// them next to its other fields and reads a year in one load. Only valid
    /// while the table lives: holders keep the table too. `@unchecked
    /// Sendable`: the words never change.
    struct View: @unchecked Sendable {
        let words: UnsafePointer<UInt64>
        let firstYear: Int32
        let count: Int32
        let fallsBackToWide: Bool

        /// 1 Tishri of `year` and the year's length, from the table when it
        /// covers the year.
        @inline(__always)
        func start(ofYear year: Int) -> (newYear: Int, length: Int) {
            let index = year &- Int(firstYear)
            guard index >= 0 && index < Int(count) else {
                if fallsBackToWide { return HebrewYearTable.wide.view.start(ofYear: year) }
                let newYear = HebrewMath.newYear(year)
                return (newYear, HebrewMath.newYear(year + 1) - newYear)
            }
            return Self.unpack(words[index])
        }

        @inline(__always)
        private static func unpack(_ word: UInt64) -> (newYear: Int, length: Int) {
            (Int(Int32(bitPattern: UInt32(truncatingIfNeeded: word))), Int(word >> 32))
        }

        /// Days added before the estimate so that it divides unsigned numbers:
        /// 98,496 mean years, a whole number of days.
        private static let estimateShift = 35_975_351

        /// The year containing `day`, its first day and its length: a mean-year
        /// estimate, never more than one year off, corrected by one comparison.
        @inline(__always)
        func year(containing day: Int) -> (year: Int, newYear: Int, length: Int) {
            // Mean year: 35,975,351 / 98,496 days (235 mean months in 19 years).
            let shifted = day &- HebrewMath.epoch &+ Self.estimateShift
            guard shifted >= 0 else { return slowYear(containing: day) }
            let estimate = Int(UInt64(shifted) &* 98_496 / 35_975_351) &- 98_496 &+ 1
            var index = estimate &- Int(firstYear)
            guard index >= 1 && index &+ 1 < Int(count) else { return slowYear(containing: day) }
            var found = Self.unpack(words[index])
            if found.newYear > day {
                index &-= 1
                found = Self.unpack(words[index])
            } else if found.newYear &+ found.length <= day {
                index &+= 1
                found = Self.unpack(words[index])
            }
            return (Int(firstYear) &+ index, found.newYear, found.length)
        }

        private func slowYear(containing day: Int) -> (year: Int, newYear: Int, length: Int) {
            if fallsBackToWide { return HebrewYearTable.wide.view.year(containing: day) }
            let year = HebrewMath.year(containing: day)
            let newYear = HebrewMath.newYear(year)
            return (year, newYear, HebrewMath.newYear(year + 1) - newYear)
        }
    }
}
