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
            switch Result(catching: { () throws(ICalendarError) in try property.decoded() }) {
            case .success(let decoded):
                // A value read lazily that fails where the decoding succeeds is a failure here, not a pass.
                guard property.name == decoded.name, property.isNamed(decoded.name), property.isNamed(decoded.name.lowercased()),
                      try property.value() == decoded.value, try property.text() == decoded.text else {
                    throw TestFailure("line \(property.line): \(property.name) \(String(reflecting: try? property.value())) against \(decoded)")
                }
                guard component.first(decoded.name)?.byteRange == component.all(decoded.name).first?.byteRange else {
                    throw TestFailure("first and all disagree on \(decoded.name)")
                }
            case .failure(let error):
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
        let byLine = Dictionary(tree.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        for component in kept {
            guard let found = byLine[component.line], found.name == component.name,
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
            // The same error: kind (with what it shows), line and column.
            guard readError == treeError else { throw TestFailure("the reader fails with \(readError), the tree with \(treeError)") }
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

    /// A component as a file may write it: the BEGIN and END keywords and
    /// names in any case (an END's name in another case than its BEGIN's),
    /// non-ASCII names, a BEGIN with a parameter, and more than 16 names.
    struct Raw {
        var begin: String, name: String, end: String, endName: String
        var properties: [ICalendarProperty]
        var children: [Raw]

        func write(_ writer: TestWriter) -> [UInt8] {
            writer.fold(Array("\(begin):\(name)".utf8)) + properties.flatMap(writer.line) + children.flatMap { $0.write(writer) }
                + writer.fold(Array("\(end):\(endName)".utf8))
        }
    }

    static let names = ["VEVENT", "vevent", "Vevent", "X-é", "x-é", "X-É", "VALARM", "valarm", "X-ß", "x-ß"] + (0..<24).map { "X-N\($0)" }

    static func raw(depth: Int) -> Gen<Raw> {
        let children = depth == 0 ? Gen.constant([Raw]()) : raw(depth: depth - 1).array(count: 0...3)
        let keywords = Gen.zip(Gen<String>.element(of: ["BEGIN", "BEGIN", "begin", "Begin", "BEGIN;X-P=\"a:b\""]),
                               Gen<String>.element(of: ["END", "END", "end", "End;X-Q=1"]))
        return Gen.zip(keywords, Gen.zip(Gen<String>.element(of: names), Gen<Int>.int(in: 0...3)), ContentLineProperties.property.array(count: 0...3),
                       children)
            .map { keywords, naming, properties, children in
                let (name, endCase) = naming
                let endName = [name, name, name.lowercased(), name.uppercased()][endCase]
                return Raw(begin: keywords.0, name: name, end: keywords.1, endName: endName, properties: properties, children: children)
            }
    }

    func testTheTreeAgreesWithTheReaderOnNamesInAnyCase() {
        let calendars = Gen.zip(ContentLineProperties.property.array(count: 0...2), Self.raw(depth: 2).array(count: 0...4),
                                Gen<String>.element(of: ["BEGIN:VCALENDAR", "begin:vcalendar", "Begin;X=1:VCalendar"]))
            .map { properties, children, begin in
                Raw(begin: String(begin.prefix { $0 != ":" }), name: String(begin.drop { $0 != ":" }.dropFirst()), end: "END",
                    endName: "VCALENDAR", properties: properties, children: children)
            }
        let writers = Gen.zip(Gen<String>.element(of: ["\r\n", "\n", "\n", "\r"]), Gen<Int>.int(in: 0...12), Gen<UInt8>.element(of: [32, 9]))
            .map { TestWriter(lineEnd: $0, foldWidth: $1 < 3 ? 0 : $1 - 2, foldWith: $2) }
        forAll(Gen.zip(calendars.array(count: 1...2), writers), runs: 1_000) { calendars, writer in
            let source = calendars.flatMap { $0.write(writer) }
            let outcome = try Self.assertAgrees(source)
            cover(minPercent: 10, outcome.clean, "read without a warning")
            cover(minPercent: 10, outcome.read && !outcome.clean, "read with warnings")
            cover(minPercent: 5, !outcome.read, "refused by both")
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

    /// Everything the tree shows, for comparing two trees.
    static func shown(_ tree: ICalendarSpanTree) -> String {
        func describe(_ component: ICalendarSpanTree.Component) -> String {
            let lines = component.properties.map { "\($0.line) \($0.byteRange) \($0.name) \($0.isFolded)" }
            return "\(component.name) \(component.line) \(component.byteRange) [\(lines.joined(separator: "; "))] {"
                + component.components.map(describe).joined(separator: ", ") + "}"
        }
        return tree.calendars.map(describe).joined(separator: "\n") + " \(tree.counts)"
    }

    /// The scan in `parts` parts is the one scan: the same tree, or the same error.
    static func assertSplitSame(_ bytes: [UInt8], parts: Int) throws -> Bool {
        let one = Result { () throws(ICalendarError) in try ICalendarSpanTree(bytes, source: "s.ics", parts: 1) }
        let split = Result { () throws(ICalendarError) in try ICalendarSpanTree(bytes, source: "s.ics", parts: parts) }
        switch (one, split) {
        case (.success(let one), .success(let split)):
            guard shown(one) == shown(split) else { throw TestFailure("in \(parts) parts:\n\(shown(split))\nin one:\n\(shown(one))") }
        case (.failure(let one), .failure(let split)):
            guard one == split else { throw TestFailure("in \(parts) parts: \(split); in one: \(one)") }
        default:
            throw TestFailure("in \(parts) parts: \(split); in one: \(one)")
        }
        return bytes.withUnsafeBufferPointer { ICalendarSpanTree.split($0, source: "s.ics", parts: parts) } != nil
    }

    func testAScanInPartsIsTheOneScan() {
        let events = Gen.zip(ContentLineProperties.property.array(count: 0...3), ContentLineProperties.component(depth: 1).array(count: 0...2),
                             Gen<String>.element(of: ["VEVENT", "VTODO", "VJOURNAL"]))
            .map { ICalendarComponent(name: $2, properties: $0, components: $1) }
        let calendars = Gen.zip(ContentLineProperties.property.array(count: 0...2), events.array(count: 1...10))
            .map { ICalendarComponent(name: "VCALENDAR", properties: $0, components: $1) }
        let pieces = ["\r\nBEGIN:VEVENT\r\n", "\nEND:VEVENT\n", "\nBEGIN:VTODO\n", "\r\nEND:VCALENDAR\r\n", "\nBEGIN:VCALENDAR\n", "\n ", ":"]
        let inputs = Gen<[UInt8]>.oneOf([
            Gen.zip(calendars.array(count: 1...2), ContentLineProperties.lineEnds, Gen<Int>.int(in: 0...12))
                .map { calendars, end, width in calendars.flatMap(TestWriter(lineEnd: end, foldWidth: width < 4 ? 0 : width).write) },
            Damage.edits(in: SplitReadProperties.many, maximumLength: 60, count: 0...4).map { Damage.apply($0, to: SplitReadProperties.many, pieces: pieces) },
        ])
        forAll(inputs, Gen<Int>.int(in: 2...5), runs: 500) { bytes, parts in
            let split = try Self.assertSplitSame(bytes, parts: parts)
            // Most inputs are really scanned in parts (the comparison is not one scan against itself).
            cover(minPercent: 25, split, "scanned in parts")
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

    func testLinesLongerThanTheReaderTakesAgree() throws {
        let long = String(repeating: "x", count: ICalendarReader.maximumLineLength + 10)
        let folded = stride(from: 0, to: long.count, by: 70).map { offset -> String in
            let start = long.index(long.startIndex, offsetBy: offset)
            return String(long[start..<long.index(start, offsetBy: Swift.min(70, long.count - offset))])
        }.joined(separator: "\r\n ")
        let bodies = [
            "BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:\(long)\r\nEND:VEVENT\r\n",
            "BEGIN:VEVENT\r\nUID:a\r\nDESCRIPTION:\(folded)\r\nEND:VEVENT\r\n",
            "BEGIN:\(long)\r\nUID:a\r\nEND:\(long)\r\n",
            "BEGIN:VEVENT\r\nUID:a\r\n\(long):x\r\nEND:VEVENT\r\n",
            "BEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\nBEGIN:VTODO\r\nSUMMARY:\(folded)\r\nEND:VTODO\r\n",
        ]
        for body in bodies {
            let bytes = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n\(body)END:VCALENDAR\r\n".utf8)
            XCTAssertNoThrow(try Self.assertAgrees(bytes), String(body.prefix(40)))
        }
        // A first line too long is not iCalendar, in both.
        XCTAssertNoThrow(try Self.assertAgrees(Array("BEGIN:VCALENDAR\(long)\r\n".utf8)))
        let tree = try ICalendarSpanTree(Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:\(long)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8),
                                         source: "t.ics")
        let summary = tree.calendars.flatMap { Array($0.components) }.first?.first("SUMMARY")
        XCTAssertThrowsError(try summary?.value()) { error in
            XCTAssertEqual((error as? ICalendarError)?.kind,
                           .lineTooLong(bytes: long.utf8.count + 8, maximum: ICalendarReader.maximumLineLength, property: "SUMMARY"))
        }
    }

    /// Inputs made to be slow (many names, many folded lines that may be a BEGIN, a huge value,
    /// the deepest nesting) are read whole, as the reader reads them.
    func testInputsMadeToBeSlowAreReadWhole() throws {
        var text = "BEGIN:VCALENDAR\r\n"
        for index in 0..<20_000 { text += "BEGIN:X-N\(index)\r\nB\r\n X-\(index):\(index)\r\nEND:x-n\(index)\r\n" }
        text += "X-HUGE:" + String(repeating: "a", count: 5_000_000) + "\r\n"
        text += String(repeating: "BEGIN:X\r\n", count: 63) + String(repeating: "END:X\r\n", count: 63) + "END:VCALENDAR\r\n"
        let bytes = Array(text.utf8)
        let tree = try ICalendarSpanTree(bytes, source: "t.ics")
        let children = tree.calendars.flatMap { Array($0.components) }
        XCTAssertEqual(children.count, 20_001)
        XCTAssertEqual(children[19_999].name, "X-N19999")
        XCTAssertEqual(try children[19_999].first("BX-19999")?.value(), "19999")
        XCTAssertEqual(tree.calendars.flatMap { $0.all("X-HUGE") }.count, 1)
        XCTAssertTrue(try Self.assertAgrees(bytes).read)
        // One level deeper than the reader takes: both refuse it.
        let deeper = Array(text.replacingOccurrences(of: "END:VCALENDAR", with: "BEGIN:X\r\nEND:X\r\nEND:VCALENDAR").utf8)
        let tooDeep = Array(("BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:X\r\n", count: 64)).utf8)
        XCTAssertNoThrow(try Self.assertAgrees(deeper))
        XCTAssertFalse(try Self.assertAgrees(tooDeep).read)
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
            XCTAssertThrowsError(try ICalendarReader(source: "t.ics").read(Array(text.utf8))) { error in
                XCTAssertEqual((error as? ICalendarError)?.kind, kind, text.debugDescription)
            }
        }
    }
}
