import Foundation
import XCTest

/// Kalends beside programs that write the same files without its lock,
/// as vdirsyncer and khal do (a temporary file renamed over the calendar):
/// none of their writes may be lost, however close they come to Kalends' own.
final class OtherWritersCLITests: XCTestCase {
    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-writers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// Another program that adds an event the way vdirsyncer and khal write:
    /// read the file, write the whole new file to a temporary one beside it,
    /// rename it over, with no lock and no check.
    final class Replacer: @unchecked Sendable {
        let path: String
        let writes: Int
        private(set) var written: [String] = []

        init(path: String, writes: Int) {
            self.path = path
            self.writes = writes
        }

        func run() {
            for index in 0..<writes {
                guard let text = try? String(contentsOfFile: path, encoding: .utf8), let end = text.range(of: "END:VCALENDAR", options: .backwards) else { continue }
                let uid = "other-\(index)@writers.test"
                let event = "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240301T\(String(format: "%02d", index % 24))0000Z\r\n"
                    + "DURATION:PT15M\r\nSUMMARY:Other \(index)\r\nEND:VEVENT\r\n"
                var new = text
                new.insert(contentsOf: event, at: end.lowerBound)
                let temporary = path + ".tmp-\(index)"
                guard FileManager.default.createFile(atPath: temporary, contents: Data(new.utf8)), rename(temporary, path) == 0 else { continue }
                written.append(uid)
                usleep(UInt32.random(in: 2_000...15_000))
            }
        }
    }

    /// Kalends' edits (8 processes adding 5 events each) while another
    /// program replaces the file 80 times, every few milliseconds: every event the other program
    /// wrote is in the file at the end; the file reads strictly.
    func testAnotherProgramsAtomicWritesAreNeverLost() throws {
        let path = try scratch().appendingPathComponent("shared.ics").path
        let empty = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n"
        try Data(empty.utf8).write(to: URL(fileURLWithPath: path))
        let processes = (0..<8).map { writer in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            let adds = (0..<5).map { index in
                "'\(CLI.binary.path)' event add '\(path)' --title 'K\(writer) E\(index)' --start 2024-03-\(10 + index)T09:00:00Z --duration PT1H >/dev/null || exit 1"
            }
            process.arguments = ["-c", adds.joined(separator: "\n")]
            return process
        }
        let other = Replacer(path: path, writes: 80)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            other.run()
            finished.signal()
        }
        for process in processes { try process.run() }
        thread.start()
        for process in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        finished.wait()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lost = other.written.filter { !text.contains("UID:\($0)") }
        XCTAssertEqual(lost, [], "the other program's events lost")
        XCTAssertGreaterThanOrEqual(other.written.count, 70)
        let agenda = CLI.run(["agenda", path, "--from", "2024-03-01", "--days", "30", "--tz", "UTC", "--json", "--strict"])
        XCTAssertEqual(agenda.status, 0, agenda.stderr)
        // Kalends' own may be lost by the other program, which writes without looking: counted, not required.
        let kalends = agenda.stdout.split(separator: "\n").filter { $0.contains("\"title\":\"K") }.count
        print("kalends events kept: \(kalends) of 40; the other program's: \(other.written.count) of \(other.written.count)")
    }
}
