import Foundation
import XCTest

/// The configuration file: the reading commands without FILE, the editing
/// commands' target, `kalends config` and its problems.
final class ConfigCLITests: XCTestCase {
    var home: URL!

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-home-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: CLI.repositoryRoot.appendingPathComponent("Examples/home"), to: home)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: home)
    }

    /// `kalends` with HOME at the copy of Examples/home, its configuration file found as a user's is.
    func run(_ arguments: [String], _ extra: [String: String] = [:]) -> CLIResult {
        var environment = ["HOME": home.path, "KALENDS_CONFIG": "", "XDG_CONFIG_HOME": ""]
        for (key, value) in extra { environment[key] = value }
        return CLI.run(arguments, environment: environment)
    }

    var config: URL { home.appendingPathComponent(".config/kalends/config") }

    func testReadingCommandsReadTheConfiguredCollections() throws {
        let agenda = run(["agenda", "--from", "2024-03-11", "--days", "3"])
        XCTAssertEqual(agenda.status, 0, agenda.stderr)
        XCTAssertEqual(agenda.stderr, "")
        // [view] tz is New York; two calendars, so each row names its own.
        XCTAssertTrue(agenda.stdout.hasPrefix("Monday 2024-03-11\n  09:30-09:45  Standup (Room 4)  [Work]\n"), agenda.stdout)
        XCTAssertTrue(agenda.stdout.contains("  13:30-14:30  Yoga  [Personal]"), agenda.stdout)
        // The same as naming the folders, with --tz.
        let named = run(["agenda", home.appendingPathComponent(".calendars").path, "--from", "2024-03-11", "--days", "3", "--tz", "America/New_York"])
        XCTAssertEqual(named.stdout, agenda.stdout)
        // Colors reach the JSON.
        let json = run(["agenda", "--from", "2024-03-11", "--days", "1", "--json"])
        XCTAssertTrue(json.stdout.contains(##""calendar":"Work","color":"#d06b64""##), json.stdout)
        // The other reading commands.
        XCTAssertTrue(run(["reminders"]).stdout.contains("Groceries"))
        XCTAssertEqual(run(["alarms", "--from", "2024-03-11"]).status, 0)
        XCTAssertTrue(run(["month", "2024-03", "--ics"]).stdout.contains("11*"))
        XCTAssertTrue(run(["view", "day", "2024-03-13"]).stdout.contains("Offsite"))
        XCTAssertTrue(run(["view", "week", "2024-03-11", "--svg"]).stdout.contains(##"stroke="#d06b64""##))
        XCTAssertTrue(run(["contacts", "list"]).stdout.contains("Anna Levi"))
        let show = run(["event", "show", "offsite@work.example"])
        XCTAssertEqual(show.status, 0, show.stderr)
        XCTAssertTrue(show.stdout.contains("José Díaz"), show.stdout)
        XCTAssertTrue(run(["search", "ana ruiz"]).stdout.contains("Offsite"), "the organizer's name is searched")
        XCTAssertEqual(run(["birthdays", "--from", "2024-01-01", "--days", "366"]).status, 0)
    }

    func testEditsWithoutFileGoWhereTheConfigurationSays() throws {
        // No FILE: [calendars] default.
        let added = run(["event", "add", "--title", "Dentist", "--start", "2024-03-14T08:00", "--duration", "PT1H", "--tz", "America/New_York"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let uid = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let personal = home.appendingPathComponent(".calendars/personal")
        let files = try FileManager.default.contentsOfDirectory(atPath: personal.path).filter { $0.hasSuffix(".ics") }
        XCTAssertEqual(files.count, 3)
        // --in NAME: the collection of that displayname (any case).
        let work = run(["event", "add", "--in", "work", "--title", "Review", "--start", "2024-03-14T10:00", "--duration", "PT1H"])
        XCTAssertEqual(work.status, 0, work.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent(".calendars/work").path).filter { $0.hasSuffix(".ics") }.count, 4)
        // A UID alone: the collection that holds it.
        XCTAssertEqual(run(["event", "edit", uid, "--title", "Dentist (moved)"]).status, 0)
        XCTAssertTrue(run(["agenda", "--from", "2024-03-14", "--days", "1"]).stdout.contains("Dentist (moved)"))
        XCTAssertEqual(run(["event", "remove", "standup@work.example", "--occurrence", "2024-03-13T09:30", "--tz", "America/New_York"]).status, 0)
        XCTAssertFalse(run(["agenda", "--from", "2024-03-13", "--days", "1"]).stdout.contains("Standup"))
        XCTAssertEqual(run(["reminder", "done", "a-groceries@kalends.example"]).status, 0)
        // Contacts: the only address book.
        let contact = run(["contacts", "add", "--name", "Noa Bar"])
        XCTAssertEqual(contact.status, 0, contact.stderr)
        XCTAssertTrue(String(decoding: try Data(contentsOf: home.appendingPathComponent(".contacts/friends.vcf")), as: UTF8.self).contains("FN:Noa Bar"))
        // import without --into: the default calendar; export without FILE: every configured one.
        let imported = run(["import", CLI.repositoryRoot.appendingPathComponent("Examples/invitation.ics").path])
        XCTAssertEqual(imported.stdout, "added planning@example.com\n", imported.stderr)
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: personal.path).contains { $0.hasPrefix("planning") })
        let exported = run(["export"])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        for uid in ["planning@example.com", "standup@work.example", "b-yoga@kalends.example", "a-groceries@kalends.example"] {
            XCTAssertTrue(exported.stdout.contains("UID:\(uid)\r\n"), uid)
        }
        // Refusals.
        CLI.assertError(run(["event", "remove", "nobody@example"]), status: 1, contains: "no event or reminder has that UID in the configured calendars")
        CLI.assertError(run(["event", "add", "--in", "Holidays", "--title", "x", "--start", "2024-03-14", "--all-day"]), status: 1,
                        contains: "--in 'Holidays': no collection of [calendars] has that name (known: 'Personal', 'Work')")
        CLI.assertError(run(["event", "add", personal.path, "--in", "Work", "--title", "x", "--start", "2024-03-14", "--all-day"]), status: 2,
                        contains: "give FILE or --in NAME, not both")
    }

    func testConfigShowsTheCollectionsAndItsProblems() throws {
        let shown = run(["config"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertEqual(shown.stdout, """
            configuration: ~/.config/kalends/config
            calendars:
              Personal  ~/.calendars/personal  2 items  #3a87adff
              Work      ~/.calendars/work  3 items  #d06b64ff
            contacts:
              friends.vcf  ~/.contacts/friends.vcf  5 contacts
            default: ~/.calendars/personal
            view: tz America/New_York
            problems: none

            """)
        try """
            [calendars]
            paths = ~/.calendars/*, ~/elsewhere/*
            [view]
            tz = Mars/Olympus
            colour = red

            """.write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".calendars/empty"), withIntermediateDirectories: true)
        let problems = run(["config"])
        XCTAssertEqual(problems.status, 1)
        XCTAssertTrue(problems.stdout.hasSuffix("""
            problems:
              line 5: unknown key 'colour' in [view]
              [calendars] paths, line 2: '\(home.path)/.calendars/empty': no .ics items and no collection folders
              [calendars] paths, line 2: '\(home.path)/elsewhere/*': matches nothing
              line 4: [view] tz 'Mars/Olympus': no zone has that name

            """), problems.stdout)
        let json = run(["config", "--json"])
        XCTAssertEqual(json.status, 1)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((object["problems"] as? [String])?.count, 4)
        XCTAssertEqual((object["calendars"] as? [[String: Any]])?.map { $0["name"] as? String }, ["Personal", "Work"])
        // The reading commands warn of the problems and read what is there; a bad zone is an error at its line.
        let agenda = run(["agenda", "--from", "2024-03-11", "--tz", "UTC"])
        XCTAssertEqual(agenda.status, 0, agenda.stderr)
        XCTAssertTrue(agenda.stderr.contains("kalends: warning: ~/.config/kalends/config:5: unknown key 'colour' in [view]"), agenda.stderr)
        XCTAssertTrue(agenda.stderr.contains("matches nothing"), agenda.stderr)
        let zone = run(["agenda", "--from", "2024-03-11"])
        XCTAssertEqual(zone.status, 1)
        XCTAssertTrue(zone.stderr.contains("kalends: error: ~/.config/kalends/config:4: [view] tz: unknown time zone 'Mars/Olympus'"), zone.stderr)
    }

    func testWithoutConfigurationFileIsNeededAndBadLinesAreErrors() throws {
        try FileManager.default.removeItem(at: config)
        let missing = run(["agenda"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("give FILE, or name the calendars in ~/.config/kalends/config"), missing.stderr)
        let shown = run(["config"])
        XCTAssertEqual(shown.status, 0)
        XCTAssertTrue(shown.stdout.hasPrefix("configuration: ~/.config/kalends/config (no such file: nothing configured)\n"), shown.stdout)
        try "[calendars]\npaths ~/.calendars/*\n".write(to: config, atomically: true, encoding: .utf8)
        CLI.assertError(run(["agenda"]), status: 1, contains: "~/.config/kalends/config:2: not 'key = value', a [section] or a # comment: 'paths ~/.calendars/*'")
        // KALENDS_CONFIG, then XDG_CONFIG_HOME, name the file.
        let other = home.appendingPathComponent("other.conf")
        try "[calendars]\npaths = ~/.calendars/work\n".write(to: other, atomically: true, encoding: .utf8)
        let agenda = run(["agenda", "--from", "2024-03-11", "--days", "1", "--tz", "UTC"], ["KALENDS_CONFIG": other.path])
        XCTAssertEqual(agenda.stdout, "Monday 2024-03-11\n  13:30-13:45  Standup (Room 4)\n", agenda.stderr)
        // A folder that holds nothing is an error, never an empty answer.
        try "[calendars]\npaths = ~/.contacts\n".write(to: other, atomically: true, encoding: .utf8)
        let nothing = run(["agenda"], ["KALENDS_CONFIG": other.path])
        XCTAssertEqual(nothing.status, 1)
        XCTAssertTrue(nothing.stderr.hasSuffix("kalends: error: ~/other.conf: its [calendars] paths name no collection (see 'kalends config')\n"), nothing.stderr)
        XCTAssertTrue(nothing.stderr.contains("kalends: warning: ~/other.conf: [calendars] paths, line 2: "), nothing.stderr)
    }

    func testViewSettingsAreBlamedOnTheirLineAndABrokenFileSparesCommandsGivenFile() throws {
        try "[calendars]\npaths = ~/.calendars/*\n[view]\nalso = nosuchcal\nlocale = xx-invalid-zz\n".write(to: config, atomically: true, encoding: .utf8)
        CLI.assertError(run(["view", "month", "2024-03-01", "--text"]), status: 1, contains: "~/.config/kalends/config:4: [view] also: unknown calendar 'nosuchcal'")
        CLI.assertError(run(["view", "month", "2024-03-01", "--text", "--also", "hebrew"]), status: 1, contains: "~/.config/kalends/config:5: [view] locale")
        // A file that does not read: an error for a command that needs it, a warning for one given FILE.
        try Data([0x5B, 0xFF, 0xFE, 0x0A]).write(to: config)
        CLI.assertError(run(["agenda"]), status: 1, contains: "is not UTF-8 text")
        let given = run(["agenda", home.appendingPathComponent(".calendars/work").path, "--from", "2024-03-11", "--days", "1"])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertEqual(given.stdout, "Monday 2024-03-11\n  13:30-13:45  Standup (Room 4)\n")
        XCTAssertTrue(given.stderr.hasPrefix("kalends: warning: ") && given.stderr.contains("(the configuration is not used)"), given.stderr)
    }
}
