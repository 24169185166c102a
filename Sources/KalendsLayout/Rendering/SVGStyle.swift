/// Sizes and colours of `SVGRenderer` output. Pixel values are SVG user units.
public struct SVGStyle: Sendable, Hashable, Codable {
    /// The whole picture's width, gutter included.
    public var width: Double
    /// The height of one hour of elapsed time.
    public var hourHeight: Double
    /// The strip on the left holding the hour labels.
    public var gutterWidth: Double
    /// The height of one all-day lane.
    public var allDayLaneHeight: Double
    /// Font size of event titles; labels and times are a little smaller.
    public var fontSize: Double
    /// Event colours, picked per event from a hash of its id.
    public var palette: [EventColors]
    /// The first second of elapsed time drawn (default 0: the day's start).
    public var visibleStart: Double
    /// The last second of elapsed time drawn (default nil: the day's end).
    /// With `visibleStart`, draws a window such as 08:00-18:00.
    public var visibleEnd: Double?

    /// The colours of one event box.
    public struct EventColors: Sendable, Hashable, Codable {
        /// The box's background.
        public var fill: String
        /// The bar on the box's left and its outline.
        public var accent: String
        /// Title and time text.
        public var text: String

        /// Colours as SVG paint values (`#dbeafe`, `rgb(...)`, names).
        public init(fill: String, accent: String, text: String) {
            self.fill = fill
            self.accent = accent
            self.text = text
        }
    }

    /// Soft pastel boxes with a darker accent and text of the same hue.
    public static let defaultPalette: [EventColors] = [
        EventColors(fill: "#dbeafe", accent: "#3b82f6", text: "#1e3a8a"),
        EventColors(fill: "#dcfce7", accent: "#22c55e", text: "#14532d"),
        EventColors(fill: "#fef3c7", accent: "#f59e0b", text: "#78350f"),
        EventColors(fill: "#ffe4e6", accent: "#f43f5e", text: "#881337"),
        EventColors(fill: "#ede9fe", accent: "#8b5cf6", text: "#4c1d95"),
        EventColors(fill: "#ccfbf1", accent: "#14b8a6", text: "#134e4a"),
    ]

    /// A style; every argument has a default (a 360 px wide day, 48 px per hour).
    public init(
        width: Double = 360, hourHeight: Double = 48, gutterWidth: Double = 52,
        allDayLaneHeight: Double = 22, fontSize: Double = 12,
        palette: [EventColors] = SVGStyle.defaultPalette,
        visibleStart: Double = 0, visibleEnd: Double? = nil
    ) {
        self.visibleStart = visibleStart
        self.visibleEnd = visibleEnd
        self.width = width
        self.hourHeight = hourHeight
        self.gutterWidth = gutterWidth
        self.allDayLaneHeight = allDayLaneHeight
        self.fontSize = fontSize
        self.palette = palette
    }
}
