import Foundation
import Kalends
import KalendsCheck
import XCTest
@testable import KalendsICalendar

/// The span tree (`ICalendarSpanTree`) finds lines and components as the
/// reader does, decoding nothing: decoded, it must be the reader's tree on
/// every input the reader reads without a warning, and hold every component
/// the reader keeps at the same place on every input; it must refuse what the
/// reader refuses at the start (not iCalendar, binary data, nesting too
/// deep), at the same line; and on damaged input it never traps, and each of
/// its lines decodes or says where it does not.
final class SpanTreeProperties: XCTestCase {
    /// The span tree of `bytes` decoded, or its error.
    static func decoded(_ bytes: [UInt8]) -> Result<[ICalendarComponent], ICalendarError> {
        Result { () throws(ICalendarError) in
            var calendars: [ICalendarComponent] = []
            for calendar in try ICalendarSpanTree(bytes, source: "s.ics").calendars { calendars.append(try calendar.decoded()) }
            return calendars
        }
    }

    /// Every line of the tree, decoded or not, agrees with itself: its name,
    /// value and text are its decoded property's; a line that does not decode says so at its own line.
    static func checkLines(_ component: ICalendarSpanTree.Component) throws {
        for property in component.properties {
            do {
                let decoded = try property.decoded()
                guard property.name == decoded.name, property.isNamed(decoded.name), property.isNamed(decoded.name.lowercased()),
                      try property.value() == decoded.value, try property.text() == decoded.text,
                      decoded.line == property.line, decoded.byteRange == property.byteRange else {
                    throw TestFailure("line \(property.line): \(property.name) \(String(reflecting: try? property.value())) against \(decoded)")
                }
                guard component.first(decoded.name)?.byteRange == component.all(decoded.name).first?.byteRange else {
                    throw TestFailure("first and all disagree on \(decoded.name)")
                }
            } catch let error as ICalendarError {
                guard error.line == property.line else { throw TestFailure("line \(property.line) fails at line \(error.line): \(error)") }
                // The lazy value fails as the decoding does.
                guard (try? property.value()) == nil else { throw TestFailure("line \(property.line): a value where decoding fails") }
            }
        }
        for child in component.components {
            guard component.byteRange.contains(child.byteRange.lowerBound) || child.byteRange.isEmpty else {
                throw TestFailure("\(child.name) at \(child.byteRange) is outside its parent \(component.byteRange)")
            }
            try checkLines(child)
        }
    }

    /// Each of `kept` (the reader's components) is one of `tree` with the same line, name and bytes, and so are its children.
    static func checkKept(_ kept: [ICalendarComponent], in tree: [ICalendarSpanTree.Component]) throws {
        for component in kept {
            guard let found = tree.first(where: { $0.line == component.line }), found.name == component.name,
                  found.byteRange == component.byteRange else {
                throw TestFailure("the reader's \(component.name) at line \(component.line) \(component.byteRange) is not in the tree")
            }
            try checkKept(component.components, in: Array(found.components))
        }
    }

    /// The tree of `bytes` against the reader's read of them.
    static func assertAgrees(_ bytes: [UInt8]) throws -> (clean: Bool, read: Bool) {
        let read = Result { () throws(ICalendarError) in try ICalendarReader(source: "s.ics").read(bytes) }
        let tree = Result { () throws(ICalendarError) in try ICalendarSpanTree(bytes, source: "s.ics") }
        switch (read, tree) {
        case (.failure(let readError), .failure(let treeError)):
            guard readError.line == treeError.line else { throw TestFailure("the reader fails at \(readError), the tree at \(treeError)") }
            return (false, false)
        case (.failure(let readError), .success):
            throw TestFailure("the reader fails (\(readError)), the tree reads")
        case (.success, .failure(let treeError)):
            throw TestFailure("the reader reads, the tree fails: \(treeError)")
        case (.success(let document), .success(let tree)):
            for calendar in tree.calendars { try checkLines(calendar) }
            // Every component the reader keeps is in the tree, at the same place, warnings or not.
            try checkKept(document.calendars, in: Array(tree.calendars))
            guard document.warnings.isEmpty else { return (false, true) }
            let decoded = try decoded(bytes).get()
            guard decoded == document.calendars else {
                throw TestFailure("decoded \(decoded.map(\.content)) against \(document.calendars.map(\.content))")
            }
            guard try tree.checked() == document else { throw TestFailure("checked() is not the reader's document") }
            return (true, true)
        }
    }

    func testTheDecodedTreeIsTheReadersOnGeneratedTrees() {
        let calendars = Gen.zip(ContentLineProperties.property.array(count: 0...2), ContentLineProperties.component(depth: 2).array(count: 0...3))
            .map { ICalendarComponent(name: "VCALENDAR", properties: $0, components: $1) }
        let writers = Gen.zip(ContentLineProperties.lineEnds, Gen<Int>.int(in: 0...12), Gen<UInt8>.element(of: [32, 9]))
            .map { TestWriter(lineEnd: $0, foldWidth: $1 < 2 ? 0 : $1 - 1, foldWith: $2) }
        forAll(Gen.zip(calendars.array(count: 1...2), writers, Gen<Bool>.bool), runs: 400) { calendars, writer, bom in
            let source = (bom ? [0xEF, 0xBB, 0xBF] : []) + calendars.flatMap(writer.write)
            let outcome = try Self.assertAgrees(source)
            // The generated trees read without a warning: the comparison is of whole trees.
            cover(minPercent: 90, outcome.clean, "read without a warning")
            cover(minPercent: 10, writer.foldWidth > 0 && writer.foldWidth < 6, "BEGIN and END folded")
            return true
        }
    }

    func testTheTreeAgreesWithTheReaderOnDamagedInput() {
        let pieces = ["\r\nBEGIN:VEVENT\r\n", "\nEND:VEVENT\n", "\nBEGIN:VTODO\n", "\r\nEND:VCALENDAR\r\n", "\nBEGIN:VCALENDAR\n", "\n ", ":",
                      "\r\n\r\n ", "\nbegin:valarm\n", "\nEND:VALARM\n", "\n\t", "\u{0}", "\nEN\n D:VEVENT\n", ";X=\"a:b\"", "\u{FF}"]
        forAll(Damage.edits(in: ContentLineProperties.sample, maximumLength: 60, count: 0...5), runs: 1_000) { edits in
            let bytes = Damage.apply(edits, to: ContentLineProperties.sample, pieces: pieces)
            let outcome = try Self.assertAgrees(bytes)
            cover(minPercent: 30, outcome.read, "the reader reads")
            cover(minPercent: 10, outcome.clean, "read without a warning")
            cover(minPercent: 5, outcome.read && !outcome.clean, "read with warnings")
            return true
        }
    }

    func testTheFixturesAgree() throws {
        var clean = 0
        for file in FixtureFilesReadTests.files(withExtension: ".ics") + FixtureFilesReadTests.files(withExtension: ".txt") {
            let bytes = try [UInt8](Data(contentsOf: file))
            do {
                if try Self.assertAgrees(bytes).clean { clean += 1 }
            } catch {
                XCTFail("\(file.lastPathComponent): \(error)")
            }
        }
        XCTAssertGreaterThan(clean, 10, "the fixtures compared whole")
    }

    func testTheTreeFollowsTheFilesStructure() throws {
        let text = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGI\r
             N:VEVENT\r
            UID:a\r
            SUMMARY;LANGUAGE=en:Lunch\\, then\r
              a walk\r
            \r
            begin:valarm\r
            ACTION:DISPLAY\r
            END:VALARM\r
            DTSTART;TZID="Europe/Paris":20240101T120000\r
            EN\r
            \tD:VEVENT\r
            BEGIN:VTODO\r
            UID:b\r
            END:VCALENDAR\r

            """
        let tree = try ICalendarSpanTree(Array(text.utf8), source: "t.ics")
        let calendars = Array(tree.calendars)
        XCTAssertEqual(calendars.map(\.name), ["VCALENDAR"])
        let children = Array(calendars[0].components)
        XCTAssertEqual(children.map(\.name), ["VEVENT", "VTODO"])
        XCTAssertEqual(children.map(\.line), [3, 15])
        let event = children[0]
        XCTAssertEqual(event.properties.map(\.name), ["UID", "SUMMARY", "DTSTART"])
        XCTAssertEqual(try event.first("summary")?.text(), "Lunch, then a walk")
        XCTAssertEqual(try event.first("SUMMARY")?.decoded().parameter("LANGUAGE"), "en")
        XCTAssertEqual(try event.first("DTSTART")?.decoded().parameter("TZID"), "Europe/Paris")
        XCTAssertEqual(event.first("SUMMARY")?.isFolded, true)
        XCTAssertEqual(Array(event.components).map(\.name), ["VALARM"])
        // The END:VCALENDAR closes the VTODO left open, at its own start.
        XCTAssertEqual(children[1].byteRange.upperBound, text.utf8.count - "END:VCALENDAR\r\n".utf8.count)
        XCTAssertEqual(calendars[0].byteRange, 0..<text.utf8.count)
        XCTAssertEqual(tree.counts.properties, 6)
    }

    func testWhatTheReaderRefusesTheTreeRefuses() {
        let cases: [(String, ICalendarError.Kind)] = [
            ("", .notICalendar(found: nil)),
            ("\r\n\r\n", .notICalendar(found: nil)),
            ("BEGIN:VCARD\r\nEND:VCARD\r\n", .notICalendar(found: "BEGIN:VCARD")),
            ("HELLO\r\n", .notICalendar(found: "HELLO")),
            ("BEGIN:VCAL\u{0}ENDAR\r\n", .binaryData),
            (String(repeating: "BEGIN:VCALENDAR\r\n", count: 1) + String(repeating: "BEGIN:X\r\n", count: 64), .nestingTooDeep(maximum: 64)),
        ]
        for (text, kind) in cases {
            XCTAssertThrowsError(try ICalendarSpanTree(Array(text.utf8), source: "t.ics")) { error in
                XCTAssertEqual((error as? ICalendarError)?.kind, kind, text.debugDescription)
            }
            XCTAssertThrowsError(try ICalendarReader(source: "t.ics").read(Array(text.utf8)), text.debugDescription)
        }
    }
}
