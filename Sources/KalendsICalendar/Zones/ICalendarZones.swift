import CICU
import Kalends

/// The zones a calendar file's times are read in: what a TZID names, and the
/// zone of floating times (Google's X-WR-TIMEZONE).
///
/// A TZID resolves, in this order, to: the system's zone of that IANA name
/// (a globally unique TZID, `/mozilla.org/20070129_1/America/New_York`, by
/// the IANA name it ends with, as libical reads it), as most readers do,
/// because the system's data is newer and has the zone's whole history
/// where a VTIMEZONE often has only its current rule; else the
/// file's VTIMEZONE with that TZID; else, for Outlook's Windows names
/// (`Eastern Standard Time`), the IANA zone CLDR maps it to (through ICU).
/// A TZID nothing defines has no zone: its times are floating.
///
///     let zones = ICalendarZones(document.calendars)
///     zones.zone(for: "Eastern Standard Time")?.identifier   // "America/New_York"
public struct ICalendarZones: Hashable, Sendable {
    /// The zones the files' VTIMEZONEs define, by TZID (those that read).
    public let timeZones: [String: ZoneRules]
    /// The zone floating times are read in: the X-WR-TIMEZONE of the first
    /// calendar that names a zone this system knows; nil when none does.
    public let floatingZone: ZoneRules?
    /// What each TZID in use resolved to (nil: nothing defines it), found once.
    private let resolved: [String: ZoneRules?]

    /// No file zones: TZIDs resolve to the system's and Windows names only.
    public init() {
        timeZones = [:]
        floatingZone = nil
        resolved = [:]
    }

    /// The zones of `calendars` (VCALENDARs, or any components holding
    /// VTIMEZONEs): each VTIMEZONE that reads (see `ZoneRules(vtimezone:source:)`;
    /// the reader reports those that do not), and X-WR-TIMEZONE.
    public init(_ calendars: [ICalendarComponent], source: String = "") {
        self.init(calendars, source: source, inUse: [])
    }

    /// The zones of `calendars`, with the TZIDs in `inUse` resolved once
    /// (a Windows name asks ICU once, not at every value).
    /// `bytes`: the text the components were read from, whose bytes key the kept zones (`VTimeZones`).
    init(_ calendars: [ICalendarComponent], source: String, inUse: [String], bytes: UnsafeBufferPointer<UInt8>? = nil) {
        var zones: [String: ZoneRules] = [:]
        var floating: ZoneRules?
        for calendar in calendars {
            for child in calendar.components where child.name == "VTIMEZONE" {
                guard let tzid = child.first("TZID")?.text, zones[tzid] == nil,
                      let rules = try? VTimeZones.rules(child, source: source, bytes: bytes) else { continue }
                zones[tzid] = rules
            }
            if floating == nil, let name = calendar.first("X-WR-TIMEZONE")?.text {
                floating = Self.systemZone(name)
            }
        }
        timeZones = zones
        floatingZone = floating
        var resolved: [String: ZoneRules?] = [:]
        for tzid in Set(zones.keys).union(inUse) {
            resolved[tzid] = .some(Self.systemZone(tzid) ?? zones[tzid] ?? Self.windowsZone(tzid))
        }
        self.resolved = resolved
    }

    /// The zone `tzid` names, by the order above; nil when nothing defines it.
    public func zone(for tzid: String) -> ZoneRules? {
        if let found = resolved[tzid] { return found }
        return Self.systemZone(tzid) ?? timeZones[tzid] ?? Self.windowsZone(tzid)
    }

    /// The system's zone of an IANA name, or of the IANA name a globally
    /// unique TZID ends with (`/freeassociation.sourceforge.net/Tzfile/Europe/Berlin`:
    /// the longest ending of at most three parts that names a zone); nil for other text.
    static func systemZone(_ tzid: String) -> ZoneRules? {
        // Offsets (`+05:30`) and words with spaces are no zone names in a TZID.
        guard let first = tzid.utf8.first, first != UInt8(ascii: "+"), first != UInt8(ascii: "-"),
              !tzid.utf8.contains(UInt8(ascii: " ")), tzid.utf8.count < 256 else { return nil }
        if !tzid.hasPrefix("/"), let zone = try? ZoneRules(identifier: tzid) { return zone }
        let parts = tzid.split(separator: "/")
        guard parts.allSatisfy({ $0 != ".." && $0 != "." }) else { return nil }
        for count in stride(from: Swift.min(3, parts.count), through: 1, by: -1) {
            let name = parts.suffix(count).joined(separator: "/")
            if let zone = try? ZoneRules(identifier: name) { return zone }
        }
        return nil
    }

    /// The IANA zone CLDR's windowsZones table gives a Windows zone name, on this system.
    static func windowsZone(_ name: String) -> ZoneRules? {
        ianaName(forWindowsName: name).flatMap { try? ZoneRules(identifier: $0) }
    }

    /// The IANA name of a Windows zone name (`Eastern Standard Time` -> `America/New_York`), from ICU.
    public static func ianaName(forWindowsName name: String) -> String? {
        guard !name.isEmpty, name.utf8.count < 128, !name.utf8.contains(0) else { return nil }
        var buffer = [CChar](repeating: 0, count: 128)
        var status: Int32 = 0
        let length = kicu_zone_for_windows_id(name, nil, &buffer, Int32(buffer.count), &status)
        guard status <= 0, length > 0, length < 128 else { return nil }
        return String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
