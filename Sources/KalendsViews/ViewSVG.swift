import Kalends
import KalendsLayout

/// Views drawn as SVG: a day as a column as tall as its real length (a
/// 25-hour day is 25 hours tall) with hour lines and the layout engine's
/// boxes; a week as such columns side by side under a band of all-day
/// bars; a month as a grid of days with their numbers (and a second
/// calendar's) and titles, as many as fit, then `+N more`. Every event is
/// a `<g class="event" data-id="UID/RECURRENCE-ID">` holding its `<rect>`
/// and its title, so a page or a test can find it.
public struct ViewSVG: Sendable {
    /// The picture's width in pixels.
    public var width: Double
    /// Pixels an hour of a day's timeline.
    public var hourHeight: Double
    /// The left gutter with the hour labels.
    public var gutter: Double = 52
    /// The height of a header row and of an all-day lane.
    public var rowHeight: Double = 22

    /// The words and numerals; a right-to-left locale's pictures run right to left
    /// (the first day on the right, the hour labels on the right, text anchored at its right).
    public var names: ViewNames

    /// The current time: a line at it across the day that holds it, when that day is drawn.
    public var now: Instant?

    /// A renderer `width` pixels wide, `hourHeight` pixels an hour, in the words of `names`.
    public init(width: Double = 800, hourHeight: Double = 40, names: ViewNames = .english) {
        self.width = Swift.max(200, width)
        self.hourHeight = Swift.max(8, hourHeight)
        self.names = names
    }

    /// The left edge of a box `boxWidth` wide whose left edge is `x` in left-to-right order.
    func left(_ x: Double, _ boxWidth: Double) -> Double { names.isRightToLeft ? width - x - boxWidth : x }

    // MARK: Day and week

    /// One day: its date, its all-day lanes, its hours and its boxes.
    public func day(_ view: DayView) -> String {
        week(WeekView(days: [view], bars: view.allDay.map { WeekView.Bar(event: $0.event, lane: $0.lane, firstColumn: 0, lastColumn: 0,
                                                                        continuesBefore: $0.event.firstDay < view.day.dayNumber,
                                                                        continuesAfter: $0.event.lastDay > view.day.dayNumber) },
                      laneCount: view.allDayLaneCount), title: names.dayTitle(view.day.dayNumber))
    }

    /// The days side by side, each as tall as its real length.
    public func week(_ view: WeekView, title: String? = nil) -> String {
        let count = Swift.max(1, view.days.count)
        let columnWidth = (width - gutter) / Double(count)
        let band = Double(view.laneCount) * rowHeight
        let top = rowHeight * (title == nil ? 1 : 2) + band
        let tallest = view.days.map { $0.day.axis.length / 3600 * hourHeight }.max() ?? 24 * hourHeight
        let height = top + tallest + 1
        var svg = SVGOut(width: width, height: height, rightToLeft: names.isRightToLeft)
        if let title { svg.text(Self.escape(title), x: 4, y: rowHeight - 6, className: "title") }
        let headerY = rowHeight * (title == nil ? 1 : 2) - 6
        // The gutter's hour labels are a 24-hour day's (the first one shown); a day whose clock differs
        // (23 or 25 hours) labels its own lines where they differ.
        let reference = view.days.first { $0.day.axis.length == 86_400 } ?? view.days.first
        var gutterLabels: [Double: String] = [:]
        if let reference {
            for line in reference.hourLines where !line.isDayEnd {
                let y = top + line.elapsed / 3600 * hourHeight
                gutterLabels[y] = line.label
                svg.text(line.label, x: 4, y: y + 12, className: "hour-label")
            }
        }
        for (column, day) in view.days.enumerated() {
            let x = gutter + Double(column) * columnWidth
            svg.text(Self.escape(names.shortDay(day.day.dayNumber)), x: x + 4, y: headerY, className: "day-name")
            let dayHeight = day.day.axis.length / 3600 * hourHeight
            svg.rect(x: left(x, columnWidth), y: top, width: columnWidth, height: dayHeight, className: "day",
                     attributes: "data-day=\"\(ISODate(dayNumber: day.day.dayNumber))\"")
            for line in day.hourLines {
                let y = top + line.elapsed / 3600 * hourHeight
                svg.line(x1: left(x, columnWidth), y1: y, x2: left(x, columnWidth) + columnWidth, y2: y, className: line.occurrence > 1 ? "hour repeated" : "hour")
                if !line.isDayEnd && gutterLabels[y] != line.label {
                    svg.text(line.label, x: x + 2, y: y + 12, className: "hour-label own")
                }
            }
            if let now, now >= day.day.start, day.day.elapsed(at: now) < day.day.axis.length {
                let y = top + day.day.elapsed(at: now) / 3600 * hourHeight
                svg.line(x1: left(x, columnWidth), y1: y, x2: left(x, columnWidth) + columnWidth, y2: y, className: "now")
            }
            for box in day.boxes {
                let placement = box.placement
                let boxX = x + placement.x * columnWidth + 1, boxWidth = Swift.max(2, placement.width * columnWidth - 2)
                let boxY = top + placement.top * dayHeight, boxHeight = Swift.max(2, placement.height * dayHeight)
                svg.event(id: box.event.id.description, x: left(boxX, boxWidth), y: boxY, width: boxWidth, height: boxHeight,
                          title: Self.escape(box.event.title), className: "event timed", day: ISODate(dayNumber: day.day.dayNumber).description,
                          color: box.event.color)
            }
        }
        for bar in view.bars {
            let x = gutter + Double(bar.firstColumn) * columnWidth + 1
            let y = rowHeight * (title == nil ? 1 : 2) + Double(bar.lane) * rowHeight + 1
            let label = (bar.continuesBefore ? "◀ " : "") + bar.event.title + (bar.continuesAfter ? " ▶" : "")
            let barWidth = Double(bar.lastColumn - bar.firstColumn + 1) * columnWidth - 2
            svg.event(id: bar.event.id.description, x: left(x, barWidth), y: y, width: barWidth,
                      height: rowHeight - 2, title: Self.escape(label), className: "event all-day", color: bar.event.color)
        }
        return svg.finished()
    }

    // MARK: Month

    /// The month grid: a title, the weekday names, each day with its numbers and titles.
    public func month(_ view: MonthView, rowsPerDay: Int = 4) -> String {
        let cellWidth = width / 7
        let lineHeight = 16.0
        let cellHeight = Double(rowsPerDay + 1) * lineHeight + 6
        let top = rowHeight * 2
        var svg = SVGOut(width: width, height: top + Double(view.weeks.count) * cellHeight + 1, rightToLeft: names.isRightToLeft)
        svg.text(Self.escape(view.title(names)), x: 4, y: rowHeight - 6, className: "title")
        for index in 0..<7 {
            svg.text(Self.escape(names.weekdayName((view.grid.rules.firstWeekday - 1 + index) % 7 + 1)), x: Double(index) * cellWidth + 4, y: top - 6,
                     className: "day-name")
        }
        for (row, week) in view.weeks.enumerated() {
            for (column, day) in week.enumerated() {
                let x = Double(column) * cellWidth, y = top + Double(row) * cellHeight
                guard let day else {
                    svg.rect(x: left(x, cellWidth), y: y, width: cellWidth, height: cellHeight, className: "outside", attributes: "")
                    continue
                }
                svg.rect(x: left(x, cellWidth), y: y, width: cellWidth, height: cellHeight, className: day.isWeekend ? "day weekend" : "day",
                         attributes: "data-day=\"\(ISODate(dayNumber: day.dayNumber))\"")
                svg.text(Self.escape(names.number(day.date.day)), x: x + 4, y: y + lineHeight - 2, className: "number")
                if let also = day.also {
                    let label = names.number(also.day) + (also.day == 1 ? " " + names.alsoMonthName(also) : "")
                    svg.text(Self.escape(label), x: x + cellWidth - 4, y: y + lineHeight - 2, className: "also", anchor: "end")
                }
                for (index, event) in day.events.prefix(rowsPerDay).enumerated() {
                    let lineY = y + Double(index + 1) * lineHeight + 2
                    if index == rowsPerDay - 1 && day.events.count > rowsPerDay {
                        svg.text("+\(day.events.count - rowsPerDay + 1) more", x: x + 4, y: lineY + lineHeight - 4, className: "more")
                    } else {
                        svg.event(id: event.id.description, x: left(x + 2, cellWidth - 4), y: lineY, width: cellWidth - 4, height: lineHeight - 2,
                                  title: Self.escape(ViewText.cut(event.title, Int(cellWidth / 7))), className: event.isAllDay ? "event all-day" : "event timed",
                                  color: event.color)
                    }
                }
            }
        }
        return svg.finished()
    }

    /// Text for XML on one line: line breaks and tabs as spaces, then `SVGText.escaped`
    /// (the special characters as entities, the characters XML forbids as U+FFFD).
    public static func escape(_ text: String) -> String {
        var line = ""
        line.unicodeScalars.append(contentsOf: text.unicodeScalars.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
        return SVGText.escaped(line)
    }

    /// The style every picture carries (inline: the file is self-contained).
    static let style = """
        .title{font:bold 15px sans-serif}.day-name,.hour-label,.number,.also,.more{font:11px sans-serif;fill:#555}
        .day{fill:#fff;stroke:#ddd}.weekend{fill:#fafafa}.outside{fill:#f3f3f3;stroke:#e5e5e5}
        .hour{stroke:#eee}.hour.repeated{stroke:#f0c040}.own{fill:#b07a00}.now{stroke:#d33;stroke-width:2}
        .event:not(.colored) rect{fill:#dbe9fb;stroke:#4a7fc1}.event rect{rx:3}.event.all-day:not(.colored) rect{fill:#c9e7cf;stroke:#3c8c4e}
        .event text{font:11px sans-serif;fill:#123}
        """
}

/// An SVG document being written.
struct SVGOut {
    var text: String
    var clip = 0
    let width: Double
    /// Text given at `x` from the left is placed at `x` from the right, anchored at its end (and the reverse).
    let rightToLeft: Bool

    init(width: Double, height: Double, rightToLeft: Bool = false) {
        self.width = width
        self.rightToLeft = rightToLeft
        let w = SVGOut.number(width), h = SVGOut.number(height)
        text = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\"\(rightToLeft ? " direction=\"rtl\"" : "")><style>\(ViewSVG.style)</style>"
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, className: String, attributes: String) {
        text += "<rect class=\"\(className)\" x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\"\(attributes.isEmpty ? "" : " " + attributes)/>"
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, className: String) {
        text += "<line class=\"\(className)\" x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" y2=\"\(Self.number(y2))\"/>"
    }

    mutating func text(_ content: String, x: Double, y: Double, className: String, anchor: String? = nil) {
        // In a right-to-left picture (direction="rtl"), "start" is the right end: a text placed from the left is mirrored.
        let placed = rightToLeft ? width - x : x
        // The anchors keep their names: in a right-to-left picture "start" is a text's right end, "end" its left.
        let anchored = anchor
        text += "<text class=\"\(className)\" x=\"\(Self.number(placed))\" y=\"\(Self.number(y))\"\(anchored.map { " text-anchor=\"\($0)\"" } ?? "")>\(content)</text>"
    }

    /// An event: its box and its title, clipped to the box.
    /// `day`: the day column a timed box is drawn in (`data-box-day`), for a page that drags it.
    /// `color`: the calendar's (`#rrggbb`, checked by `CalendarCollection.webColor`), drawn as the box's stroke and a light fill.
    mutating func event(id: String, x: Double, y: Double, width: Double, height: Double, title: String, className: String, day: String? = nil,
                        color: String? = nil) {
        clip += 1
        let box = "x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\""
        let paint = color.map { " fill=\"\($0)\" fill-opacity=\"0.3\" stroke=\"\($0)\"" } ?? ""
        text += "<g class=\"\(className)\(color == nil ? "" : " colored")\" data-id=\"\(ViewSVG.escape(id))\"\(day.map { " data-box-day=\"\($0)\"" } ?? "")><clipPath id=\"c\(clip)\"><rect \(box)/></clipPath><rect \(box)\(paint)/>"
        let titleX = rightToLeft ? x + width - 3 : x + 3
        text += "<text x=\"\(Self.number(titleX))\" y=\"\(Self.number(y + Swift.min(height - 3, 12)))\" clip-path=\"url(#c\(clip))\">\(title)</text></g>"
    }

    func finished() -> String { text + "</svg>\n" }
}
