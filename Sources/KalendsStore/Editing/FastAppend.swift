import Kalends
import KalendsICalendar

/// An appended event (`event add`) without the three full reads the edit
/// path makes of a file (strict, then the result for its VTIMEZONEs, then
/// the result strictly again): when the result is certainly what that path
/// writes and certainly reads back strictly, it is written as is.
///
/// "Certainly" is `PlainEvents`' certification, which a strict read agrees
/// with for what it certifies: the result is outlined (one plainly laid-out
/// VCALENDAR), holds only VEVENTs and VTIMEZONEs, its VCALENDAR lines and
/// VTIMEZONEs read strictly, every VEVENT is certified (no defect of any
/// kind, a defined zone, forms RFC 5545 wants) and every series could be
/// built without a problem (one version, distinct overrides none older than
/// its master, one form of time), and each TZID the new
/// event uses is defined already (else the edit path adds its VTIMEZONE).
/// Anything else goes the full way. `FastAppendProperties` proves the bytes
/// equal to the full path's, and every file it refuses refused alike.
enum FastAppend {
    /// Off in the properties that compare it with the full path.
    nonisolated(unsafe) static var isEnabled = true

    /// `current` with `component` appended before its END:VCALENDAR, as the
    /// full path writes it, when that is certainly right; nil to go the full way.
    static func appended(_ current: [UInt8], component: ICalendarComponent, path: String) -> [UInt8]? {
        guard isEnabled, component.name == "VEVENT" else { return nil }
        let writer = ICalendarWriter(lineEnd: ICalendarWriter.lineEnd(of: current))
        guard let at = current.withUnsafeBufferPointer({ buffer in ICalendarOutline(buffer).flatMap { endLine(of: $0, in: buffer) } }) else {
            return nil
        }
        let inserted = writer.component(component)
        var result: [UInt8] = []
        result.reserveCapacity(current.count + inserted.count)
        result += current[..<at]
        result += inserted
        result += current[at...]
        guard certainlyStrict(result, path: path, written: TimeZoneUpkeep.used(inComponents: inserted)) else { return nil }
        return result
    }

    /// Where the last line of the outline's last gap (END:VCALENDAR) starts.
    static func endLine(of outline: ICalendarOutline, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let gap = outline.gaps.last?.range, !gap.isEmpty else { return nil }
        var index = gap.upperBound - 1
        // Past the line's own end, then back to the line end before it.
        while index > gap.lowerBound && (bytes[index] == 10 || bytes[index] == 13) { index -= 1 }
        while index > gap.lowerBound && bytes[index - 1] != 10 { index -= 1 }
        let end = Array("END:VCALENDAR".utf8)
        guard index + end.count <= gap.upperBound, Array(bytes[index..<(index + end.count)]) == end else { return nil }
        return index
    }

    /// Whether `bytes` certainly read strictly, every series buildable, with every TZID in `written` defined.
    static func certainlyStrict(_ bytes: [UInt8], path: String, written: Set<String>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let outline = ICalendarOutline(buffer) else { return false }
            for child in outline.children where !child.isEvent {
                guard buffer[child.byteRange].starts(with: Array("BEGIN:VTIMEZONE".utf8)) else { return false }
            }
            guard let rest = try? ICalendarReader(source: path, mode: .strict).read(buffer, outline: outline, keeping: { !outline.children[$0].isEvent }) else {
                return false
            }
            var defined: Set<String> = []
            for calendar in rest.calendars { defined.formUnion(TimeZoneUpkeep.defined(in: calendar, bytes: bytes).keys) }
            guard written.isSubset(of: defined) else { return false }
            // Each VEVENT certified, on the machine's cores.
            let children = outline.children, zones = rest.zones
            nonisolated(unsafe) let shared = buffer
            let parts = Parallel.chunks(count: children.count, minimumChunk: 2_048) { range -> [EventPlacement]? in
                var certifier = PlainEvents(bytes: shared, zones: zones, window: 0..<0)
                var placements: [EventPlacement] = []
                for child in children[range] where child.isEvent {
                    guard case .certified(let placement) = certifier.certify(child.byteRange, line: child.line) else { return nil }
                    placements.append(placement)
                }
                return placements
            }
            // Every series buildable without a problem to report.
            struct Series {
                var masters = 0
                var masterSequence: Int32 = 0
                var form: String
                var overrides: [(id: Int, sequence: Int32)] = []
            }
            var series: [String: Series] = [:]
            for part in parts {
                guard let part else { return false }
                for placement in part {
                    let uid = String(decoding: buffer[placement.uid.range], as: UTF8.self)
                    var entry = series[uid] ?? Series(form: placement.form)
                    guard entry.form == placement.form else { return false }
                    if let id = placement.recurrenceID {
                        entry.overrides.append((id, placement.sequence))
                    } else {
                        entry.masters += 1
                        entry.masterSequence = placement.sequence
                    }
                    series[uid] = entry
                }
            }
            for entry in series.values {
                guard entry.masters <= 1, Set(entry.overrides.map(\.id)).count == entry.overrides.count else { return false }
                if entry.masters == 1 && entry.overrides.contains(where: { $0.sequence < entry.masterSequence }) { return false }
            }
            return true
        }
    }
}
