import Kalends
import KalendsLayout

/// Views drawn as terminal text, `width` columns wide: a day as rows of
/// its real hours with the events in the layout's columns, a week as days
/// side by side (rows aligned by the wall clock: a 25-hour day has its
/// second `01:00` row, a 23-hour day a gap), a month as a grid with titles
/// in each day as many as fit, then `+N more`. Titles are cut to their
/// column (by characters: a wide character takes one).
public struct ViewText: Sendable {
    /// The columns of the text (at least 40).
    public var width: Int
    /// The words and numerals (`ViewNames.english` unless a locale is given); a right-to-left
    /// locale's weeks and months run right to left.
    public var names: ViewNames

    /// A renderer `width` columns wide, in the words of `names`.
    public init(width: Int = 80, names: ViewNames = .english) {
        self.width = Swift.max(40, width)
        self.names = names
    }

    /// The cells of a row in reading order: reversed for a right-to-left locale.
    func ordered<T>(_ cells: [T]) -> [T] { names.isRightToLeft ? cells.reversed() : cells }

    // MARK: Day

    /// The day: its date, all-day events, then one row an hour.
    public func day(_ view: DayView) -> [String] {
        var lines = [names.dayTitle(view.day.dayNumber)]
        for item in view.allDay.sorted(by: { ($0.lane, $0.event.id) < ($1.lane, $1.event.id) }) {
            lines.append("all day " + Self.cut(item.event.title + (item.event.firstDay < view.day.dayNumber ? " (continued)" : ""), width - 8))
        }
        let rows = Self.rows(view)
        let columns = Swift.max(1, view.boxes.map(\.placement.columns).max() ?? 1)
        let columnWidth = Swift.max(4, (width - 7) / columns)
        for (index, row) in rows.enumerated() {
            var cells = [String](repeating: "", count: columns)
            for box in view.boxes where box.placement.start < row.end && Swift.max(box.placement.end, box.placement.start + 1) > row.start {
                let column = Swift.min(columns - 1, box.placement.column * columns / Swift.max(1, box.placement.columns))
                let startsHere = box.placement.start >= row.start || index == 0
                cells[column] = startsHere ? Self.label(box, day: view) : "│"
            }
            let text = cells.map { Self.pad(Self.cut($0, columnWidth - 1), columnWidth) }.joined()
            lines.append(Self.trimmed(row.label + " │ " + text))
        }
        return lines
    }

    /// A box's label: its title and its times (`09:00-10:30`, with `...` for a part on another day).
    static func label(_ box: DayView.Box, day: DayView) -> String {
        let start = box.continuesBefore ? "..." : day.day.axis.label(atElapsed: box.placement.start)
        let end = box.continuesAfter ? "..." : day.day.axis.label(atElapsed: box.placement.end)
        return box.event.title + " " + start + "-" + end
    }

    /// The rows of a day: its hour lines but the closing one, each to the next.
    static func rows(_ view: DayView) -> [(label: String, start: Double, end: Double)] {
        let lines = view.hourLines
        var rows: [(label: String, start: Double, end: Double)] = []
        for index in lines.indices where !lines[index].isDayEnd {
            let end = index + 1 < lines.count ? lines[index + 1].elapsed : view.day.axis.length
            rows.append((lines[index].label, lines[index].elapsed, end))
        }
        return rows
    }

    // MARK: Week

    /// The days side by side: a header of dates, the all-day bars, then rows by the wall clock.
    public func week(_ view: WeekView) -> [String] {
        let count = Swift.max(1, view.days.count)
        let columnWidth = Swift.max(6, (width - 6) / count)
        var lines: [String] = []
        lines.append(Self.trimmed("      " + ordered(view.days.map { Self.pad(Self.cut(names.shortDay($0.day.dayNumber), columnWidth - 1), columnWidth) }).joined()))
        for lane in 0..<view.laneCount {
            var text = [Character](repeating: " ", count: columnWidth * count)
            for bar in view.bars where bar.lane == lane {
                let firstColumn = names.isRightToLeft ? count - 1 - bar.lastColumn : bar.firstColumn
                let lastColumn = names.isRightToLeft ? count - 1 - bar.firstColumn : bar.lastColumn
                let from = firstColumn * columnWidth, to = (lastColumn + 1) * columnWidth - 1
                let title = (bar.continuesBefore ? "<" : "") + bar.event.title + (bar.continuesAfter ? ">" : "")
                let room = to - from
                var drawn = Array(Self.cut(title, room))
                while drawn.count < room { drawn.append("─") }
                for (offset, character) in drawn.enumerated() where from + offset < text.count { text[from + offset] = character }
            }
            lines.append(Self.trimmed("      " + String(text)))
        }
        // Rows keyed by the wall clock: each day's hours, a repeated hour after its first.
        var keys: [(String, Int)] = []
        for day in view.days {
            for line in day.hourLines where !line.isDayEnd {
                let key = (line.label, line.occurrence)
                if !keys.contains(where: { $0 == key }) {
                    let after = keys.lastIndex { $0.0 == line.label && $0.1 < line.occurrence }
                    let position = after.map { $0 + 1 } ?? keys.firstIndex { $0.0 > line.label } ?? keys.count
                    keys.insert(key, at: position)
                }
            }
        }
        let dayRows = view.days.map { day -> [String: (start: Double, end: Double)] in
            var rows: [String: (start: Double, end: Double)] = [:]
            let lines = day.hourLines
            for index in lines.indices where !lines[index].isDayEnd {
                let end = index + 1 < lines.count ? lines[index + 1].elapsed : day.day.axis.length
                rows["\(lines[index].label)/\(lines[index].occurrence)"] = (lines[index].elapsed, end)
            }
            return rows
        }
        for (label, occurrence) in keys {
            var cells: [String] = []
            for (day, rows) in zip(view.days, dayRows) {
                guard let row = rows["\(label)/\(occurrence)"] else {
                    cells.append("·")
                    continue
                }
                let here = day.boxes.filter { $0.placement.start < row.end && Swift.max($0.placement.end, $0.placement.start + 1) > row.start }
                let starting = here.filter { $0.placement.start >= row.start || row.start == 0 }
                if let first = starting.min(by: { ($0.placement.start, $0.event.id) < ($1.placement.start, $1.event.id) }) {
                    cells.append(first.event.title + (starting.count > 1 ? " +\(starting.count - 1)" : ""))
                } else {
                    cells.append(here.isEmpty ? "" : "│")
                }
            }
            let text = ordered(cells.map { Self.pad(Self.cut($0, columnWidth - 1), columnWidth) }).joined()
            lines.append(Self.trimmed(label + " " + text))
        }
        return lines
    }

    // MARK: Month

    /// The grid: a title, the weekdays, then each week as rows of day numbers and titles.
    /// `titlesPerDay`: the titles a day shows before `+N more`.
    public func month(_ view: MonthView, titlesPerDay: Int = 2) -> [String] {
        let cell = Swift.max(6, width / 7)
        var lines = [view.title(names)]
        let first = view.grid.rules.firstWeekday
        lines.append(Self.trimmed(ordered((0..<7).map { Self.pad(Self.cut(names.weekdayName((first - 1 + $0) % 7 + 1), cell - 1), cell) }).joined()))
        for week in view.weeks {
            var numbers: [String] = []
            var rows = [[String]](repeating: [], count: titlesPerDay)
            for day in week {
                guard let day else {
                    numbers.append(Self.pad("", cell))
                    for index in rows.indices { rows[index].append(Self.pad("", cell)) }
                    continue
                }
                var label = names.number(day.date.day)
                if let also = day.also {
                    label += " " + names.number(also.day) + (also.day == 1 || day.date.day == 1 ? " " + names.alsoMonthName(also) : "")
                }
                numbers.append(Self.pad(Self.cut(label, cell - 1), cell))
                for index in rows.indices {
                    var text = ""
                    if index < day.events.count {
                        text = day.events.count > titlesPerDay && index == titlesPerDay - 1
                            ? "+\(day.events.count - titlesPerDay + 1) more" : day.events[index].title
                    }
                    rows[index].append(Self.pad(Self.cut(text, cell - 1), cell))
                }
            }
            lines.append(Self.trimmed(ordered(numbers).joined()))
            lines += rows.map { Self.trimmed(ordered($0).joined()) }.filter { !$0.isEmpty }
        }
        return lines
    }

    // MARK: Names and text

    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    static func dayTitle(_ dayNumber: Int) -> String { ViewNames.english.dayTitle(dayNumber) }

    static func shortDay(_ dayNumber: Int) -> String { ViewNames.english.shortDay(dayNumber) }

    /// `March 2024`, `Adar II 5784`: Kalends' English month name and the calendar's year.
    static func englishMonthTitle(_ first: CalendarDate) -> String {
        guard let calendar = try? Calendars.system(first.calendar.builtIn ?? .gregorian) else { return first.description }
        return DateJSON.monthName(first, in: calendar) + " " + calendar.titleYear(of: first)
    }

    static func shortMonth(_ date: CalendarDate) -> String {
        guard let calendar = try? Calendars.system(date.calendar.builtIn ?? .gregorian) else { return "" }
        return String(DateJSON.monthName(date, in: calendar).prefix(3))
    }

    static func cut(_ text: String, _ count: Int) -> String {
        let flat = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        guard count > 0 else { return "" }
        return flat.count <= count ? flat : String(flat.prefix(Swift.max(0, count - 1))) + "…"
    }

    static func pad(_ text: String, _ count: Int) -> String {
        text.count >= count ? text : text + String(repeating: " ", count: count - text.count)
    }

    static func trimmed(_ line: String) -> String {
        var text = Substring(line)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
