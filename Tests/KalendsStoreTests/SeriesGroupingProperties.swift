import Kalends
import KalendsCheck
import KalendsICalendar
import XCTest
@testable import KalendsStore

/// The store's grouping of a calendar's events into series equals the
/// plain grouping it replaced (a dictionary of masters and one of
/// overrides by UID, walked in first-seen order): the same series in the
/// same order, the same master chosen among versions, the same overrides,
/// the same older versions left out with the same warnings.
final class SeriesGroupingProperties: XCTestCase {
    /// The grouping as first written: the reference.
    static func reference(_ events: [Event]) -> [String] {
        var order: [String] = []
        var masters: [String: [Int]] = [:], overrides: [String: [Int]] = [:]
        var alone: [Int: String] = [:]
        for index in events.indices {
            let event = events[index]
            if event.uid.isEmpty {
                let key = "\u{0}\(index)"
                order.append(key)
                alone[index] = event.recurrenceID == nil ? "'' master \(index) overrides [] single" : "'' master nil overrides [\(index)] single"
                continue
            }
            if masters[event.uid] == nil && overrides[event.uid] == nil { order.append(event.uid) }
            if event.recurrenceID == nil { masters[event.uid, default: []].append(index) } else { overrides[event.uid, default: []].append(index) }
        }
        var rows: [String] = []
        for uid in order {
            if uid.hasPrefix("\u{0}"), let index = Int(uid.dropFirst()), let row = alone[index] {
                rows.append(row)
                continue
            }
            let versions = masters[uid] ?? []
            var newest = versions.first
            for candidate in versions.dropFirst() {
                if let current = newest, EventSeries.isNewer(events[candidate], than: events[current]) { newest = candidate }
            }
            rows.append("'\(uid)' master \(newest.map(String.init) ?? "nil") overrides \(overrides[uid] ?? []) \(versions.count > 1 ? "several" : "single")")
            for index in versions where index != newest { rows.append("left out \(index) kept \(newest.map { events[$0].position?.line ?? 0 } ?? 0)") }
        }
        return rows
    }

    static func grouped(_ events: [Event]) -> [String] {
        let grouping = SeriesGrouping(events)
        var rows: [String] = []
        var problems = grouping.problems[...]
        for group in grouping.groups {
            rows.append("'\(group.uid)' master \(group.master.map(String.init) ?? "nil") overrides \(group.overrides) \(group.newestOfSeveral ? "several" : "single")")
            // The warnings of this UID's older versions follow it, in the order of the versions.
            while let problem = problems.first, problem.error.line > 0,
                  case .duplicate(let uid, _, let kept) = problem.error.kind, uid == group.uid, !group.uid.isEmpty {
                rows.append("left out \(problem.error.line - 1) kept \(kept)")
                problems = problems.dropFirst()
            }
        }
        return rows + problems.map { "unmatched \($0)" }
    }

    func testTheGroupingIsThePlainGroupingsOnGeneratedCalendars() {
        // UIDs from a small set (many collide), some empty; masters and overrides; versions by SEQUENCE and DTSTAMP.
        let event = Gen.zip(Gen.int(in: 0...6), Gen.bool, Gen.int(in: 0...2), Gen.int(in: 0...3)).map { uid, isOverride, sequence, stamp in
            (uid, isOverride, sequence, stamp)
        }
        forAll(event.array(count: 0...40)) { specs in
            let events = specs.enumerated().map { index, spec in
                let start = ItemTime.utc(Instant(seconds: 1_710_000_000 + spec.3 * 86_400))
                return Event(uid: spec.0 == 0 ? "" : "u\(spec.0)", start: start, recurrenceID: spec.1 ? start : nil, sequence: spec.2,
                             stamp: spec.3 == 0 ? nil : Instant(seconds: 1_700_000_000 + spec.3), position: SourcePosition(file: "f.ics", line: index + 1))
            }
            let expected = Self.reference(events), got = Self.grouped(events)
            guard got == expected else { throw Failure("got\n\(got.joined(separator: "\n"))\nexpected\n\(expected.joined(separator: "\n"))") }
            return true
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
