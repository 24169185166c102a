import Kalends
import KalendsCheck
@testable import KalendsICalendar
import XCTest

/// The span tree (`ICalendarSpanTree`) on the windowed read's generated
/// calendars (every form of time, zones, rules, overrides, alarms, lines
/// folded anywhere with a space or a tab, non-ASCII text, damaged bytes):
/// decoded, it is the reader's tree wherever the reader warns of nothing,
/// and every component the reader keeps is in it, at the same place;
/// it refuses what the reader refuses, at the same line; and each of its
/// lines decodes or fails at its own line, its lazy name and value agreeing
/// with the decoded property.
final class SpanTreeOnCalendarsProperties: XCTestCase {
    static func checkLines(_ component: ICalendarSpanTree.Component) throws {
        for property in component.properties {
            switch Result(catching: { () throws(ICalendarError) in try property.decoded() }) {
            case .success(let decoded):
                guard property.name == decoded.name, property.isNamed(decoded.name), try property.value() == decoded.value else {
                    throw Failure("line \(property.line): \(property.name) against \(decoded)")
                }
            case .failure(let error):
                guard error.line == property.line, (try? property.value()) == nil else {
                    throw Failure("line \(property.line) fails as \(error), its value \(String(describing: try? property.value()))")
                }
            }
        }
        for child in component.components { try checkLines(child) }
    }

    static func checkKept(_ kept: [ICalendarComponent], in tree: [ICalendarSpanTree.Component]) throws {
        let byLine = Dictionary(tree.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        for component in kept {
            guard let found = byLine[component.line], found.name == component.name,
                  found.byteRange == component.byteRange else {
                throw Failure("the reader's \(component.name) at line \(component.line) \(component.byteRange) is not in the tree")
            }
            try checkKept(component.components, in: Array(found.components))
        }
    }

    func testTheSpanTreeDecodesToTheReadersTree() {
        let seeds = Gen<Int>.int(in: 0...1_000_000).array(count: 1...14)
        forAll(seeds, Gen<Int>.int(in: 0...1_000_000), runs: 1_000) { seeds, calendarSeed in
            let events = seeds.enumerated().map { WindowedReadProperties.event($1, index: $0) }
            let bytes = WindowedReadProperties.calendar(events, seed: calendarSeed)
            let read = Result(catching: { () throws(ICalendarError) in try ICalendarReader(source: "c.ics").read(bytes) })
            let tree = Result(catching: { () throws(ICalendarError) in try ICalendarSpanTree(bytes, source: "c.ics") })
            switch (read, tree) {
            case (.failure(let readError), .failure(let treeError)):
                guard readError == treeError else { throw Failure("the reader: \(readError); the tree: \(treeError)") }
                return true
            case (.success(let document), .success(let tree)):
                for calendar in tree.calendars { try Self.checkLines(calendar) }
                let clean = document.warnings.isEmpty
                cover(minPercent: 15, clean, "read without a warning")
                cover(minPercent: 15, !clean, "read with warnings")
                // Every component the reader keeps, at any depth, is in the tree at the same place (on damaged files too).
                try Self.checkKept(document.calendars, in: Array(tree.calendars))
                cover(minPercent: 5, bytes.count > 3_000, "more than 3,000 bytes")
                guard clean else { return true }
                var decoded: [ICalendarComponent] = []
                for calendar in tree.calendars { decoded.append(try calendar.decoded()) }
                guard decoded == document.calendars else { throw Failure("the tree decoded is not the reader's") }
                return true
            case (.failure(let readError), .success):
                throw Failure("the reader fails (\(readError)), the tree reads")
            case (.success, .failure(let treeError)):
                throw Failure("the reader reads, the tree fails: \(treeError)")
            }
        }
    }
}
