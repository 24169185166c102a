/// The first day of every Hebrew year the supported day range touches,
/// computed once from the molad: conversions then need two table reads
/// instead of three molad computations per year boundary.
///
/// About 20,000 years, 80 KB; built on first use (well under a millisecond
/// of molad arithmetic). Immutable afterwards, so safe to share.
struct HebrewYearTable: Sendable {
    /// The table for `DayNumber.supported`, with a year to spare on each side.
    static let shared = HebrewYearTable(
        years: (HebrewMath.year(containing: DayNumber.supported.lowerBound) - 1)...(HebrewMath.year(containing: DayNumber.supported.upperBound) + 2)
    )

    /// The first year in the table.
    let firstYear: Int
    /// `newYears[i]` is the day number of 1 Tishri of `firstYear + i`.
    let newYears: [Int32]

    init(years: ClosedRange<Int>) {
        firstYear = years.lowerBound
        // elapsedDays for the years before and after too: the postponements
        // look one year each way.
        let elapsed = (years.lowerBound - 1...years.upperBound + 1).map(HebrewMath.elapsedDays)
        var newYears: [Int32] = []
        newYears.reserveCapacity(years.count)
        for index in 1...years.count {
            let previous = elapsed[index - 1], present = elapsed[index], next = elapsed[index + 1]
            let correction = next - present == 356 ? 2 : (present - previous == 382 ? 1 : 0)
            newYears.append(Int32(HebrewMath.epoch + present + correction))
        }
        self.newYears = newYears
    }

    /// A table of given year starts (tests use it to describe ICU's).
    init(firstYear: Int, newYears: [Int32]) {
        self.firstYear = firstYear
        self.newYears = newYears
    }

    /// 1 Tishri of `year`, from the table when it covers the year.
    @inline(__always)
    func newYear(_ year: Int) -> Int {
        let index = year &- firstYear
        guard index >= 0 && index < newYears.count else { return HebrewMath.newYear(year) }
        return Int(newYears[index])
    }

    /// The year containing `day` and its first day: a mean-year estimate,
    /// never more than one year off, corrected by one comparison.
    @inline(__always)
    func year(containing day: Int) -> (year: Int, newYear: Int, nextNewYear: Int) {
        // Mean year: 35,975,351 / 98,496 days (235 mean months in 19 years).
        let estimate = ((day &- HebrewMath.epoch) &* 98_496).floorDivided(by: 35_975_351) &+ 1
        var index = estimate &- firstYear
        guard index >= 1 && index + 2 < newYears.count else {
            let year = HebrewMath.year(containing: day)
            return (year, HebrewMath.newYear(year), HebrewMath.newYear(year + 1))
        }
        if Int(newYears[index]) > day {
            index &-= 1
        } else if Int(newYears[index &+ 1]) <= day {
            index &+= 1
        }
        return (firstYear &+ index, Int(newYears[index]), Int(newYears[index &+ 1]))
    }
}
