/// Draws a laid-out day as a standalone SVG document: all-day lanes on top,
/// hour lines with wall-clock labels, rounded event boxes with clipped
/// titles and times. Pure string building; the output is well-formed XML
/// whatever the titles contain.
///
/// ```swift
/// let day = try DayLayout(events: events, mode: .packed)
/// let svg = try SVGRenderer(style: SVGStyle(width: 400, hourHeight: 40))
///     .render(day, axis: .standard, titles: ["a": "Standup"])
/// ```
public struct SVGRenderer: Sendable {
    /// Sizes and colours.
    public var style: SVGStyle

    /// A renderer drawing with `style`.
    public init(style: SVGStyle = SVGStyle()) {
        self.style = style
    }

    /// The SVG document for `layout`. `axis` supplies the hour lines and the
    /// wall-clock times printed in the boxes: the axis of the same day.
    /// `titles` maps event and all-day ids to display text (the id is shown
    /// when absent).
    /// - Throws: `LayoutError.axisMismatch` when the axis is of a day of
    ///   another length than `layout.dayLength`.
    public func render(_ layout: DayLayout, axis: DayAxis = .standard, titles: [String: String] = [:]) throws(LayoutError) -> String {
        guard layout.dayLength == axis.length else {
            throw .axisMismatch(layoutLength: layout.dayLength, axisLength: axis.length)
        }
        let frame = Frame(style: style, layout: layout)
        var svg = SVGDocument()
        svg.open(
            "svg", .s("xmlns", "http://www.w3.org/2000/svg"), .n("width", frame.width), .n("height", frame.height),
            .s("viewBox", "0 0 " + SVGText.number(frame.width) + " " + SVGText.number(frame.height)),
            .s("font-family", "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"))
        svg.element("rect", .n("x", 0), .n("y", 0), .n("width", frame.width), .n("height", frame.height),
                    .s("fill", "#ffffff"))
        drawAllDay(layout, titles: titles, frame: frame, into: &svg)
        drawHours(axis, frame: frame, into: &svg)
        drawEvents(layout, axis: axis, titles: titles, frame: frame, into: &svg)
        svg.close("svg")
        return svg.text
    }

    /// Where things go, in pixels.
    private struct Frame {
        let width: Double
        let height: Double
        let columnX: Double
        let columnWidth: Double
        let allDayTop: Double
        let allDayHeight: Double
        let dayTop: Double
        /// Pixels per second of elapsed time.
        let scale: Double
        /// The window of elapsed time drawn.
        let visibleStart: Double
        let visibleEnd: Double

        init(style: SVGStyle, layout: DayLayout) {
            let margin = 12.0
            let gutter = style.gutterWidth.isFinite ? Swift.max(0, style.gutterWidth) : 52
            width = style.width.isFinite ? Swift.max(style.width, gutter + 40) : 360
            columnX = gutter
            columnWidth = width - gutter - 8
            allDayTop = margin
            allDayHeight = Double(layout.allDayLaneCount) * style.allDayLaneHeight
            dayTop = margin + (layout.allDayLaneCount > 0 ? allDayHeight + margin : 0)
            scale = (style.hourHeight.isFinite && style.hourHeight > 0 ? style.hourHeight : 48) / 3600
            // An empty or inverted window falls back to the whole day.
            let start = Swift.max(0, Swift.min(style.visibleStart.isFinite ? style.visibleStart : 0, layout.dayLength))
            let end = Swift.min(layout.dayLength, style.visibleEnd ?? layout.dayLength)
            if end > start {
                visibleStart = start
                visibleEnd = end
            } else {
                visibleStart = 0
                visibleEnd = layout.dayLength
            }
            height = dayTop + (visibleEnd - visibleStart) * scale + margin
        }

        /// The y coordinate of `elapsed` seconds into the day.
        func y(_ elapsed: Double) -> Double {
            dayTop + (elapsed - visibleStart) * scale
        }
    }

    private func colors(for id: String) -> SVGStyle.EventColors {
        let palette = style.palette.isEmpty ? SVGStyle.defaultPalette : style.palette
        return palette[Int(FNV1a.hash(id) % UInt64(palette.count))]
    }

    private func drawAllDay(_ layout: DayLayout, titles: [String: String], frame: Frame, into svg: inout SVGDocument) {
        guard layout.allDayLaneCount > 0 else { return }
        let laneHeight = style.allDayLaneHeight
        svg.textElement("all-day", [
            .n("x", frame.columnX - 8), .n("y", frame.allDayTop + laneHeight / 2), .s("text-anchor", "end"),
            .s("dominant-baseline", "central"), .n("font-size", style.fontSize - 2), .s("fill", "#6b7280"),
        ])
        for item in layout.allDay {
            let y = frame.allDayTop + Double(item.lane) * laneHeight
            let box = Box(x: frame.columnX + 1, y: y + 1, width: frame.columnWidth - 2, height: laneHeight - 3)
            drawBox(box, colors: colors(for: item.id), title: titles[item.id] ?? item.id, time: nil, into: &svg)
        }
        let separatorY = frame.allDayTop + frame.allDayHeight + 6
        svg.element("line", .n("x1", 0), .n("y1", separatorY), .n("x2", frame.width), .n("y2", separatorY),
                    .s("stroke", "#d1d5db"), .n("stroke-width", 1))
    }

    private func drawHours(_ axis: DayAxis, frame: Frame, into svg: inout SVGDocument) {
        let right = frame.columnX + frame.columnWidth
        for line in axis.hourLines() where line.elapsed >= frame.visibleStart && line.elapsed <= frame.visibleEnd {
            let y = frame.y(line.elapsed)
            svg.element("line", .n("x1", frame.columnX - 4), .n("y1", y), .n("x2", right), .n("y2", y),
                        .s("stroke", "#e5e7eb"), .n("stroke-width", 1))
            // The repeated hour of a fall-back day is labelled in amber.
            svg.textElement(line.label, [
                .n("x", frame.columnX - 8), .n("y", y), .s("text-anchor", "end"), .s("dominant-baseline", "central"),
                .n("font-size", style.fontSize - 2), .s("fill", line.occurrence > 1 ? "#b45309" : "#6b7280"),
            ])
        }
        // A clock change: a dashed line where the wall clock jumps.
        for segment in axis.segments.dropFirst()
        where segment.elapsed >= frame.visibleStart && segment.elapsed <= frame.visibleEnd {
            let y = frame.y(segment.elapsed)
            svg.element("line", .n("x1", frame.columnX), .n("y1", y), .n("x2", right), .n("y2", y),
                        .s("stroke", "#f59e0b"), .n("stroke-width", 1), .s("stroke-dasharray", "4 3"))
        }
    }

    private func drawEvents(
        _ layout: DayLayout, axis: DayAxis, titles: [String: String], frame: Frame, into svg: inout SVGDocument
    ) {
        // Cascade cards deeper in a stack are drawn later, hence on top.
        let ordered = layout.events.enumerated().sorted { a, b in
            if a.element.column != b.element.column { return a.element.column < b.element.column }
            if a.element.top != b.element.top { return a.element.top < b.element.top }
            return a.offset < b.offset
        }
        for (_, event) in ordered {
            // Seconds of the drawn box, cut to the visible window.
            let top = Swift.max(event.top * layout.dayLength, frame.visibleStart)
            let bottom = Swift.min((event.top + event.height) * layout.dayLength, frame.visibleEnd)
            guard bottom > top || (bottom == top && top > frame.visibleStart && top < frame.visibleEnd) else { continue }
            let box = Box(
                x: frame.columnX + event.x * frame.columnWidth + 1,
                y: frame.y(top) + 1,
                width: Swift.max(1, event.width * frame.columnWidth - 2),
                height: Swift.max(1, (bottom - top) * frame.scale - 2))
            let time = event.start == event.end
                ? axis.label(atElapsed: event.start)
                : axis.label(atElapsed: event.start) + "–" + axis.label(atElapsed: event.end)
            drawBox(box, colors: colors(for: event.id), title: titles[event.id] ?? event.id, time: time, into: &svg)
        }
    }

    private struct Box {
        var x, y, width, height: Double
    }

    /// A rounded box with an accent bar and text clipped to the box: one
    /// line (title, then time) when short, two lines when there is room.
    private func drawBox(
        _ box: Box, colors: SVGStyle.EventColors, title: String, time: String?, into svg: inout SVGDocument
    ) {
        let clipID = svg.nextClipID()
        let radius = Swift.min(5, box.height / 2, box.width / 2)
        svg.open("g")
        svg.open("clipPath", .s("id", clipID))
        svg.element("rect", .n("x", box.x), .n("y", box.y), .n("width", box.width), .n("height", box.height),
                    .n("rx", radius))
        svg.close("clipPath")
        svg.element("rect", .n("x", box.x), .n("y", box.y), .n("width", box.width), .n("height", box.height),
                    .n("rx", radius), .s("fill", colors.fill), .s("stroke", "#ffffff"), .n("stroke-width", 1))
        svg.element("rect", .n("x", box.x), .n("y", box.y), .n("width", Swift.min(3, box.width)),
                    .n("height", box.height), .s("fill", colors.accent), .s("clip-path", "url(#" + clipID + ")"))
        let fontSize = style.fontSize
        let textX = box.x + 8
        var lines: [(String, [SVGAttribute])] = []
        if let time, box.height >= fontSize * 2 + 10 {
            lines.append((title, [.n("x", textX), .n("y", box.y + 3 + fontSize), .s("font-weight", "600")]))
            lines.append((time, [.n("x", textX), .n("y", box.y + 6 + fontSize * 2),
                                 .n("font-size", fontSize - 2), .n("fill-opacity", 0.75)]))
        } else if box.height >= 7 {
            // One line, shrunk to fit a short box; the baseline sits so that
            // the cap height is centred (caps are about 0.7 em tall).
            let size = Swift.min(fontSize, box.height - 2)
            let line = time.map { title + "  " + $0 } ?? title
            lines.append((line, [.n("x", textX), .n("y", box.y + (box.height + size * 0.7) / 2),
                                 .n("font-size", size), .s("font-weight", "600")]))
        }
        if !lines.isEmpty {
            svg.open("g", .s("clip-path", "url(#" + clipID + ")"), .s("fill", colors.text), .n("font-size", fontSize))
            for (content, attributes) in lines { svg.textElement(content, attributes) }
            svg.close("g")
        }
        svg.close("g")
    }
}
