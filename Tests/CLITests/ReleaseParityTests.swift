import Foundation
import Kalends
import KalendsCheck
import XCTest

/// The static release binary (what users build with `swift build -c
/// release`) against the debug binary the other CLI tests run: thousands of
/// generated commands, every calendar over its whole range, every zone of
/// the system's tzdata, RSCALE in every calendar and every subcommand, must
/// give identical stdout, stderr and exit status. They link differently
/// (static Foundation, static ICU), which once left the release binary
/// without zone names and trapping on Chinese dates while every test passed.
final class ReleaseParityTests: XCTestCase {
    /// The release binary: `KALENDS_RELEASE_BINARY`, else `.build/release/kalends`.
    static var releaseBinary: URL {
        if let path = ProcessInfo.processInfo.environment["KALENDS_RELEASE_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return CLI.repositoryRoot.appendingPathComponent(".build/release/kalends")
    }

    struct Command {
        let arguments: [String]
        var stdin: String? = nil
        /// `TZ` for the run (UTC when nil).
        var tz: String? = nil
    }

    func testReleaseAndDebugBinariesAgree() throws {
        if ProcessInfo.processInfo.environment["KALENDS_CLI_BINARY"] != nil {
            throw XCTSkip("KALENDS_CLI_BINARY is set: this pass runs the CLI tests on one binary; the two are compared in the default pass")
        }
        let release = Self.releaseBinary
        guard FileManager.default.isExecutableFile(atPath: release.path) else {
            if ProcessInfo.processInfo.environment["KALENDS_REQUIRE_RELEASE"] != nil {
                return XCTFail("no release binary at \(release.path): run swift build -c release first")
            }
            throw XCTSkip("no release binary at \(release.path) (swift build -c release builds it; .ci/run does)")
        }
        let debug = CLI.debugBinary
        let commands = try Self.commands()
        XCTAssertGreaterThan(commands.count, 2_000)
        var differences: [String] = []
        var failuresOfBoth = 0
        for command in commands {
            let environment = ["TZ": command.tz ?? "UTC", "KALENDS_NOW": "2024-03-15T12:00:00Z"]
            let a = CLI.run(command.arguments, stdin: command.stdin, environment: environment, binary: debug)
            let b = CLI.run(command.arguments, stdin: command.stdin, environment: environment, binary: release)
            if a.status > 1 { failuresOfBoth += 1 }
            if a.status != b.status || a.stdout != b.stdout || a.stderr != b.stderr {
                differences.append("kalends \(command.arguments.joined(separator: " ")): debug \(a.status) \(a.stderr.prefix(200)) "
                                   + "\(a.stdout.prefix(200)) | release \(b.status) \(b.stderr.prefix(200)) \(b.stdout.prefix(200))")
                if differences.count >= 10 { break }
            }
        }
        XCTAssertEqual(differences, [], "the release binary differs from the debug one")
        // Both binaries failing the same way (a trap is status 132 or 134) is no agreement.
        XCTAssertEqual(failuresOfBoth, 0, "commands that crashed or misused both binaries")
        print("ReleaseParityTests: \(commands.count) commands, each through both binaries")
    }

    /// The commands: a fixed part (each calendar, zone and subcommand) and a
    /// random part from the run's seed.
    static func commands() throws -> [Command] {
        var random = SplitMix64(seed: UInt64(ProcessInfo.processInfo.environment["KALENDS_SEED"].flatMap { UInt64($0) } ?? 23))
        // `next(upTo:)` is inclusive.
        func pick<T>(_ items: [T]) -> T { items[Int(random.next(upTo: UInt64(items.count - 1)))] }
        func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next(upTo: UInt64(range.upperBound - range.lowerBound))) }
        let iso = GregorianCalendar(.iso8601)
        func isoDate(_ day: Int) -> String { (try? iso.date(dayNumber: day).description) ?? "2024-01-01" }
        let anyDay = { int(DayNumber.supported.lowerBound...DayNumber.supported.upperBound) }
        let recentDay = { int(-25_567...47_482) }  // 1900 ... 2099
        let calendars = CalendarID.allCases.map(\.rawValue)
        var commands: [Command] = [Command(arguments: ["calendars"]), Command(arguments: ["calendars", "--json"]),
                                   Command(arguments: ["--version"]), Command(arguments: ["convert", "today"])]

        // Every calendar over its whole range: batches of days, text and JSON, both engines that ship.
        for calendar in calendars {
            for round in 0..<6 {
                let days = (0..<40).map { _ in round % 2 == 0 ? anyDay() : recentDay() }
                let input = days.map(isoDate).joined(separator: "\n") + "\n"
                commands.append(Command(arguments: ["convert", "-", "--to", calendar] + (round < 3 ? [] : ["--json"]), stdin: input))
            }
            for engine in ["reference", "icu", "foundation"] {
                commands.append(Command(arguments: ["convert", isoDate(recentDay()), "--to", calendar, "--engine", engine]))
                commands.append(Command(arguments: ["convert", isoDate(anyDay()), "--to", calendar, "--engine", engine]))
            }
            // Back again: the calendar's own dates read.
            let back = (0..<20).map { _ in isoDate(anyDay()) }
            let converted = CLI.run(["convert", "-", "--to", calendar, "--json"], stdin: back.joined(separator: "\n") + "\n", binary: CLI.debugBinary)
            let codes = converted.jsonLines().compactMap { $0["date"] as? String ?? $0["code"] as? String }
            if !codes.isEmpty {
                commands.append(Command(arguments: ["convert", "-", "--from", calendar, "--to", "iso8601"], stdin: codes.joined(separator: "\n") + "\n"))
            }
            commands.append(Command(arguments: ["add", isoDate(recentDay()), pick(["P1M", "P1Y", "-P13M", "P3W2D", "P100Y"]), "--calendar", calendar]))
            commands.append(Command(arguments: ["diff", isoDate(recentDay()), isoDate(recentDay()), "--calendar", calendar]))
            commands.append(Command(arguments: ["month", isoDate(recentDay()).prefix(7).description, "--calendar", calendar]))
            commands.append(Command(arguments: ["days", isoDate(recentDay()), isoDate(recentDay() + 40), "--unit", "month", "--calendar", calendar]))
            // RSCALE in every calendar, with SKIP.
            for frequency in ["MONTHLY", "YEARLY"] {
                let skip = pick(["OMIT", "FORWARD", "BACKWARD"])
                commands.append(Command(arguments: ["recur", "--dtstart", isoDate(recentDay()), "--rrule",
                                                    "RSCALE=\(calendar.uppercased());FREQ=\(frequency);COUNT=6;SKIP=\(skip)"]))
            }
        }

        // Every zone of the system's tzdata: its days across a random span, DST changes included.
        for zone in try Self.zoneNames() {
            let start = recentDay()
            commands.append(Command(arguments: ["days", isoDate(start), isoDate(start + int(1...60)), "--tz", zone]))
            if random.next(upTo: 2) == 0 {
                commands.append(Command(arguments: ["recur", "--dtstart", isoDate(recentDay()) + "T02:30", "--tz", zone, "--rrule", "FREQ=WEEKLY;COUNT=30"]))
                commands.append(Command(arguments: ["add", isoDate(recentDay()) + "T01:30", "PT\(int(1...30))H", "--tz", zone]))
            }
        }
        // The system zone as TZ names it.
        for tz in ["America/New_York", "EST5EDT,M3.2.0,M11.1.0", ":Europe/Paris", "JST-9", "Pacific/Kiritimati",
                   "/usr/share/zoneinfo/Asia/Tokyo", "garbage", "<+0330>-3:30", "AEST-10AEDT,M10.1.0,M4.1.0/3"] {
            commands.append(Command(arguments: ["days", "2024-03-09", "2024-03-12"], tz: tz))
            commands.append(Command(arguments: ["convert", "today", "--to", "iso8601"], tz: tz))
            commands.append(Command(arguments: ["month"], tz: tz))
        }

        // The rest of the subcommands.
        for _ in 0..<300 {
            let year = int(1...9999)
            commands.append(Command(arguments: ["easter", "\(year)"] + (random.next(upTo: 1) == 0 ? ["--orthodox"] : [])))
            commands.append(Command(arguments: ["anniversary", isoDate(recentDay()), "--kind", pick(["birthday", "yahrzeit"]), "--years", "3"]))
            commands.append(Command(arguments: ["layout", CLI.repositoryRoot.appendingPathComponent("Examples/day.json").path,
                                                "--tz", pick(["UTC", "America/New_York", "Europe/London", "Australia/Lord_Howe"]), "--json"]))
        }
        // Calendar files: every fixture (Windows zone names through ICU, RSCALE
        // events, VTIMEZONEs, vdir folders, defects), in windows around each one's query.
        let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/ICalendar").path
        let calendarFiles = ["google/work.ics", "outlook/meetings.ics", "apple/home.ics", "thunderbird/tasks.ics", "nextcloud-vdir/personal",
                         "rscale/hebrew.ics", "rscale/chinese-2024.ics", "rscale/chinese-2025-leap.ics", "rscale/gregorian-skip.ics",
                         "defects/bad-date.ics", "defects/unknown-tzid.ics", "defects/wrong-end.ics", "defects/not-ical.txt"]
        for calendar in calendarFiles {
            let path = fixtures + "/" + calendar
            let zone = pick(["UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo"])
            for _ in 0..<4 {
                let from = isoDate(int(19_000...20_500))
                commands.append(Command(arguments: ["agenda", path, "--from", from, "--days", "\(int(1...60))", "--tz", zone, "--json"]))
            }
            commands.append(Command(arguments: ["agenda", path, "--from", "2024-03-01", "--days", "31", "--tz", zone, "--strict"]))
            commands.append(Command(arguments: ["reminders", path, "--all", "--tz", zone, "--json"]))
            commands.append(Command(arguments: ["alarms", path, "--from", "2024-01-01", "--days", "400", "--tz", zone, "--json"]))
            commands.append(Command(arguments: ["month", "2024-03", "--ics", path, "--counts", "--tz", zone]))
            commands.append(Command(arguments: ["layout", path, "--day", isoDate(int(19_700...20_000)), "--tz", zone]))
        }
        return commands
    }

    /// Zone names, from the system's zone files (the same walk as the library's tests).
    static func zoneNames() throws -> [String] {
        let root = "/usr/share/zoneinfo"
        guard let walker = FileManager.default.enumerator(atPath: root) else { throw XCTSkip("no zone directory at \(root)") }
        var names: [String] = []
        while let path = walker.nextObject() as? String {
            if path.hasPrefix("right") || path.hasPrefix("posix") || path == "localtime" { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let contents = FileManager.default.contents(atPath: root + "/" + path) else { continue }
            if contents.prefix(4) == Data("TZif".utf8) { names.append(path) }
        }
        return names.sorted()
    }
}
