import Foundation
import Kalends
import KalendsCheck
import KalendsStore
import XCTest

/// Search finds every series whose texts contain the text, case and accents
/// ignored, and no other; one row per series.
final class SearchProperties: XCTestCase {
    /// Syllables in several cases and accents: "jose" must find "José" and "JOSÉ".
    static let syllables = ["jo", "JO", "jó", "se", "sé", "SÉ", "ca", "cá", "fe", "fé", "mu", "mü", "MÜ", "ller", "na", "ña", "ro", "rö"]
    static let word = Gen.element(of: syllables).array(count: 1...3).map { $0.joined() }
    static let text = word.array(count: 0...3).map { $0.joined(separator: " ") }

    /// Case and accents folded, as the oracle compares.
    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }

    struct Item {
        let title: String
        let notes: String
        let location: String
        let category: String
        /// An attendee's name (CN), when not empty.
        let attendee: String
        /// An override's title, when the series recurs and has one.
        let overrideTitle: String?
    }

    func testEverySeriesWhoseTextsContainTheTextIsFoundAndNoOther() {
        let item = Gen.zip(Gen.zip(Self.text, Self.text), Gen.zip(Self.text, Self.text, Self.text), Gen.bool, Self.text).map { pair, more, overrides, other in
            Item(title: pair.0, notes: pair.1, location: more.0, category: more.1, attendee: more.2, overrideTitle: overrides ? other : nil)
        }
        forAll(Gen.zip(item.array(count: 1...12), Self.word)) { items, pattern in
            var events: [Event] = []
            var expected: Set<String> = []
            let needle = Self.folded(pattern)
            for (index, item) in items.enumerated() {
                let uid = "e\(index)"
                let start = ItemTime.utc(Instant(seconds: 1_710_000_000 + index * 3_600))
                var recurrence = ItemRecurrence()
                if item.overrideTitle != nil { recurrence = ItemRecurrence(rules: [try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=5")]) }
                var event = Event(uid: uid, title: item.title, notes: item.notes.isEmpty ? nil : item.notes,
                                  location: item.location.isEmpty ? nil : item.location, start: start,
                                  length: .exact(seconds: 1_800), categories: item.category.isEmpty ? [] : [item.category], recurrence: recurrence)
                if !item.attendee.isEmpty { event.attendees = [Participant(address: "mailto:guest@example.org", name: item.attendee)] }
                events.append(event)
                var texts = [item.title, item.notes, item.location, item.category]
                if !item.attendee.isEmpty { texts += [item.attendee, "mailto:guest@example.org"] }
                if let overrideTitle = item.overrideTitle {
                    let second = ItemTime.utc(Instant(seconds: 1_710_000_000 + index * 3_600 + 86_400))
                    events.append(Event(uid: uid, title: overrideTitle, start: second, length: .exact(seconds: 1_800), recurrenceID: second))
                    texts.append(overrideTitle)
                }
                if texts.contains(where: { Self.folded($0).contains(needle) }) { expected.insert(uid) }
            }
            let store = CalendarStore(calendars: [CalendarCollection(name: "c", path: "c.ics", events: events)])
            let found = try store.search(pattern, window: nil, viewer: .utc)
            guard Set(found.map(\.uid)) == expected, found.count == expected.count else {
                throw Failure("'\(pattern)': found \(found.map(\.uid)), expected \(expected.sorted())")
            }
            // The row is the series' first occurrence; a recurring series says its rule.
            for match in found {
                guard let occurrence = match.occurrence, let index = Int(match.uid.dropFirst()),
                      occurrence.startInstant == Instant(seconds: 1_710_000_000 + index * 3_600),
                      match.rules.isEmpty == (items[index].overrideTitle == nil) else {
                    throw Failure("row \(match)")
                }
            }
            return true
        }
    }

    func testAWindowKeepsTheSeriesWithAnOccurrenceInItAtItsFirstThere() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=10")
        let start = Instant(seconds: 1_710_000_000)
        let events = [
            Event(uid: "weekly", title: "Team sync", start: .utc(start), length: .exact(seconds: 3_600), recurrence: ItemRecurrence(rules: [rule])),
            Event(uid: "once", title: "Team offsite", start: .utc(start), length: .exact(seconds: 3_600)),
            Event(uid: "gone", title: "Team dinner", start: .utc(start), length: .exact(seconds: 3_600), status: .cancelled),
            Event(uid: "endless", title: "Team daily", start: .utc(start), length: .exact(seconds: 600),
                  recurrence: ItemRecurrence(rules: [try RecurrenceRule(parsing: "FREQ=DAILY")])),
        ]
        let store = CalendarStore(calendars: [CalendarCollection(name: "c", path: "c.ics", events: events)])
        let window = Instant(seconds: start.seconds + 20 * 86_400)..<Instant(seconds: start.seconds + 400 * 86_400)
        let found = try store.search("TEAM", window: window, viewer: .utc)
        XCTAssertEqual(found.map(\.uid), ["endless", "weekly"])
        XCTAssertEqual(found.map { $0.occurrence?.startInstant }, [Instant(seconds: start.seconds + 20 * 86_400), Instant(seconds: start.seconds + 21 * 86_400)])
        // Any time: the first occurrences; a cancelled event has none.
        XCTAssertEqual(try store.search("team", window: nil, viewer: .utc).map(\.uid), ["endless", "once", "weekly"])
        XCTAssertThrowsError(try store.search(" ", window: nil, viewer: .utc))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
