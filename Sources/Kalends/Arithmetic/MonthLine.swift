
/// Months counted on one line, so that "n months after (year, month)" and
/// "months between two months" cost the same for 1 month or 100,000.
///
/// Calendars without leap months have a fixed number of months a year, so a
/// month's index is `year * count + month - 1`. In the lunisolar calendars
/// (Hebrew, Chinese, Dangi) every month starts within a few days of a mean
/// new moon, so the index is the number of mean lunations from a reference
/// new moon to the month's first day, rounded: exact while the start stays
/// within half a lunation (14 days) of the mean, which these calendars keep
/// to within 3. Positions found from an index are checked and stepped.
extension CalendarSystem {
    /// The months of each year when that number is fixed, else nil.
    var fixedMonthsPerYear: Int? {
        hasLeapMonths ? nil : monthsInYear(supportedYears.lowerBound + 1)
    }

    /// The index of `month` of `year` on the calendar's month line: months
    /// counted across years, so that consecutive months have consecutive
    /// indices (leap months included). An index means nothing by itself;
    /// differences of indices count months, and `month(atIndex:)` reverses it.
    ///
    ///     let line = GregorianCalendar()
    ///     line.monthIndex(year: 2025, month: 1) - line.monthIndex(year: 2024, month: 11)   // 2
    public func monthIndex(year: Int, month: Int) -> Int {
        if let count = fixedMonthsPerYear { return year * count + month - 1 }
        let start = Double(dayNumber(year: year, month: month, day: 1))
        return Int(((start - MeanLunation.referenceNewMoon - 1.5) / MeanLunation.days).rounded())
    }

    /// The (year, month) `months` months after `month` of `year`: Temporal's
    /// BalanceNonISODate for months. Throws when it leaves the supported years.
    public func shiftMonth(year: Int, month: Int, by months: Int) throws(ArithmeticError) -> (year: Int, month: Int) {
        if months == 0 { return (year, month) }
        if let count = fixedMonthsPerYear {
            let (sum, overflow) = (month - 1).addingReportingOverflow(months)
            guard !overflow else { throw rangeError(year: year, month: month, months: months) }
            let target = (year: year + sum.floorDivided(by: count), month: sum.floorModulo(count) + 1)
            guard supportedYears.contains(target.year) else { throw rangeError(year: year, month: month, months: months) }
            return target
        }
        if months.magnitude <= 40 {
            // A few years: walk them.
            var y = year, m = month + months
            while m < 1 {
                y -= 1
                guard supportedYears.contains(y) else { throw rangeError(year: year, month: month, months: months) }
                m += monthsInYear(y)
            }
            while m > monthsInYear(y) {
                m -= monthsInYear(y)
                y += 1
                guard supportedYears.contains(y) else { throw rangeError(year: year, month: month, months: months) }
            }
            return (y, m)
        }
        let (target, overflow) = monthIndex(year: year, month: month).addingReportingOverflow(months)
        guard !overflow else { throw rangeError(year: year, month: month, months: months) }
        return try position(ofMonthIndex: target, from: (year, month), months: months)
    }

    /// The year and month at `index` on the month line (see `monthIndex(year:month:)`).
    /// Throws when that month lies outside the supported years.
    public func month(atIndex index: Int) throws(ArithmeticError) -> (year: Int, month: Int) {
        let anchor = supportedYears.lowerBound + 1
        let (months, overflow) = index.subtractingReportingOverflow(monthIndex(year: anchor, month: 1))
        guard !overflow else { throw .outOfRange(id, detail: "month index \(index)") }
        return try shiftMonth(year: anchor, month: 1, by: months)
    }

    /// Months from `month` of `year` to `toMonth` of `toYear` (negative when earlier).
    func monthsBetween(year: Int, month: Int, toYear: Int, toMonth: Int) -> Int {
        if fixedMonthsPerYear == nil, (toYear - year).magnitude <= 3 {
            var count = toMonth - month
            if toYear > year {
                for y in year..<toYear { count += monthsInYear(y) }
            } else {
                for y in toYear..<year { count -= monthsInYear(y) }
            }
            return count
        }
        return monthIndex(year: toYear, month: toMonth) - monthIndex(year: year, month: month)
    }

    private func position(ofMonthIndex target: Int, from start: (Int, Int), months: Int) throws(ArithmeticError) -> (year: Int, month: Int) {
        let estimate = MeanLunation.referenceNewMoon + 1.5 + (Double(target) + 0.5) * MeanLunation.days
        guard estimate.isFinite, estimate > Double(DayNumber.supported.lowerBound - 400),
              estimate < Double(DayNumber.supported.upperBound + 400) else {
            throw rangeError(year: start.0, month: start.1, months: months)
        }
        let day = Swift.min(Swift.max(Int(estimate), DayNumber.supported.lowerBound), DayNumber.supported.upperBound)
        let found = ordinalDate(ofDay: day)
        var y = found.year, m = found.month
        // The estimate is exact but for the edges of the range; step to be sure.
        var index = monthIndex(year: y, month: m)
        var steps = 0
        while index != target {
            steps += 1
            guard steps < 40 else { throw rangeError(year: start.0, month: start.1, months: months) }
            if index < target {
                m += 1
                if m > monthsInYear(y) { y += 1; m = 1 }
            } else {
                m -= 1
                if m < 1 { y -= 1; m = monthsInYear(y) }
            }
            guard supportedYears.contains(y) else { throw rangeError(year: start.0, month: start.1, months: months) }
            index = monthIndex(year: y, month: m)
        }
        return (y, m)
    }

    private func rangeError(year: Int, month: Int, months: Int) -> ArithmeticError {
        let code = monthCode(year: year, month: month)
        return .outOfRange(id, detail: "\(months) months from \(CalendarDateText.yearText(year))-\(code)")
    }
}

/// The mean synodic month, and a mean new moon to count from.
enum MeanLunation {
    static let days = 29.530588853
    /// Day number of the mean new moon of 2000-01-06 18:14 UTC.
    static let referenceNewMoon = 10_962.76
}
