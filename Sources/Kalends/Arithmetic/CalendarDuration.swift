/// A duration as ISO 8601 writes it: a calendar part (years, months, weeks,
/// days) and an exact part (hours, minutes, seconds, nanoseconds), one sign.
///
///     let d = try CalendarDuration(parsing: "P1Y2M10DT2H30M")
///     d.date.months   // 2
///     d.description   // "P1Y2M10DT2H30M"
public struct CalendarDuration: Hashable, Sendable {
    /// Years, months, weeks, days: follow the calendar and keep wall-clock time.
    public let date: DateDuration
    /// Hours and smaller: exact elapsed time.
    public let time: TimeDuration

    /// Joins the two parts; throws when their signs differ.
    public init(date: DateDuration = .zero, time: TimeDuration = .zero) throws(DurationError) {
        guard date.sign * time.sign >= 0 else {
            throw .mixedSigns(fields: "date part \(date.sign > 0 ? "positive" : "negative"), time part \(time.sign > 0 ? "positive" : "negative")")
        }
        self.date = date
        self.time = time
    }

    init(unchecked date: DateDuration, _ time: TimeDuration) {
        self.date = date
        self.time = time
    }

    /// Reads ISO 8601 text (`P1Y2M10DT2H30M`, `-P3W`, `PT0.5S`, `P0D`);
    /// a `DurationError` gives the position of what it rejects.
    public init(parsing text: String) throws(DurationError) {
        self = try DurationText.parse(text)
    }

    /// No time at all (`P0D`).
    public static let zero = CalendarDuration(unchecked: .zero, .zero)

    /// -1, 0 or 1.
    public var sign: Int { date.sign != 0 ? date.sign : time.sign }
    /// True when every field is 0.
    public var isZero: Bool { sign == 0 }

    /// The same span in the other direction.
    public func negated() throws(DurationError) -> CalendarDuration {
        CalendarDuration(unchecked: try date.negated(), try time.negated())
    }
}

extension CalendarDuration: CustomStringConvertible {
    /// ISO 8601 text that `init(parsing:)` reads back to the same value;
    /// zero is `P0D`.
    public var description: String { DurationText.format(self) }
}

extension CalendarDuration: Codable {
    /// Encoded as its ISO 8601 text.
    public init(from decoder: any Decoder) throws {
        self = try TextCoding.decode(decoder) { text in try CalendarDuration(parsing: text) }
    }

    public func encode(to encoder: any Encoder) throws {
        try TextCoding.encode(description, to: encoder)
    }
}
