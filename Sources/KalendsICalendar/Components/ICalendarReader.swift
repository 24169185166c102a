import Kalends

/// What a read gives: the top-level components (VCALENDARs) and the
/// defects a lenient read passed over.
public struct ICalendarDocument: Hashable, Sendable {
    /// The top-level components in order: the VCALENDARs.
    public var calendars: [ICalendarComponent]
    /// The defects passed over, in the order found (empty for a strict read).
    public var warnings: [ICalendarWarning]
    /// The zones of the calendars' VTIMEZONEs, the system's and X-WR-TIMEZONE.
    public var zones: ICalendarZones

    /// A document of `calendars`.
    public init(calendars: [ICalendarComponent], warnings: [ICalendarWarning] = [], zones: ICalendarZones = ICalendarZones()) {
        self.calendars = calendars
        self.warnings = warnings
        self.zones = zones
    }

    /// Every child of the calendars named `name` (`VEVENT`), in order.
    public func components(named name: String) -> [ICalendarComponent] {
        calendars.flatMap { $0.components(named: name) }
    }
}

/// Reads iCalendar bytes (RFC 5545, with RFC 6868's parameter escapes and
/// RFC 7986's properties kept like any other) into an `ICalendarDocument`.
///
/// `.lenient` (the default) leaves out a component with a defect — a line
/// without a colon, bytes that are not UTF-8, an END that closes the wrong
/// component, a bad date, duration, offset or RRULE — with one warning, and
/// reads the rest; `.strict` throws the first defect. Input that is not
/// iCalendar at all (no BEGIN:VCALENDAR first, binary data) throws in both.
///
///     let document = try ICalendarReader(source: "work.ics").read(Array(text.utf8))
///     for warning in document.warnings { print(warning) }
///     // work.ics:12:1: no ':' before the value in 'SUMMARY Lunch' (the VEVENT with UID 42 is left out)
public struct ICalendarReader: Sendable {
    /// How defects are handled.
    public enum Mode: Hashable, Sendable {
        /// A defective component is left out with one warning.
        case lenient
        /// Every defect is an error.
        case strict
    }

    /// The longest content line, in bytes after unfolding (256 KiB: an
    /// inline ATTACH of some size fits). A longer line is a defect of its
    /// component; it is scanned, never held whole.
    public static let maximumLineLength = 1 << 18
    /// The deepest nesting of components (a VCALENDAR, a VEVENT, a VALARM is 3).
    /// Deeper input is an error in both modes.
    public static let maximumDepth = 64

    /// The input's name in messages (a file's path).
    public var source: String
    /// Lenient or strict.
    public var mode: Mode
    /// Properties whose values the caller parses (and checks) itself, so
    /// each is read once: the reader does not check them (the store, which
    /// decodes DTSTART, RRULE and the others of events and to-dos anyway,
    /// reports their defects in the same form). Empty: every value the
    /// reader knows is checked.
    public var valuesCheckedByCaller: Set<String> = []

    /// A reader of input named `source`.
    public init(source: String, mode: Mode = .lenient) {
        self.source = source
        self.mode = mode
    }

    /// Reads `bytes`.
    /// - Throws: `ICalendarError` for input that is not iCalendar, nesting
    ///   deeper than `maximumDepth`, and (strict) any defect.
    public func read(_ bytes: [UInt8]) throws(ICalendarError) -> ICalendarDocument {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ICalendarError) in try read(buffer) }
    }

    /// Reads the UTF-8 of `text`.
    public func read(_ text: String) throws(ICalendarError) -> ICalendarDocument {
        try read(Array(text.utf8))
    }

    /// Reads `bytes` (borrowed for the call only).
    public func read(_ bytes: UnsafeBufferPointer<UInt8>) throws(ICalendarError) -> ICalendarDocument {
        var builder = TreeBuilder(source: source, strict: mode == .strict, unchecked: valuesCheckedByCaller, bytes: bytes)
        try builder.run()
        let zones = ICalendarZones(builder.calendars, source: source, inUse: builder.zoneUses.map(\.tzid))
        var warnings = builder.warnings
        try checkZones(builder.calendars, uses: builder.zoneUses, zones: zones, warnings: &warnings)
        return ICalendarDocument(calendars: builder.calendars, warnings: warnings, zones: zones)
    }

    /// A VTIMEZONE that gives no zone, and each TZID in use that nothing
    /// defines (once, at its first use): a warning (the times are floating), or strict, an error.
    private func checkZones(_ calendars: [ICalendarComponent], uses: [(tzid: String, line: Int, column: Int)],
                            zones: ICalendarZones, warnings: inout [ICalendarWarning]) throws(ICalendarError) {
        var reported: Set<String> = []
        for calendar in calendars {
            for component in calendar.components where component.name == "VTIMEZONE" {
                let tzid = component.first("TZID")?.value ?? ""
                // Those that read are in `zones`; only a failed one is read again, for its error.
                guard zones.timeZones[tzid] == nil else { continue }
                do {
                    _ = try ZoneRules(vtimezone: component, source: source)
                } catch {
                    if mode == .strict { throw error }
                    // The system's zone of that name, preferred anyway, makes the defect harmless.
                    guard zones.zone(for: tzid) == nil, reported.insert(tzid).inserted else { continue }
                    warnings.append(ICalendarWarning(error, .floating(tzid: tzid)))
                }
            }
        }
        for use in uses where !reported.contains(use.tzid) && zones.zone(for: use.tzid) == nil {
            let error = ICalendarError(.unknownZone(use.tzid), source: source, line: use.line, column: use.column)
            if mode == .strict { throw error }
            warnings.append(ICalendarWarning(error, .floating(tzid: use.tzid)))
        }
    }
}
