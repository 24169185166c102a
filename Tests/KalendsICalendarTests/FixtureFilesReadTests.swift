import KalendsICalendar
import XCTest

/// Every exporter-style fixture of Tests/Fixtures/ICalendar reads (leniently) without an error,
/// and the files that are not iCalendar at all are refused in both modes.
final class FixtureFilesReadTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ICalendar")

    static func files(withExtension suffix: String) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent.hasSuffix(suffix) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }

    func testEveryFixtureReads() throws {
        let files = Self.files(withExtension: ".ics")
        XCTAssertGreaterThan(files.count, 10, "fixtures not found under \(Self.root.path)")
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            XCTAssertNoThrow(try ICalendarReader(source: file.lastPathComponent).read(bytes), file.path)
        }
    }

    func testWhatIsNotICalendarIsRefused() throws {
        for name in ["defects/not-ical.txt", "defects/garbage.bin"] {
            let bytes = try [UInt8](Data(contentsOf: Self.root.appendingPathComponent(name)))
            for mode in [ICalendarReader.Mode.lenient, .strict] {
                XCTAssertThrowsError(try ICalendarReader(source: name, mode: mode).read(bytes), name)
            }
        }
    }
}
