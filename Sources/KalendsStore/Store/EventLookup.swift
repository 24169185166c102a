import Kalends
import KalendsICalendar

/// One event as the store keeps it: its master and the overrides that
/// won (one per occurrence, in the order of the occurrences they replace),
/// in one calendar. What `kalends event show` tells about a UID.
public struct StoredSeries: Hashable, Sendable {
    /// The calendar (`CalendarCollection.name`) it belongs to.
    public let calendar: String
    /// The master: a one-off event or the series' rule; nil when a file holds only overrides of it.
    public let master: Event?
    /// Its overrides (RECURRENCE-ID), by the occurrence they replace.
    public let overrides: [Event]
}

extension CalendarStore {
    /// The series with this UID, one per calendar that holds it, in the
    /// order of the calendars (empty: no such event). Older versions and
    /// duplicate overrides are not in it (they are in `problems`).
    public func series(uid: String) -> [StoredSeries] {
        series.filter { ($0.master?.uid ?? $0.allOverrides.first?.event.uid) == uid }
            .map { StoredSeries(calendar: $0.calendar, master: $0.master, overrides: $0.allOverrides.map(\.event)) }
    }

    /// The occurrence of the event `uid` whose original start (its
    /// RECURRENCE-ID) is `time`, as a calendar shows it: its override's
    /// fields and times, or a THISANDFUTURE override's applied to it; a
    /// cancelled one too (its status says so). `viewer` places floating
    /// times and dates. `calendar`: only in that calendar (nil: the first that has it).
    /// - Returns: nil when the event has no occurrence at `time` (an EXDATE's, or none of its rule).
    /// - Throws: `StoreError.unplaceable` when `time` or the occurrence cannot be placed.
    public func occurrence(uid: String, at time: ItemTime, viewer: ZoneRules, calendar: String? = nil) throws(StoreError) -> EventOccurrence? {
        for series in series where (series.master?.uid ?? series.allOverrides.first?.event.uid) == uid && (calendar == nil || series.calendar == calendar) {
            if let found = try occurrence(of: series, at: time, viewer: viewer) { return found }
        }
        return nil
    }

    private func occurrence(of series: EventSeries, at time: ItemTime, viewer: ZoneRules) throws(StoreError) -> EventOccurrence? {
        let uid = series.master?.uid ?? series.allOverrides.first?.event.uid ?? ""
        func unplaceable(_ error: any Error) -> StoreError { .unplaceable(uid: uid, calendar: series.calendar, detail: "\(error)") }
        func made(_ event: Event, start: ItemTime, startInstant: Instant?, length: ItemLength, recurrenceID: ItemTime?) throws(StoreError) -> EventOccurrence {
            do {
                let span = try SeriesTimeline.span(start: start, startInstant: startInstant, length: length, viewer: viewer)
                return EventOccurrence(event: event, calendar: series.calendar, start: start, end: span.endTime,
                                       startInstant: span.start, endInstant: span.end, recurrenceID: recurrenceID)
            } catch {
                throw unplaceable(error)
            }
        }
        let timeline = series.timeline
        let key: SeriesKey
        do {
            key = try timeline.key(of: time)
        } catch {
            throw unplaceable(error)
        }
        if let override = series.overrides[key] {
            return try made(override, start: override.start, startInstant: nil, length: override.length, recurrenceID: override.recurrenceID)
        }
        guard let master = series.master else { return nil }
        guard series.recurs, let set = series.set else {
            guard (try? timeline.key(of: master.start)) == key else { return nil }
            return try made(master, start: master.start, startInstant: nil, length: master.length, recurrenceID: nil)
        }
        let bound: RecurrenceSet.Bound
        if key.line == .instants {
            bound = .instant(Instant(seconds: key.seconds))
        } else {
            do {
                bound = .local(try SeriesTimeline.local(wallSeconds: key.seconds))
            } catch {
                throw unplaceable(error)
            }
        }
        guard let occurrences = try? set.occurrences(from: bound) else { return nil }
        for occurrence in occurrences {
            guard timeline.key(of: occurrence) == key else { return nil }
            let original = timeline.time(of: occurrence)
            let placed: (event: Event, start: ItemTime, startInstant: Instant?, length: ItemLength)
            do {
                placed = try Self.placed(occurrence, of: series, master: master, key: key, original: original)
            } catch {
                throw unplaceable(error)
            }
            return try made(placed.event, start: placed.start, startInstant: placed.startInstant, length: placed.length, recurrenceID: original)
        }
        return nil
    }
}
