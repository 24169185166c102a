/// How overlapping events share the width of a day column.
///
/// See Docs/Layout.md for pictures of each mode.
public enum LayoutMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// CalendarKit's grouping: an event joins the open group when its closed
    /// interval meets the group's longest or last event; a group of k events
    /// gets k equal columns. Reproduces CalendarKit, imperfections included.
    case calendarkit
    /// The fewest columns per cluster of transitively overlapping events, each
    /// event widening to the right over columns free for its whole duration.
    case packed
    /// Overlapping events stacked like cards: later ones on top, indented.
    case cascade
}
