import Kalends
import KalendsCheck
import XCTest
@testable import KalendsICalendar

/// Content lines on generated input: folding anywhere, parameter quoting
/// and RFC 6868, TEXT escapes, whole trees written and read back with their
/// byte ranges, and damaged input that never traps and is always located.
final class ContentLineProperties: XCTestCase {
    /// Text with what needs escaping or quoting, and multi-byte UTF-8 (2, 3 and 4 bytes).
    static let text: Gen<String> = Gen<String>.element(of: ["a", "Z", " ", ",", ";", ":", "\"", "^", "^n", "\\", "\n", "é", "€", "😀", "=", "'", "n"])
        .array(count: 0...24).map { $0.joined() }

    static let lineEnds = Gen<String>.element(of: ["\r\n", "\n"])

    func testUnfoldingAFoldedLineGivesTheLine() {
        forAll(Gen.zip(Self.text, Gen<Int>.int(in: 1...9), Self.lineEnds, Gen<Int>.int(in: 0...1))) { text, width, end, tab in
            let value = ICalendarText.escape(text)
            let writer = TestWriter(lineEnd: end, foldWidth: width, foldWith: tab == 1 ? 9 : 32)
            let bytes = writer.fold(Array(("X-A:" + value).utf8))
            var lines: [[UInt8]] = []
            bytes.withUnsafeBufferPointer { buffer in
                var scanner = ContentLineScanner(buffer, maximumLength: 1 << 16)
                while let line = scanner.next() {
                    lines.append(line.contentRange.map { Array(buffer[$0]) } ?? line.folded)
                }
            }
            guard lines == [Array(("X-A:" + value).utf8)] else { throw TestFailure("\(lines.map { String(decoding: $0, as: UTF8.self) })") }
            // Through the reader, too: the property's value and TEXT.
            let calendar = Array("BEGIN:VCALENDAR\(end)".utf8) + bytes + Array("END:VCALENDAR\(end)".utf8)
            let read = try ICalendarReader(source: "t.ics", mode: .strict).read(calendar)
            return read.calendars.first?.properties.first?.value == value && read.calendars.first?.properties.first?.text == text
        }
    }

    func testParameterValuesRoundTripThroughQuotingAndCarets() {
        forAll(Self.text.array(count: 1...3)) { values in
            let line = "X-P;X-Q=" + values.map(ICalendarText.parameterValue).joined(separator: ",") + ";X-Q=b:v"
            let property = try Array(line.utf8).withUnsafeBufferPointer { buffer in
                try ContentLineParser.parse(buffer, line: 1, byteRange: 0..<buffer.count)
            }
            return property.parameters == [ICalendarParameter(name: "X-Q", values: values), ICalendarParameter(name: "X-Q", values: ["b"])]
                && property.value == "v"
        }
    }

    func testTextEscapesRoundTrip() {
        forAll(Self.text) { text in
            let escaped = ICalendarText.escape(text)
            return ICalendarText.unescape(Substring(escaped)) == text
                && ICalendarText.split(ICalendarText.escape(text) + "," + escaped).map(ICalendarText.unescape) == [text, text]
        }
    }

    /// A property of a generated tree.
    static let property: Gen<ICalendarProperty> = Gen.zip(
        Gen<String>.element(of: ["SUMMARY", "X-NOTE", "DESCRIPTION", "LOCATION", "X-A-B"]),
        ContentLineProperties.text, ContentLineProperties.text.array(count: 0...2)
    ).map { name, value, parameters in
        ICalendarProperty(name: name, parameters: parameters.map { ICalendarParameter(name: "X-P", values: [$0]) }, value: ICalendarText.escape(value))
    }

    /// A component with up to `depth` levels of children.
    static func component(depth: Int) -> Gen<ICalendarComponent> {
        let children = depth == 0 ? Gen.constant([ICalendarComponent]()) : component(depth: depth - 1).array(count: 0...2)
        return Gen.zip(Gen<String>.element(of: ["VEVENT", "VTODO", "VALARM", "X-THING", "VJOURNAL"]), property.array(count: 0...4), children)
            .map { name, properties, components in ICalendarComponent(name: name, properties: properties, components: components) }
    }

    func testAWrittenTreeReadsBackWithByteRangesThatCutTheSource() {
        let calendars = Gen.zip(Self.property.array(count: 0...2), Self.component(depth: 2).array(count: 0...3))
            .map { ICalendarComponent(name: "VCALENDAR", properties: $0, components: $1) }
        forAll(Gen.zip(calendars.array(count: 1...2), Self.lineEnds, Gen<Int>.int(in: 0...12)), runs: 300) { calendars, end, width in
            let writer = TestWriter(lineEnd: end, foldWidth: width < 4 ? 0 : width)
            let source = calendars.flatMap(writer.write)
            let read = try ICalendarReader(source: "t.ics", mode: .strict).read(source)
            guard read.calendars.map(\.content) == calendars.map(\.content) else {
                throw TestFailure("read \(read.calendars.map(\.content)) from \(String(decoding: source, as: UTF8.self))")
            }
            func check(_ component: ICalendarComponent) throws {
                guard Array(source[component.byteRange]) == writer.write(component) else {
                    throw TestFailure("\(component.name) at line \(component.line): bytes \(component.byteRange)")
                }
                for property in component.properties where Array(source[property.byteRange]) != writer.line(property) {
                    throw TestFailure("\(property.name) at line \(property.line): bytes \(property.byteRange)")
                }
                // The children follow each other: the parent's bytes are its lines and theirs.
                for (a, b) in zip(component.components, component.components.dropFirst()) where a.byteRange.upperBound != b.byteRange.lowerBound {
                    throw TestFailure("\(a.name) and \(b.name) do not meet")
                }
                for child in component.components { try check(child) }
            }
            for calendar in read.calendars { try check(calendar) }
            return read.calendars.first?.byteRange.lowerBound == 0 && read.calendars.last?.byteRange.upperBound == source.count
        }
    }

    /// A valid calendar with events, alarms, a zone and folded lines.
    static let sample = Array("""
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Kalends//Test//EN\r
        BEGIN:VTIMEZONE\r
        TZID:Custom/Zone\r
        BEGIN:STANDARD\r
        DTSTART:19701025T030000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        END:STANDARD\r
        BEGIN:DAYLIGHT\r
        DTSTART:19700329T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        END:DAYLIGHT\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:one\r
        DTSTART;TZID=Custom/Zone:20240105T090000\r
        DURATION:PT1H\r
        SUMMARY;LANGUAGE=fr:Caf\u{E9} \r
         cr\u{E8}me\r
        RRULE:FREQ=WEEKLY;COUNT=3\r
        BEGIN:VALARM\r
        TRIGGER:-PT15M\r
        ACTION:DISPLAY\r
        END:VALARM\r
        END:VEVENT\r
        BEGIN:VTODO\r
        UID:two\r
        DUE;VALUE=DATE:20240110\r
        END:VTODO\r
        END:VCALENDAR\r

        """.utf8)

    /// Lines and columns inside the input: line at most the count of physical lines, column at most a line's length + 1.
    static func isInside(_ error: ICalendarError, _ bytes: [UInt8]) -> Bool {
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        return error.line >= 1 && error.line <= Swift.max(lines.count, 1) && error.column >= 1 && error.column <= bytes.count + 1
    }

    func testDamagedInputNeverTrapsAndIsLocated() {
        forAll(Damage.edits(in: Self.sample, maximumLength: 40, count: 1...4), runs: 500) { edits in
            let bytes = Damage.apply(edits, to: Self.sample, pieces: ["\r\n", "\n ", "BEGIN:VEVENT\n", "END:VTODO\n", ":", ";", "\""])
            for mode in [ICalendarReader.Mode.lenient, .strict] {
                do {
                    let read = try ICalendarReader(source: "d.ics", mode: mode).read(bytes)
                    for warning in read.warnings where !Self.isInside(warning.error, bytes) { throw TestFailure("outside: \(warning)") }
                    if mode == .strict && !read.warnings.isEmpty { throw TestFailure("strict warned: \(read.warnings)") }
                } catch let error as ICalendarError {
                    guard Self.isInside(error, bytes) else { throw TestFailure("outside: \(error)") }
                }
            }
            return true
        }
    }
}
