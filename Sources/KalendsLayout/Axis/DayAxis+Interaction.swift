/// Which edge of an event box a resize gesture moves.
public enum ResizeEdge: String, Sendable, Hashable, Codable {
    /// The top edge: the start moves.
    case top
    /// The bottom edge: the end moves.
    case bottom
}

extension DayAxis {
    /// `elapsed` rounded to the nearest multiple of `increment` seconds of
    /// elapsed time since the day's start, kept inside `[0, length]`.
    /// CalendarKit snaps to 15 minutes (`increment: 900`). An increment that
    /// is not finite and positive means no snapping (just the clamp).
    ///
    /// Snapping is in elapsed time: on a day whose clock moves by whole
    /// quarter hours (every zone today) the snapped times read as quarter
    /// hours on the wall clock too, before and after the change.
    public func snapped(_ elapsed: Double, to increment: Double) -> Double {
        guard increment.isFinite && increment > 0 else { return clampToDay(elapsed) }
        return clampToDay(WholeNumbers.nearest(elapsed / increment) * increment)
    }

    /// Where an event `[start, end)` lands when dragged by `translationY`
    /// points on a day drawn `height` points tall: the start moves by the
    /// same amount of elapsed time, snapped to `increment`, the duration is
    /// kept, and the event stays inside the day when it fits.
    public func dragged(
        start: Double, end: Double, translationY: Double, height: Double, increment: Double
    ) -> (start: Double, end: Double) {
        let duration = Swift.max(0, end - start)
        let delta = height > 0 && height.isFinite && translationY.isFinite ? translationY / height * length : 0
        var newStart = snapped(start + delta, to: increment)
        if duration <= length { newStart = Swift.min(newStart, length - duration) }
        return (newStart, newStart + duration)
    }

    /// An event `[start, end)` after its `edge` is dragged by `translationY`
    /// points: the edge moves, snapped to `increment`, inside the day, and
    /// never closer than one increment (or 0 without snapping) to the other edge.
    public func resized(
        start: Double, end: Double, edge: ResizeEdge, translationY: Double, height: Double, increment: Double
    ) -> (start: Double, end: Double) {
        let delta = height > 0 && height.isFinite && translationY.isFinite ? translationY / height * length : 0
        let shortest = increment.isFinite && increment > 0 ? increment : 0
        switch edge {
        case .top:
            let moved = snapped(start + delta, to: increment)
            return (Swift.max(0, Swift.min(moved, end - shortest)), end)
        case .bottom:
            let moved = snapped(end + delta, to: increment)
            return (start, Swift.min(length, Swift.max(moved, start + shortest)))
        }
    }
}
