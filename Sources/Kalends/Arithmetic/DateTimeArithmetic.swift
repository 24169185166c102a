/// Adding durations to date-times and measuring between them, as Temporal's
/// PlainDateTime and ZonedDateTime do: calendar units (days and larger) move
/// the wall-clock date and keep the time of day; time units are exact
/// elapsed time.
extension LocalDateTime {
    /// This wall-clock time moved by `duration`: the time part is added to the
    /// time of day (whole days carry into the days), then the date part in
    /// `calendar` (`CalendarSystem.adding(_:to:overflow:)`, which may throw).
    public func adding(_ duration: CalendarDuration, in calendar: any CalendarSystem, overflow: Overflow = .constrain) throws(ArithmeticError) -> LocalDateTime {
        let span = try Balance.span(duration.time)
        var seconds = nanosecondOfDay / 1_000_000_000
        let nanos = nanosecondOfDay % 1_000_000_000 + span.nanoseconds
        let (sum, o1) = seconds.addingReportingOverflow(span.seconds)
        guard !o1 else { throw .outOfRange(calendar.id, detail: "\(self) + \(duration)") }
        seconds = sum + nanos.floorDivided(by: 1_000_000_000)
        let carry = seconds.floorDivided(by: 86_400)
        let (days, o2) = duration.date.days.addingReportingOverflow(carry)
        guard !o2 else { throw .outOfRange(calendar.id, detail: "\(self) + \(duration)") }
        let date = duration.date
        let start = try Balance.date(dayNumber, in: calendar)
        let moved = try calendar.adding(DateDuration(unchecked: date.years, date.months, date.weeks, days), to: start, overflow: overflow)
        return LocalDateTime(unchecked: moved.dayNumber, seconds.floorModulo(86_400) * 1_000_000_000 + nanos.floorModulo(1_000_000_000))
    }

    /// The duration from this wall-clock time to `other`, balanced up to
    /// `largestUnit` (days are 24 hours here: there is no zone).
    public func until(_ other: LocalDateTime, in calendar: any CalendarSystem, largestUnit: DurationUnit = .days) throws(ArithmeticError) -> CalendarDuration {
        guard let dateUnit = largestUnit.dateUnit else {
            let days = other.dayNumber - dayNumber
            var span = ExactSpan(seconds: days * 86_400 + (other.nanosecondOfDay / 1_000_000_000 - nanosecondOfDay / 1_000_000_000),
                                 nanoseconds: other.nanosecondOfDay % 1_000_000_000 - nanosecondOfDay % 1_000_000_000)
            span = Balance.normalized(span)
            return CalendarDuration(unchecked: .zero, Balance.time(span, largestUnit: largestUnit))
        }
        var timeNanos = other.nanosecondOfDay - nanosecondOfDay
        let dateSign = other.dayNumber == dayNumber ? 0 : (other.dayNumber > dayNumber ? 1 : -1)
        var endDay = other.dayNumber
        if timeNanos != 0, dateSign != 0, (timeNanos > 0 ? 1 : -1) == -dateSign {
            endDay -= dateSign
            timeNanos += dateSign * LocalDateTime.nanosecondsPerDay
        }
        let dates = try calendar.until(try Balance.date(dayNumber, in: calendar), try Balance.date(endDay, in: calendar), largestUnit: dateUnit)
        let span = ExactSpan(seconds: timeNanos / 1_000_000_000, nanoseconds: timeNanos % 1_000_000_000)
        return CalendarDuration(unchecked: dates, Balance.time(span, largestUnit: .hours))
    }
}

extension ZonedDateTime {
    /// This time moved by `duration` (Temporal's AddZonedDateTime): the date
    /// part moves the wall-clock date in `calendar` keeping the time of day
    /// (`overflow` may throw), the result is placed in the zone by
    /// `disambiguation` (may throw under `.reject`), then the time part is
    /// added as exact elapsed time.
    ///
    /// In New York, 2024-03-09T09:00 + P1D is 2024-03-10T09:00-04:00, 23
    /// hours later; + PT24H is 2024-03-10T10:00-04:00.
    public func adding(_ duration: CalendarDuration, in calendar: any CalendarSystem, overflow: Overflow = .constrain,
                       disambiguation: Disambiguation = .compatible) throws(ArithmeticError) -> ZonedDateTime {
        try addingReportingAdjustment(duration, in: calendar, overflow: overflow, disambiguation: disambiguation).result
    }

    /// `adding(_:in:overflow:disambiguation:)`, also saying whether the
    /// wall-clock time reached fell in a gap or a repeat.
    public func addingReportingAdjustment(_ duration: CalendarDuration, in calendar: any CalendarSystem, overflow: Overflow = .constrain,
                                          disambiguation: Disambiguation = .compatible) throws(ArithmeticError) -> (result: ZonedDateTime, adjustment: LocalTimeAdjustment) {
        let span = try Balance.span(duration.time)
        var instant = self.instant
        var adjustment = LocalTimeAdjustment.none
        do {
            if !duration.date.isZero {
                let moved = try calendar.adding(duration.date, to: try Balance.date(local.dayNumber, in: calendar), overflow: overflow)
                let resolution = try zone.resolve(LocalDateTime(unchecked: moved.dayNumber, local.nanosecondOfDay), disambiguation)
                instant = resolution.instant
                adjustment = resolution.adjustment
            }
            return (try ZonedDateTime(instant: try instant.adding(span), zone: zone), adjustment)
        } catch let error as TimeError {
            throw .time(error)
        } catch let error as ArithmeticError {
            throw error
        } catch {
            throw .outOfRange(calendar.id, detail: "\(self) + \(duration)")
        }
    }

    /// The duration from this time to `other` (Temporal's
    /// DifferenceZonedDateTime): with a calendar unit, whole calendar days of
    /// the wall clock in this zone and the exact time left over; with hours or
    /// smaller, exact elapsed time.
    public func until(_ other: ZonedDateTime, in calendar: any CalendarSystem, largestUnit: DurationUnit = .days) throws(ArithmeticError) -> CalendarDuration {
        let total = Balance.normalized(instant.span(to: other.instant))
        guard let dateUnit = largestUnit.dateUnit else {
            return CalendarDuration(unchecked: .zero, Balance.time(total, largestUnit: largestUnit))
        }
        do {
            let end = try other.inZone(zone)
            if total.sign == 0 { return .zero }
            if end.local.dayNumber == local.dayNumber {
                return CalendarDuration(unchecked: .zero, Balance.time(total, largestUnit: .hours))
            }
            let sign = total.sign
            var correction = 0
            let wallDifference = end.local.nanosecondOfDay - local.nanosecondOfDay
            if wallDifference != 0, (wallDifference > 0 ? 1 : -1) == -sign { correction += 1 }
            let maxCorrection = sign > 0 ? 2 : 1
            while correction <= maxCorrection {
                let day = end.local.dayNumber - correction * sign
                let resolution = try zone.resolve(LocalDateTime(unchecked: day, local.nanosecondOfDay), .compatible)
                let rest = Balance.normalized(resolution.instant.span(to: end.instant))
                if rest.sign != -sign {
                    let dates = try calendar.until(try Balance.date(local.dayNumber, in: calendar), try Balance.date(day, in: calendar), largestUnit: dateUnit)
                    return CalendarDuration(unchecked: dates, Balance.time(rest, largestUnit: .hours))
                }
                correction += 1
            }
            throw ArithmeticError.outOfRange(calendar.id, detail: "the difference of \(self) and \(other)")
        } catch let error as TimeError {
            throw .time(error)
        } catch let error as ArithmeticError {
            throw error
        } catch {
            throw .outOfRange(calendar.id, detail: "the difference of \(self) and \(other)")
        }
    }
}

/// Conversions shared by the date-time operations.
enum Balance {
    static func span(_ time: TimeDuration) throws(ArithmeticError) -> ExactSpan {
        do {
            return try time.exactSeconds()
        } catch {
            throw .duration(error)
        }
    }

    static func date(_ day: Int, in calendar: any CalendarSystem) throws(ArithmeticError) -> CalendarDate {
        do {
            return try calendar.date(dayNumber: day)
        } catch {
            throw .conversion(error)
        }
    }

    /// Seconds and nanoseconds with one sign.
    static func normalized(_ span: ExactSpan) -> ExactSpan {
        var s = span.seconds, ns = span.nanoseconds
        s += ns / 1_000_000_000
        ns %= 1_000_000_000
        if s > 0 && ns < 0 { s -= 1; ns += 1_000_000_000 }
        if s < 0 && ns > 0 { s += 1; ns -= 1_000_000_000 }
        return ExactSpan(seconds: s, nanoseconds: ns)
    }

    /// Exact time as hours, minutes, seconds up to `largestUnit` (truncating, one sign).
    static func time(_ span: ExactSpan, largestUnit: DurationUnit) -> TimeDuration {
        let s = span.seconds
        switch largestUnit {
        case .seconds:
            return TimeDuration(unchecked: 0, 0, s, span.nanoseconds)
        case .minutes:
            return TimeDuration(unchecked: 0, s / 60, s % 60, span.nanoseconds)
        default:
            return TimeDuration(unchecked: s / 3600, s % 3600 / 60, s % 60, span.nanoseconds)
        }
    }
}
