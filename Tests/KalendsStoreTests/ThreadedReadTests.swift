import Foundation
import Kalends
import KalendsICalendar
@testable import KalendsStore
import XCTest

/// Large calendars are decoded and folders read on several threads; with
/// the chunks made tiny, every fixture (exporters' files, defective ones, a
/// vdir folder, a folder mixing good and bad files) must read exactly as
/// on one thread: the same calendar, the same warnings in order, in strict
/// mode the same first error.
final class ThreadedReadTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ICalendar")

    /// What a read gave, comparable: the calendar and warnings, or the error's text.
    enum Outcome: Equatable {
        case read(CalendarCollection, [ICalendarWarning])
        case failed(String)
    }

    static func outcome(_ path: String, mode: ICalendarReader.Mode, threaded: Bool) -> Outcome {
        var reader = CalendarFileReader(mode: mode)
        reader.componentsChunk = threaded ? 1 : Int.max
        reader.filesChunk = threaded ? 1 : Int.max
        do {
            let result = try reader.read(path)
            return .read(result.calendar, result.warnings)
        } catch {
            return .failed("\(error)")
        }
    }

    static func fixtures() -> [String] {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent.hasSuffix(".ics") { found.append(url.path) }
        }
        return found.sorted() + [root.appendingPathComponent("nextcloud-vdir/personal").path]
    }

    func testEveryFixtureReadsOnThreadsAsOnOne() {
        let paths = Self.fixtures()
        XCTAssertGreaterThan(paths.count, 10, "fixtures not found under \(Self.root.path)")
        for path in paths {
            for mode in [ICalendarReader.Mode.lenient, .strict] {
                XCTAssertEqual(Self.outcome(path, mode: mode, threaded: true), Self.outcome(path, mode: mode, threaded: false), "\(mode) \(path)")
            }
        }
    }

    func testAFolderOfGoodAndBadFilesReadsOnThreadsAsOnOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-threaded-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = Self.fixtures().filter { $0.hasSuffix(".ics") }
        for (index, path) in files.enumerated() {
            let name = String(format: "%03d-", index) + URL(fileURLWithPath: path).lastPathComponent
            try FileManager.default.copyItem(atPath: path, toPath: folder.appendingPathComponent(name).path)
        }
        let lenient = Self.outcome(folder.path, mode: .lenient, threaded: true)
        XCTAssertEqual(lenient, Self.outcome(folder.path, mode: .lenient, threaded: false))
        guard case .read(let calendar, let warnings) = lenient else { return XCTFail("the folder did not read: \(lenient)") }
        XCTAssertGreaterThan(calendar.events.count, 20)
        XCTAssertFalse(warnings.isEmpty, "the defective fixtures gave no warning")
        let strict = Self.outcome(folder.path, mode: .strict, threaded: true)
        XCTAssertEqual(strict, Self.outcome(folder.path, mode: .strict, threaded: false))
        guard case .failed = strict else { return XCTFail("strict read of defective files succeeded") }
    }
}
