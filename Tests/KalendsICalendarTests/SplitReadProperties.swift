import Kalends
import KalendsCheck
import XCTest
@testable import KalendsICalendar

/// A large input is read in parts on several cores (`ICalendarReader`'s
/// split read): the parts joined must be exactly the one-pass read, the
/// tree, every warning in order, and in strict mode the first error, on
/// valid, generated and damaged input, for any number of parts.
final class SplitReadProperties: XCTestCase {
    /// The sample calendar with its VEVENT and VTODO repeated, so there are
    /// many lines a part may start at.
    static let many: [UInt8] = {
        let text = String(decoding: ContentLineProperties.sample, as: UTF8.self)
        guard let eventStart = text.range(of: "BEGIN:VEVENT"), let end = text.range(of: "END:VCALENDAR") else { return [] }
        let body = String(text[eventStart.lowerBound..<end.lowerBound])
        let repeated = (0..<12).map { body.replacingOccurrences(of: "UID:one", with: "UID:one-\($0)") }.joined()
        return Array((String(text[..<eventStart.lowerBound]) + repeated + String(text[end.lowerBound...])).utf8)
    }()

    /// Whether `bytes` are really read in parts (not left to one pass).
    static func splits(_ bytes: [UInt8], mode: ICalendarReader.Mode, parts: Int) -> Bool {
        let reader = ICalendarReader(source: "s.ics", mode: mode)
        return bytes.withUnsafeBufferPointer { buffer in ((try? reader.splitRead(buffer, parts: parts)) ?? nil) != nil }
    }

    /// The read in `parts` parts is the one-pass read, in both modes.
    static func assertSame(_ bytes: [UInt8], parts: Int) throws {
        for mode in [ICalendarReader.Mode.lenient, .strict] {
            let both = Self.both(bytes, mode: mode, parts: parts)
            guard both.one == both.split else {
                throw TestFailure("\(mode), \(parts) parts: \(both.split) instead of \(both.one)")
            }
        }
    }

    /// The one-pass read and the read in `parts` parts, as results to compare.
    static func both(_ bytes: [UInt8], mode: ICalendarReader.Mode, parts: Int)
        -> (one: Result<ICalendarDocument, ICalendarError>, split: Result<ICalendarDocument, ICalendarError>) {
        let reader = ICalendarReader(source: "s.ics", mode: mode)
        let read = { (count: Int) in
            bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(ICalendarError) in try reader.read(buffer, parts: count) }
            }
        }
        return (read(1), read(parts))
    }

    func testTheSampleIsReallySplit() throws {
        let reader = ICalendarReader(source: "s.ics", mode: .lenient)
        for parts in 2...6 {
            let tree = try Self.many.withUnsafeBufferPointer { buffer throws(ICalendarError) in try reader.splitRead(buffer, parts: parts) }
            XCTAssertNotNil(tree, "\(parts) parts: the split fell back to one pass")
            let both = Self.both(Self.many, mode: .lenient, parts: parts)
            XCTAssertEqual(try both.split.get(), try both.one.get())
            XCTAssertEqual(try both.one.get().components(named: "VEVENT").count, 12)
        }
    }

    /// What the fuzzer found (Fuzz/Corpus/ical): a part that met an empty TZID first
    /// did not record it, where one pass (having met another TZID before) did.
    func testTheFuzzersFindingsReadInPartsAsInOnePass() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/ical")
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        XCTAssertTrue(names.contains("split-differs-1"))
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name)))
            for parts in 2...4 { try Self.assertSame(bytes, parts: parts) }
        }
    }

    func testAReadInPartsIsTheOnePassReadOnDamagedInput() {
        let pieces = ["\r\nBEGIN:VEVENT\r\n", "\nEND:VEVENT\n", "\nBEGIN:VTODO\n", "\r\nEND:VCALENDAR\r\n", "\nBEGIN:VCALENDAR\n", "\n ", ":"]
        forAll(Gen.zip(Damage.edits(in: Self.many, maximumLength: 60, count: 0...5), Gen<Int>.int(in: 2...5)), runs: 400) { edits, parts in
            let bytes = Damage.apply(edits, to: Self.many, pieces: pieces)
            try Self.assertSame(bytes, parts: parts)
            // Most damaged files are still split (the comparison is not one pass against itself).
            cover(minPercent: 40, Self.splits(bytes, mode: .lenient, parts: parts), "split")
            return true
        }
    }

    func testAReadInPartsIsTheOnePassReadOnGeneratedTrees() {
        let events = Gen.zip(ContentLineProperties.property.array(count: 0...3), ContentLineProperties.component(depth: 1).array(count: 0...2))
            .map { ICalendarComponent(name: "VEVENT", properties: $0, components: $1) }
        let calendars = Gen.zip(ContentLineProperties.property.array(count: 0...2), events.array(count: 1...8))
            .map { ICalendarComponent(name: "VCALENDAR", properties: $0, components: $1) }
        forAll(Gen.zip(calendars.array(count: 1...2), ContentLineProperties.lineEnds, Gen<Int>.int(in: 2...4)), runs: 300) { calendars, end, parts in
            let source = calendars.flatMap(TestWriter(lineEnd: end).write)
            try Self.assertSame(source, parts: parts)
            // (Children named VEVENT make some lines no place to split.)
            cover(minPercent: 20, Self.splits(source, mode: .lenient, parts: parts), "split")
            return true
        }
    }
}
