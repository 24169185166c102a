import Foundation
import XCTest

/// `kalends contacts` and `kalends birthdays` on the vCard fixtures: folders
/// of address books, the exit statuses of bad input, and the options.
final class ContactsCLITests: XCTestCase {
    static let fixtures = CLI.repositoryRoot.appendingPathComponent("Tests/Fixtures/VCard")

    func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-contacts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory
    }

    /// A folder of vdir folders reads each as an address book; every fixture's contacts are listed once.
    func testAFolderOfAddressBooksMerges() throws {
        let root = try scratch()
        let family = root.appendingPathComponent("family"), work = root.appendingPathComponent("work")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("nextcloud"), to: family)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("outlook-21.vcf"), to: work.appendingPathComponent("j.vcf"))
        let list = CLI.run(["contacts", "list", root.path])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stdout.split(separator: "\n").map { $0.split(separator: " ").prefix(2).joined(separator: " ") },
                       ["Cohen family", "Jürgen Müller", "Moshe Cohen", "Yael Cohen"])
        CLI.assertError(CLI.run(["contacts", "list", try scratch().path]), status: 1, contains: "no .vcf items and no address book folders")
    }

    func testBadInputAndOptions() throws {
        let calendar = CLI.repositoryRoot.appendingPathComponent("Examples/team.ics").path
        CLI.assertError(CLI.run(["contacts", "list", calendar]), status: 1, contains: "not a vCard: the first line is 'BEGIN:VCALENDAR', not BEGIN:VCARD")
        CLI.assertError(CLI.run(["contacts", "list", Self.fixtures.appendingPathComponent("defects.vcf").path, "--strict"]), status: 1,
                        contains: "defects.vcf:11:33:")
        let lenient = CLI.run(["contacts", "list", Self.fixtures.appendingPathComponent("defects.vcf").path])
        XCTAssertEqual(lenient.status, 0)
        XCTAssertEqual(lenient.stderr.split(separator: "\n").count, 5, lenient.stderr)
        XCTAssertEqual(lenient.stdout.split(separator: "\n").count, 3)
        CLI.assertError(CLI.run(["contacts", "remove", "x.vcf"]), status: 2, contains: "'contacts' takes list or show")
        CLI.assertError(CLI.run(["contacts", "show", Self.fixtures.appendingPathComponent("google.vcf").path, "Nobody"]), status: 1,
                        contains: "no contact with UID or name 'Nobody'")
        let friends = CLI.repositoryRoot.appendingPathComponent("Examples/friends.vcf").path
        CLI.assertError(CLI.run(["birthdays", friends, "--leap-day", "feb29"]), status: 2, contains: "--leap-day")
        CLI.assertError(CLI.run(["birthdays", friends, "--json", "--ics"]), status: 2, contains: "give one of --json and --ics")
    }

    /// `--leap-day mar1` moves 29 February to 1 March in a common year; a leap year keeps it.
    func testLeapDayRule() {
        let friends = CLI.repositoryRoot.appendingPathComponent("Examples/friends.vcf").path
        let march = CLI.run(["birthdays", friends, "--from", "2027-02-27", "--days", "3", "--leap-day", "mar1", "--json"])
        XCTAssertEqual(march.status, 0, march.stderr)
        XCTAssertTrue(march.stdout.contains("\"date\":\"2027-03-01\",\"uid\":\"yael-cohen\""), march.stdout)
        let leap = CLI.run(["birthdays", friends, "--from", "2028-02-27", "--days", "3", "--leap-day", "mar1", "--json"])
        XCTAssertTrue(leap.stdout.contains("\"date\":\"2028-02-29\",\"uid\":\"yael-cohen\""), leap.stdout)
    }
}
