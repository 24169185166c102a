/// The unit a span is sliced into.
public enum SliceUnit: String, Sendable, Codable, CaseIterable {
    case day, week, month, year
}

/// One piece of a sliced span: a day, week, month or year of a calendar in a
/// zone, clipped to the span, with its real length.
public struct DaySlice: Hashable, Sendable, Codable {
    /// The first day of the whole unit, in the slicing calendar (for a unit
    /// reaching before ISO -9999-01-01, that day: units are cut at the
    /// supported range).
    public let first: CalendarDate
    /// How many calendar days the whole unit has (within the supported range).
    public let days: Int
    /// The unit's own bounds, unclipped: [unitStart, unitEnd).
    public let unitStart: Instant
    public let unitEnd: Instant
    /// The slice: the unit clipped to the sliced span.
    public let start: Instant
    public let end: Instant

    /// The slice's real length in seconds (23 or 25 hours on DST days).
    public var seconds: Int { end.seconds - start.seconds }
    /// True when the slice is the whole unit, not clipped by the span.
    public var isWhole: Bool { start == unitStart && end == unitEnd }
}

/// The days (or weeks, months, years) of a calendar in a zone that a
/// half-open span [start, end) touches, produced lazily in order.
///
/// Slices cover the span exactly, without gaps or overlaps. A day that never
/// happened in the zone (Pacific/Apia 2011-12-30) has no instants and yields
/// no slice.
public struct DaySlices: Sequence, Sendable {
    /// The sliced span, [start, end).
    public let start: Instant
    public let end: Instant
    /// The zone whose local days are sliced.
    public let zone: ZoneRules
    /// The calendar of the units' dates, months and years.
    public let calendar: any CalendarSystem
    /// What each slice is: a day, week, month or year.
    public let unit: SliceUnit
    /// Where weeks start, for `.week`.
    public let weekRules: WeekRules

    /// Slices [start, end); throws when `end` is before `start` or either is out of range.
    public init(from start: Instant, to end: Instant, zone: ZoneRules, calendar: any CalendarSystem,
                unit: SliceUnit = .day, weekRules: WeekRules = .iso) throws(RangeError) {
        guard start <= end else { throw .endBeforeStart(start: start, end: end) }
        // The end is exclusive, so it may be the first instant after the range.
        let limit = Instant.supportedSeconds.lowerBound...(Instant.supportedSeconds.upperBound + 1)
        guard limit.contains(start.seconds), limit.contains(end.seconds) else {
            throw .outOfRange(limit.contains(start.seconds) ? end : start)
        }
        self.start = start
        self.end = end
        self.zone = zone
        self.calendar = calendar
        self.unit = unit
        self.weekRules = weekRules
    }

    /// Starts at the unit containing `start`.
    public func makeIterator() -> Iterator {
        Iterator(slices: self, day: zone.dayNumber(of: start))
    }

    /// Walks unit by unit; each step moves at least one day forward, so it ends.
    ///
    /// `nextSlice()` throws when a unit cannot be computed (the calendar's
    /// date of a day: only a reference engine over ICU or Foundation can
    /// fail); `next()`, for `for ... in`, ends the sequence there and keeps
    /// the error in `failure`, so a caller can tell the end from a failure.
    public struct Iterator: IteratorProtocol {
        let slices: DaySlices
        var day: Int
        var finished = false
        /// Why `next()` ended early; nil when the sequence ended normally.
        public private(set) var failure: RangeError?
        /// The start of the unit beginning at `day`, known from the previous unit's end.
        var knownStart: Instant?
        var starts: DayStartCursor

        init(slices: DaySlices, day: Int) {
            self.slices = slices
            self.day = day
            self.starts = DayStartCursor(zone: slices.zone)
        }

        /// The next slice, nil at the end of the span; see `nextSlice()`.
        public mutating func next() -> DaySlice? {
            do {
                return try nextSlice()
            } catch {
                failure = error
                finished = true
                return nil
            }
        }

        /// The next slice, nil at the end of the span; throws
        /// `RangeError.unitUnavailable` when a unit cannot be computed.
        public mutating func nextSlice() throws(RangeError) -> DaySlice? {
            while !finished {
                guard let (unitFirstDay, unitLength) = unitBounds(containing: day) else {
                    finished = true
                    return nil
                }
                // A unit reaching past ISO -9999-01-01 or 9999-12-31 is cut at the supported range.
                let firstDay = Swift.max(unitFirstDay, DayNumber.supported.lowerBound)
                let length = Swift.min(unitFirstDay + unitLength, DayNumber.supported.upperBound + 1) - firstDay
                let unitStart: Instant, unitEnd: Instant, first: CalendarDate
                do {
                    // Both days lie in DayNumber.supported or just after it, which startOfDay accepts.
                    unitStart = try (firstDay == day ? knownStart : nil) ?? starts.startOfDay(firstDay)
                    unitEnd = try starts.startOfDay(firstDay + length)
                } catch {
                    finished = true
                    throw .unitUnavailable(day: firstDay, detail: "\(error)")
                }
                do {
                    first = try slices.calendar.date(dayNumber: firstDay)
                } catch {
                    finished = true
                    throw .unitUnavailable(day: firstDay, detail: "\(error)")
                }
                day = firstDay + length
                knownStart = unitEnd
                if unitStart >= slices.end { finished = true }
                let start = Swift.max(unitStart, slices.start)
                let end = Swift.min(unitEnd, slices.end)
                if start < end {
                    return DaySlice(first: first, days: length, unitStart: unitStart, unitEnd: unitEnd, start: start, end: end)
                }
                if unitEnd >= slices.end && unitStart >= slices.start { finished = true }
            }
            return nil
        }

        /// The first day and day count of the unit containing `day`.
        private func unitBounds(containing day: Int) -> (Int, Int)? {
            guard DayNumber.supported.contains(day) else { return nil }
            switch slices.unit {
            case .day:
                return (day, 1)
            case .week:
                return (slices.weekRules.startOfWeek(containing: day), 7)
            case .month:
                let calendar = slices.calendar
                let fields = calendar.ordinalDate(ofDay: day)
                return (day - fields.day + 1, calendar.daysInMonth(year: fields.year, month: fields.month))
            case .year:
                let calendar = slices.calendar
                let year = calendar.ordinalDate(ofDay: day).year
                let first = calendar.dayNumber(year: year, month: 1, day: 1)
                let next = calendar.supportedYears.contains(year + 1)
                    ? calendar.dayNumber(year: year + 1, month: 1, day: 1)
                    : DayNumber.supported.upperBound + 1
                return (first, next - first)
            }
        }
    }
}

/// Why a span could not be sliced or segmented.
public enum RangeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The span's end comes before its start.
    case endBeforeStart(start: Instant, end: Instant)
    /// An instant outside ISO years -9999 ... 9999.
    case outOfRange(Instant)
    /// A week rule's value is out of 1 ... 7 (`field` names it).
    case invalidWeekRule(field: String, value: Int)
    /// ICU has no locale data for this locale's language (`xx_YY`).
    case unknownLocale(String)
    /// The locale is no BCP 47 tag or ICU id (`he@@@`, empty, over 100 bytes).
    case malformedLocale(String)
    /// A unit of the span could not be computed (a day's start in the zone,
    /// or the calendar's date of a day); `detail` is the underlying error.
    case unitUnavailable(day: Int, detail: String)

    public var description: String {
        switch self {
        case .endBeforeStart(let start, let end):
            return "END \(end) is before START \(start)"
        case .outOfRange(let instant):
            return "\(instant.seconds) seconds since 1970 is out of the supported range (ISO years -9999 ... 9999)"
        case .invalidWeekRule(let field, let value):
            return "week rule \(field) \(value) is out of range 1 ... 7 (ISO weekdays, 1 = Monday)"
        case .unknownLocale(let identifier):
            return "unknown locale '\(identifier)': ICU has no data for its language (expected e.g. en_US, de_DE, he_IL, C)"
        case .malformedLocale(let identifier):
            return "malformed locale '\(identifier)': \(LocaleIdentifierSyntax.expectation)"
        case .unitUnavailable(let day, let detail):
            return "cannot slice the unit starting at day \(day): \(detail)"
        }
    }
}
