import Kalends
import KalendsStore

/// A month of any calendar as a grid of weeks, each day numbered in that
/// calendar and (`also`) in a second one, with the events that touch it.
public struct MonthView: Hashable, Sendable {
    /// A day of the month, in the grid.
    public struct Day: Hashable, Sendable {
        public let dayNumber: Int
        /// The day in the month's calendar.
        public let date: CalendarDate
        /// The day in the second calendar, when one is shown.
        public let also: CalendarDate?
        public let isWeekend: Bool
        /// The events that touch the day, all-day ones first, then by start.
        public let events: [ViewEvent]
    }

    /// The month's grid (its weeks, the week rules).
    public let grid: MonthGrid
    /// Rows of seven, nil where a day belongs to another month.
    public let weeks: [[Day?]]
    /// The calendar of the grid.
    public let calendar: CalendarIdentifier
    /// The second calendar each day is numbered in, if any.
    public let also: CalendarIdentifier?

    /// The month's first day.
    public var first: CalendarDate { grid.first }
}

extension CalendarViews {
    /// The `month`-th month (ordinal, leap months counted) of `year` in
    /// `calendar`, weeks by `rules`, each day also in `also`, with the events
    /// of `store` in `zone`.
    /// - Throws: `ViewError`.
    public static func month(_ store: CalendarStore, calendar: any CalendarSystem, year: Int, month: Int, rules: WeekRules,
                             also: (any CalendarSystem)? = nil, zone: ZoneRules, sixRows: Bool = false) throws(ViewError) -> MonthView {
        let grid: MonthGrid
        do {
            grid = try MonthGrid(calendar: calendar, year: year, month: month, rules: rules, sixRows: sixRows)
        } catch {
            throw .conversion(error)
        }
        let first = grid.first.dayNumber, last = first + grid.length - 1
        let all = try events(store, days: first..<(last + 1), zone: zone)
        var byDay: [Int: [ViewEvent]] = [:]
        for event in all {
            let from = Swift.max(first, event.firstDay), to = Swift.min(last, event.lastDay)
            guard from <= to else { continue }
            for day in from...to { byDay[day, default: []].append(event) }
        }
        var weeks: [[MonthView.Day?]] = []
        for week in grid.weeks {
            var row: [MonthView.Day?] = []
            for cell in week.cells {
                guard let cell else {
                    row.append(nil)
                    continue
                }
                let date: CalendarDate, second: CalendarDate?
                do {
                    date = try calendar.date(dayNumber: cell.dayNumber)
                    second = try also.map { (other) throws(ConversionError) in try other.date(dayNumber: cell.dayNumber) }
                } catch {
                    throw .conversion(error)
                }
                let events = (byDay[cell.dayNumber] ?? []).sorted { a, b in
                    a.isAllDay != b.isAllDay ? a.isAllDay : (a.start, a.id) < (b.start, b.id)
                }
                row.append(MonthView.Day(dayNumber: cell.dayNumber, date: date, also: second, isWeekend: cell.isWeekend, events: events))
            }
            weeks.append(row)
        }
        return MonthView(grid: grid, weeks: weeks, calendar: calendar.id, also: also?.id)
    }
}

extension MonthView {
    /// The month's name and year in its calendar (`Adar II 5784`, `March 2024`).
    public var title: String { title(.english) }

    /// The month's name and year in its calendar, in the words of `names`.
    public func title(_ names: ViewNames) -> String { names.monthTitle(first) }
}
