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
        CLI.assertError(CLI.run(["contacts", "delete", "x.vcf"]), status: 2, contains: "'contacts' takes list, show, add, edit or remove")
        CLI.assertError(CLI.run(["contacts", "show", Self.fixtures.appendingPathComponent("google.vcf").path, "Nobody"]), status: 1,
                        contains: "no contact with UID or name 'Nobody'")
        let friends = CLI.repositoryRoot.appendingPathComponent("Examples/friends.vcf").path
        CLI.assertError(CLI.run(["birthdays", friends, "--leap-day", "feb29"]), status: 2, contains: "--leap-day")
        CLI.assertError(CLI.run(["birthdays", friends, "--json", "--ics"]), status: 2, contains: "give one of --json and --ics")
    }

    /// add, edit and remove through the command line, on a file and on a vdir folder.
    func testEditingContacts() throws {
        let root = try scratch()
        let file = root.appendingPathComponent("friends.vcf").path
        let add = CLI.run(["contacts", "add", file, "--name", "Anna Levi", "--phone", "cell:+972 50 123 4567", "--email", "home:anna@example.com",
                           "--address", "home:12 Herzl St;Haifa;;3200000;Israel", "--birthday-calendar", "hebrew", "--birthday", "5744-M06-14",
                           "--note", "Met in Haifa"])
        XCTAssertEqual(add.status, 0, add.stderr)
        let uid = add.stdout.trimmingCharacters(in: .newlines)
        XCTAssertEqual(uid.count, 36, uid)
        let show = CLI.run(["contacts", "show", file, uid, "--json"])
        XCTAssertEqual(show.status, 0, show.stderr)
        for field in ["\"given\":\"Anna\"", "\"family\":\"Levi\"", "\"otherBirthdays\":[\"hebrew 5744-M06-14\"]", "\"note\":\"Met in Haifa\"",
                      "\"locality\":\"Haifa\"", "\"version\":\"3.0\""] {
            XCTAssertTrue(show.stdout.contains(field), field + " in " + show.stdout)
        }
        // Her Hebrew birthday in a common year is 14 Adar; the agenda shows it as the calendar "Birthdays".
        let agenda = CLI.run(["agenda", file, "--from", "2026-03-01", "--days", "5", "--tz", "UTC", "--json"])
        XCTAssertTrue(agenda.stdout.contains("\"start\":\"2026-03-03\""), agenda.stdout)
        XCTAssertTrue(agenda.stdout.contains("\"calendar\":\"Birthdays\""), agenda.stdout)

        let before = try String(contentsOfFile: file, encoding: .utf8)
        let edit = CLI.run(["contacts", "edit", file, uid, "--add-phone", "work:+972 4 829 0000", "--remove-email", "ANNA@example.com",
                            "--note", "", "--birthday", "--03-18"])
        XCTAssertEqual(edit.status, 0, edit.stderr)
        let after = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(after.contains("TEL;TYPE=CELL:+972 50 123 4567\r\nTEL;TYPE=WORK:+972 4 829 0000\r\n"), after)
        XCTAssertFalse(after.contains("EMAIL") || after.contains("NOTE"), after)
        XCTAssertTrue(after.contains("X-ALTBDAY;CALSCALE=hebrew:-57440714\r\nBDAY:--03-18\r\n"), after)
        XCTAssertTrue(before.contains("ADR;TYPE=HOME:;;12 Herzl St;Haifa;;3200000;Israel\r\n") && after.contains("ADR;TYPE=HOME:;;12 Herzl St;Haifa;;3200000;Israel\r\n"))

        // Refusals: exit 1 and the file unchanged; usage mistakes exit 2.
        CLI.assertError(CLI.run(["contacts", "edit", file, uid, "--remove-phone", "+1 555"]), status: 1, contains: "has no phone '+1 555'")
        CLI.assertError(CLI.run(["contacts", "edit", file, "nobody", "--note", "x"]), status: 1, contains: "no contact with UID 'nobody'")
        CLI.assertError(CLI.run(["contacts", "edit", root.appendingPathComponent("none.vcf").path, uid, "--note", "x"]), status: 1,
                        contains: "cannot be read: no such file or directory")
        CLI.assertError(CLI.run(["contacts", "remove", root.appendingPathComponent("none.vcf").path, uid]), status: 1, contains: "cannot be read")
        CLI.assertError(CLI.run(["contacts", "add", file, "--name", "Mei", "--birthday-calendar", "chinese", "--birthday", "1984-M13-01"]),
                        status: 1, contains: "--birthday")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), after)
        CLI.assertError(CLI.run(["contacts", "add", file, "--phone", "1"]), status: 2, contains: "needs --name")
        CLI.assertError(CLI.run(["contacts", "add", file, "--name", "A", "--vcard", "2.1"]), status: 2, contains: "--vcard")
        CLI.assertError(CLI.run(["contacts", "edit", file, uid]), status: 2, contains: "needs a field to change")
        CLI.assertError(CLI.run(["contacts", "edit", file, uid, "--phone", "1", "--remove-phone", "2"]), status: 2, contains: "replaces them all")
        CLI.assertError(CLI.run(["contacts", "list", file, "--note", "x"]), status: 2, contains: "takes no --note")

        // A vdir folder: a card a file, named by its UID; removing it removes the file.
        let book = root.appendingPathComponent("book")
        try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
        let added = CLI.run(["contacts", "add", book.path, "--name", "Mei Chen", "--vcard", "4.0", "--birthday-calendar", "chinese", "--birthday", "1984-M10L-15"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let id = added.stdout.trimmingCharacters(in: .newlines)
        let item = book.appendingPathComponent(id + ".vcf").path
        XCTAssertTrue(try String(contentsOfFile: item, encoding: .utf8).contains("BDAY;CALSCALE=chinese:0078000110L15\r\n"))
        let lunar = CLI.run(["birthdays", book.path, "--from", "2026-11-01", "--days", "30", "--json"])
        XCTAssertTrue(lunar.stdout.contains("\"date\":\"2026-11-23\""), lunar.stdout)
        XCTAssertEqual(CLI.run(["contacts", "remove", book.path, id]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: item))
    }

    /// A 2.1 card is written as 3.0 where it is edited, with a note saying so.
    func testAVersion21CardEditedIsUpgraded() throws {
        let file = try scratch().appendingPathComponent("old.vcf").path
        try "BEGIN:VCARD\r\nVERSION:2.1\r\nUID:j\r\nFN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:J=FCrgen\r\nTEL;WORK;VOICE:1\r\nEND:VCARD\r\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let edit = CLI.run(["contacts", "edit", file, "j", "--note", "x"])
        XCTAssertEqual(edit.status, 0)
        XCTAssertEqual(edit.stderr, "kalends: note: \(file): the card of j was vCard 2.1; it is written as vCard 3.0 now\n")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:j\r\nFN:Jürgen\r\nTEL;TYPE=WORK,VOICE:1\r\nNOTE:x\r\nREV:"), text)
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
