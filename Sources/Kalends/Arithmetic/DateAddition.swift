/// Adding years, months, weeks and days in any calendar, as Temporal's
/// NonISODateAdd does (see Docs/Arithmetic.md):
///
/// 1. add the years to the start's arithmetic year;
/// 2. find the start's month code in that year: a missing leap month is
///    constrained to its common month (`M05L` to `M06`, `M04L` to `M04`) or,
///    under `.reject`, throws `.monthCodeNotInYear`;
/// 3. add the months by ordinal position (leap months count);
/// 4. keep the start's day, clamped to the month's last day or, under
///    `.reject`, throwing `.dayNotInMonth`;
/// 5. add the weeks and days as day numbers.
///
/// A result, or a year on the way, outside ISO years -9999 ... 9999 throws
/// `.outOfRange`; huge counts throw instead of overflowing.
extension CalendarSystem {
    /// `date` moved by `duration` in this calendar; see the steps above.
    ///
    ///     let jan31 = try Calendars.system(.iso8601).date(year: 2024, month: 1, day: 31)
    ///     try calendar.adding(.months(1), to: jan31)          // 2024-02-29
    ///     try calendar.adding(.months(1), to: jan31, overflow: .reject)  // throws .dayNotInMonth
    public func adding(_ duration: DateDuration, to date: CalendarDate) throws(ArithmeticError) -> CalendarDate {
        // Through the requirement, so a call on `any CalendarSystem` reaches the engine's specialized copy.
        try adding(duration, to: date, overflow: .constrain)
    }

    /// `date` moved by `duration` under `overflow`; see the steps above.
    public func adding(_ duration: DateDuration, to date: CalendarDate, overflow: Overflow) throws(ArithmeticError) -> CalendarDate {
        try temporalAdd(duration, to: date, overflow: overflow)
    }

    /// The steps above, for every calendar: the reference for engines' fast paths.
    func temporalAdd(_ duration: DateDuration, to date: CalendarDate, overflow: Overflow) throws(ArithmeticError) -> CalendarDate {
        let start = try own(date)
        if duration.years == 0 && duration.months == 0 {
            return try movedByDays(start.dayNumber, weeks: duration.weeks, days: duration.days)
        }
        // Step 1: years.
        let (year, yearOverflow) = start.year.addingReportingOverflow(duration.years)
        guard !yearOverflow, supportedYears.contains(year) else {
            throw .outOfRange(id, detail: "year \(start.year) + \(duration.years) years")
        }
        // Step 2: the month code in that year (may throw under .reject).
        let firstMonth = try ordinal(of: start.monthCode, inYear: year, overflow: overflow)
        // Step 3: months by position.
        let (y, m) = try shiftMonth(year: year, month: firstMonth, by: duration.months)
        // Step 4: the day (may throw under .reject).
        let length = Swift.max(daysInMonth(year: y, month: m), 1)
        var day = start.day
        if day > length {
            guard overflow == .constrain else {
                throw .dayNotInMonth(id, year: y, monthCode: monthCode(year: y, month: m), day: day, daysInMonth: length)
            }
            day = length
        }
        if duration.weeks == 0 && duration.days == 0 {
            // The fields are valid by construction: build the date without re-checking them.
            let number = dayNumber(year: y, month: m, day: day)
            guard DayNumber.supported.contains(number) else {
                throw .outOfRange(id, detail: "\(CalendarDateText.format(start)) + \(duration)")
            }
            return CalendarDate(calendar: id, dayNumber: number, year: y, month: m, monthCode: monthCode(year: y, month: m),
                                day: day, era: era(ofDay: number, year: y))
        }
        // Step 5: weeks and days.
        return try movedByDays(dayNumber(year: y, month: m, day: day), weeks: duration.weeks, days: duration.days)
    }

    /// `date` moved back by `duration`: adding its negation.
    public func subtracting(_ duration: DateDuration, from date: CalendarDate, overflow: Overflow = .constrain) throws(ArithmeticError) -> CalendarDate {
        do {
            return try adding(try duration.negated(), to: date, overflow: overflow)
        } catch let error as DurationError {
            throw .duration(error)
        } catch let error as ArithmeticError {
            throw error
        } catch {
            throw .outOfRange(id, detail: "\(duration)")
        }
    }

    /// The date `n` days after `date` (before, for negative `n`).
    public func adding(days n: Int, to date: CalendarDate) throws(ArithmeticError) -> CalendarDate {
        try movedByDays(date.dayNumber, weeks: 0, days: n)
    }

    /// `date` as this calendar's date (its fields, not another calendar's).
    func own(_ date: CalendarDate) throws(ArithmeticError) -> CalendarDate {
        if date.calendar == id { return date }
        do {
            return try self.date(dayNumber: date.dayNumber)
        } catch {
            throw .conversion(error)
        }
    }

    /// The ordinal month of `code` in `year`: Temporal's ConstrainMonthCode then MonthCodeToOrdinal.
    func ordinal(of code: MonthCode, inYear year: Int, overflow: Overflow) throws(ArithmeticError) -> Int {
        if let month = month(of: code, inYear: year) { return month }
        do {
            return try resolve(code, inYear: year, overflow: overflow)
        } catch {
            if case .monthCodeNotInYear(let calendar, let year, let code, let detail) = error {
                throw .monthCodeNotInYear(calendar, year: year, monthCode: code, detail: detail + "; constraining would move it to \(constrainedMonthCode(code)?.description ?? "the nearest month")")
            }
            throw .conversion(error)
        }
    }

    private func movedByDays(_ base: Int, weeks: Int, days: Int) throws(ArithmeticError) -> CalendarDate {
        let (weekDays, o1) = weeks.multipliedReportingOverflow(by: 7)
        let (offset, o2) = weekDays.addingReportingOverflow(days)
        let (target, o3) = base.addingReportingOverflow(offset)
        guard !o1, !o2, !o3, DayNumber.supported.contains(target) else {
            let span = [(weeks, "weeks"), (days, "days")].filter { $0.0 != 0 }.map { "\($0.0) \($0.1)" }.joined(separator: " ")
            throw .outOfRange(id, detail: "\(ISODate(dayNumber: base)) + \(span)")
        }
        do {
            return try date(dayNumber: target)
        } catch {
            throw .conversion(error)
        }
    }
}

extension CalendarDate {
    /// This date moved by `duration` in its own calendar (engine `.standard`);
    /// see `CalendarSystem.adding(_:to:overflow:)` for the steps and errors.
    public func adding(_ duration: DateDuration, overflow: Overflow = .constrain) throws(ArithmeticError) -> CalendarDate {
        try engine().adding(duration, to: self, overflow: overflow)
    }

    /// This date moved back by `duration`.
    public func subtracting(_ duration: DateDuration, overflow: Overflow = .constrain) throws(ArithmeticError) -> CalendarDate {
        try engine().subtracting(duration, from: self, overflow: overflow)
    }

    /// The standard engine of this date's calendar (built-in calendars; a
    /// registered calendar's dates are moved through its own engine).
    func engine() throws(ArithmeticError) -> any CalendarSystem {
        guard let builtIn = calendar.builtIn else { throw .conversion(.unknownCalendar(calendar.key)) }
        do {
            return try Calendars.system(builtIn)
        } catch {
            throw .conversion(error)
        }
    }
}
