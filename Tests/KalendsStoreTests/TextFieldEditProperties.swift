import Foundation
import Kalends
import KalendsCheck
import KalendsICalendar
@testable import KalendsStore
import XCTest

/// DESCRIPTION, CATEGORIES and URL written by `add` and `edit`: any text
/// (commas, semicolons, backslashes, line breaks, quotes, non-ASCII, long
/// enough to fold) reads back as given; an edit of one of them changes that
/// property's lines (and SEQUENCE and DTSTAMP) and no other byte of the file.
final class TextFieldEditProperties: XCTestCase {
    /// Text made of the pieces escaping and folding get wrong.
    static let text: Gen<String> = Gen.element(of: ["a", "Z", " ", ",", ";", ":", "\\", "\n", "\r\n", "\r", "\"", "'", "\t", "^", "\\n", "\\,",
                                                    "é", "ü", "日本", "😀", "👩‍👩‍👧", String(repeating: "ü", count: 40), "https://"])
        .array(count: 0...12).map { $0.joined() }
    /// A URL: any text without control characters.
    static let url: Gen<String> = Gen.element(of: ["https://", "example.com", "/", "?q=", "a", ",", ";", ":", "\\", "\"", " ", "%20", "é", "日本",
                                                   String(repeating: "x", count: 70)])
        .array(count: 0...8).map { $0.joined() }
    static let names: Gen<[String]> = text.array(count: 0...4)

    /// Line breaks as TEXT keeps them: each CR LF, CR or LF one LF.
    static func normalized(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && afterCR { afterCR = false; continue }
            afterCR = scalar == "\r"
            scalars.append(scalar == "\r" ? "\n" : scalar)
        }
        return String(scalars)
    }

    static func read(_ bytes: [UInt8], uid: String) throws -> Event? {
        try CalendarFileReader(mode: .strict).read(bytes: bytes, source: "t.ics").calendar.events.first { $0.uid == uid && $0.recurrenceID == nil }
    }

    func testAddedDescriptionCategoriesAndURLReadBackAsGiven() {
        forAll(Gen.zip(EditingProperties.specs, Self.text, Self.names, Self.url), runs: 200) { spec, notes, categories, url in
            let (bytes, _) = EditingProperties.file(spec)
            let event = NewEvent(title: "New", start: EditingProperties.time(spec.form, day: spec.day + 1, hour: 14), notes: notes,
                                 categories: categories, url: url)
            var uid = ""
            let after = try EditingProperties.edited(bytes) { uid = try $0.add(event) }
            guard try EditingProperties.untouched(after, except: [uid]) == EditingProperties.untouched(bytes, except: []) else {
                throw EditingProperties.Failure("other bytes changed")
            }
            guard let added = try Self.read(after, uid: uid) else { throw EditingProperties.Failure("not read back") }
            let expectedNotes = notes.isEmpty ? nil : Self.normalized(notes)
            guard added.notes == expectedNotes else { throw EditingProperties.Failure("DESCRIPTION \(String(reflecting: added.notes)) for \(String(reflecting: expectedNotes))") }
            let expectedNames = categories.filter { !$0.isEmpty }.map(Self.normalized)
            guard added.categories == expectedNames else { throw EditingProperties.Failure("CATEGORIES \(added.categories) for \(expectedNames)") }
            guard added.url == (url.isEmpty ? nil : url) else { throw EditingProperties.Failure("URL \(String(reflecting: added.url)) for \(url)") }
            for line in after.split(separator: 10) where line.count > 76 { throw EditingProperties.Failure("a line of \(line.count) octets") }
            cover(minPercent: 5, notes.contains(",") && notes.contains("\n"), "a comma and a line break")
            cover(minPercent: 5, categories.contains { $0.contains(",") }, "a comma in a category")
            return true
        }
    }

    /// The master given all three, then one of them edited (an empty value removes it): that property
    /// reads back as given, every other line of the master (SEQUENCE and DTSTAMP aside) and every other
    /// component keeps its bytes, in order.
    func testEditingOneOfThemChangesOnlyItsLines() {
        // One case in six empties the value, so that removals are common enough to be covered every run.
        forAll(Gen.zip(EditingProperties.specs, Gen.int(in: 0...2), Gen.zip(Self.text, Self.names, Self.url), Gen.int(in: 0...5)), runs: 200) { spec, which, drawn, empty in
            let (file, uid) = EditingProperties.file(spec)
            // Two CATEGORIES lines and a folded DESCRIPTION to start from.
            let before = try EditingProperties.edited(file) {
                try $0.edit(uid: uid, changes: EventChanges(notes: String(repeating: "Old, text; ", count: 9), categories: ["Old", "Two, three"],
                                                          url: "https://example.com/old"))
            }.withExtraCategories(uid: uid)
            let (notes, categories, url) = empty == 0 ? ("", [], "") : drawn
            let changes = [EventChanges(notes: notes), EventChanges(categories: categories), EventChanges(url: url)][which]
            let name = ["DESCRIPTION", "CATEGORIES", "URL"][which]
            let after = try EditingProperties.edited(before) { try $0.edit(uid: uid, changes: changes) }
            // Every other component: its bytes.
            let old = try ICalendarReader(source: "t.ics", mode: .strict).read(before)
            let new = try ICalendarReader(source: "t.ics", mode: .strict).read(after)
            let oldComponents = old.calendars.flatMap(\.components), newComponents = new.calendars.flatMap(\.components)
            guard oldComponents.count == newComponents.count else { throw EditingProperties.Failure("components added or removed") }
            for (a, b) in zip(oldComponents, newComponents) {
                let isMaster = a.uid == uid && a.first("RECURRENCE-ID") == nil
                if !isMaster {
                    guard before[a.byteRange] == after[b.byteRange] else { throw EditingProperties.Failure("\(a.name) \(a.uid ?? "") changed") }
                    continue
                }
                let skipped: Set<String> = [name, "SEQUENCE", "DTSTAMP"]
                let kept = { (component: ICalendarComponent, bytes: [UInt8]) in
                    component.properties.filter { !skipped.contains($0.name) }.map { Array(bytes[$0.byteRange]) }
                        + component.components.map { Array(bytes[$0.byteRange]) }
                }
                guard kept(a, before) == kept(b, after) else { throw EditingProperties.Failure("another line of the master changed") }
                // The file outside the master: the same bytes.
                guard before[..<a.byteRange.lowerBound] == after[..<b.byteRange.lowerBound],
                      before[a.byteRange.upperBound...] == after[b.byteRange.upperBound...] else {
                    throw EditingProperties.Failure("bytes outside the master changed")
                }
            }
            guard let event = try Self.read(after, uid: uid) else { throw EditingProperties.Failure("not read back") }
            switch which {
            case 0: guard event.notes == (notes.isEmpty ? nil : Self.normalized(notes)) else { throw EditingProperties.Failure("DESCRIPTION \(String(reflecting: event.notes))") }
            case 1: guard event.categories == categories.filter({ !$0.isEmpty }).map(Self.normalized) else { throw EditingProperties.Failure("CATEGORIES \(event.categories)") }
            default: guard event.url == (url.isEmpty ? nil : url) else { throw EditingProperties.Failure("URL \(String(reflecting: event.url))") }
            }
            cover(minPercent: 3, which == 0 && notes.isEmpty, "a DESCRIPTION removed")
            return true
        }
    }

    /// A URL with a line break is refused, the file unchanged.
    func testAURLWithALineBreakIsRefused() throws {
        let (bytes, uid) = EditingProperties.file(EditingProperties.spec0)
        XCTAssertThrowsError(try EditingProperties.edited(bytes) { try $0.edit(uid: uid, changes: EventChanges(url: "https://a\nb")) }) { error in
            XCTAssertEqual(error as? CalendarEditError, .invalidURL("https://a\nb"))
        }
    }

    /// A new override keeps the master's DESCRIPTION, CATEGORIES and URL (it replaces the occurrence whole).
    func testANewOverrideKeepsTheMastersText() throws {
        let (file, uid) = EditingProperties.file(EditingProperties.spec0)
        let before = try EditingProperties.edited(file) {
            try $0.edit(uid: uid, changes: EventChanges(notes: "Notes\nhere", categories: ["A,B", "C"], url: "https://example.com"))
        }
        guard let occurrence = EditingProperties.pick(EditingProperties.spec0, index: 2) else { return XCTFail("no occurrence") }
        let after = try EditingProperties.edited(before) { try $0.edit(uid: uid, occurrence: occurrence, changes: EventChanges(title: "Moved")) }
        let override = try CalendarFileReader(mode: .strict).read(bytes: after, source: "t.ics").calendar.events.first { $0.uid == uid && $0.recurrenceID != nil }
        XCTAssertEqual(override?.title, "Moved")
        XCTAssertEqual(override?.notes, "Notes\nhere")
        XCTAssertEqual(override?.categories, ["A,B", "C"])
        XCTAssertEqual(override?.url, "https://example.com")
    }
}

extension Array where Element == UInt8 {
    /// A second CATEGORIES line added after the first one of the master of `uid` (as files from other programs have).
    func withExtraCategories(uid: String) throws -> [UInt8] {
        let document = try ICalendarReader(source: "t.ics", mode: .strict).read(self)
        guard let master = document.calendars.flatMap(\.components).first(where: { $0.uid == uid && $0.first("RECURRENCE-ID") == nil }),
              let categories = master.first("CATEGORIES") else { return self }
        let end = ICalendarWriter.lineEnd(of: self) == .lf ? "\n" : "\r\n"
        var bytes = self
        bytes.insert(contentsOf: Array("CATEGORIES:Extra\(end)".utf8), at: categories.byteRange.upperBound)
        return bytes
    }
}
