import Foundation
import Kalends
@testable import KalendsICalendar
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

    /// A read on one thread, or on three (forced, whatever the machine's cores) with tiny chunks.
    static func outcome(_ path: String, mode: ICalendarReader.Mode, threaded: Bool) -> Outcome {
        var reader = CalendarFileReader(mode: mode)
        reader.componentsChunk = threaded ? 1 : Int.max
        reader.filesChunk = threaded ? 1 : Int.max
        Parallel.forcedWorkers.withLock { $0 = threaded ? 3 : nil }
        defer { Parallel.forcedWorkers.withLock { $0 = nil } }
        do {
            let results = try reader.read(path)
            guard results.count == 1 else { return .failed("\(results.count) calendars") }
            return .read(results[0].calendar, results[0].warnings)
        } catch {
            return .failed("\(error)")
        }
    }

    /// The threads started while `body` ran.
    static func threads(_ body: () -> Void) -> Int {
        let before = Parallel.threadsStarted.withLock { $0 }
        body()
        return Parallel.threadsStarted.withLock { $0 } - before
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
        var started = 0
        for path in paths {
            for mode in [ICalendarReader.Mode.lenient, .strict] {
                var threaded: Outcome?
                started += Self.threads { threaded = Self.outcome(path, mode: mode, threaded: true) }
                XCTAssertEqual(threaded, Self.outcome(path, mode: mode, threaded: false), "\(mode) \(path)")
            }
        }
        // The threaded path ran: files of more than one component were decoded on several threads.
        XCTAssertGreaterThan(started, paths.count)
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
        var lenient = Outcome.failed("not read")
        XCTAssertGreaterThanOrEqual(Self.threads { lenient = Self.outcome(folder.path, mode: .lenient, threaded: true) }, 2)
        XCTAssertEqual(lenient, Self.outcome(folder.path, mode: .lenient, threaded: false))
        guard case .read(let calendar, let warnings) = lenient else { return XCTFail("the folder did not read: \(lenient)") }
        XCTAssertGreaterThan(calendar.events.count, 20)
        XCTAssertFalse(warnings.isEmpty, "the defective fixtures gave no warning")
        let strict = Self.outcome(folder.path, mode: .strict, threaded: true)
        XCTAssertEqual(strict, Self.outcome(folder.path, mode: .strict, threaded: false))
        guard case .failed = strict else { return XCTFail("strict read of defective files succeeded") }
    }
}
