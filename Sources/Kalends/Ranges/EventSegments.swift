/// The part of an event that falls on one day of a day view.
public struct EventSegment: Hashable, Sendable, Codable {
    /// The day (in the viewing calendar).
    public let day: CalendarDate
    /// The segment: the event clipped to the day.
    public let start: Instant
    public let end: Instant
    /// The event began on an earlier day.
    public let continuesFromPreviousDay: Bool
    /// The event goes on past this day.
    public let continuesToNextDay: Bool
    /// True for a segment of an all-day event (whole days).
    public let isAllDay: Bool

    /// The segment's length in seconds.
    public var seconds: Int { end.seconds - start.seconds }
}

/// Splitting events into one segment per day they touch, as day and week
/// views draw them.
public enum EventSegmentation {
    /// The segments of a timed event [start, end) in `zone`. A zero-length
    /// event belongs to the day it occurs in; an event ending exactly at
    /// midnight does not touch the next day.
    public static func segments(start: Instant, end: Instant, zone: ZoneRules,
                                calendar: any CalendarSystem) throws(RangeError) -> [EventSegment] {
        if start == end {
            guard Instant.supportedSeconds.contains(start.seconds),
                  let day = try? calendar.date(dayNumber: zone.dayNumber(of: start)) else {
                throw .outOfRange(start)
            }
            return [EventSegment(day: day, start: start, end: end, continuesFromPreviousDay: false,
                                 continuesToNextDay: false, isAllDay: false)]
        }
        let slices = try DaySlices(from: start, to: end, zone: zone, calendar: calendar, unit: .day)
        return slices.map { slice in
            EventSegment(day: slice.first, start: slice.start, end: slice.end,
                         continuesFromPreviousDay: slice.start > start,
                         continuesToNextDay: slice.end < end, isAllDay: false)
        }
    }

    /// The segments of an all-day event covering days [firstDay, endDay)
    /// (`endDay` exclusive, as iCalendar's DTEND), as whole days of the
    /// viewer's zone. A one-day event has `endDay == firstDay + 1`; an empty
    /// range is taken as one day, as calendar apps do.
    public static func allDaySegments(firstDay: Int, endDay: Int, zone: ZoneRules,
                                      calendar: any CalendarSystem) throws(RangeError) -> [EventSegment] {
        let last = Swift.max(endDay, firstDay + 1)
        guard DayNumber.supported.contains(firstDay), last - 1 <= DayNumber.supported.upperBound else {
            throw .outOfRange(Instant(seconds: firstDay.multipliedReportingOverflow(by: 86_400).partialValue))
        }
        var segments: [EventSegment] = []
        for day in firstDay..<last {
            guard let (start, end) = try? zone.interval(ofDay: day), let date = try? calendar.date(dayNumber: day) else {
                throw .outOfRange(Instant(seconds: day * 86_400))
            }
            segments.append(EventSegment(day: date, start: start, end: end, continuesFromPreviousDay: day > firstDay,
                                         continuesToNextDay: day < last - 1, isAllDay: true))
        }
        return segments
    }
}
