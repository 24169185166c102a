import Foundation
import Kalends
import KalendsContacts
import KalendsICalendar
import XCTest

/// The contact editor on files and folders: what it writes, what it refuses.
final class ContactEditorExamples: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "kalends-contact-editor-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func editor(_ path: String) -> ContactFileEditor {
        var editor = ContactFileEditor(path: path)
        editor.now = { Instant(seconds: 1_796_300_100) }
        return editor
    }

    func testAddingToAFileAndToAFolder() throws {
        let file = folder + "/friends.vcf"
        let anna = Contact(name: "Anna Levi", structuredName: Contact.Name(family: "Levi", given: "Anna"),
                           phones: [Contact.Entry(types: ["cell"], value: "+972 50 123 4567")],
                           alternateBirthdays: [VCardDate(calendar: .hebrew, year: 5744, month: MonthCode(6), day: 14)])
        let uid = try editor(file).add(anna)
        XCTAssertEqual(try text(file), """
            BEGIN:VCARD\r
            VERSION:3.0\r
            UID:\(uid)\r
            FN:Anna Levi\r
            N:Levi;Anna;;;\r
            TEL;TYPE=CELL:+972 50 123 4567\r
            X-ALTBDAY;CALSCALE=hebrew:-57440714\r
            REV:2026-12-03T12:15:00Z\r
            END:VCARD\r

            """)
        // A second card goes after the first, in the file's line ends; the same UID again is refused.
        let second = try editor(file).add(Contact(uid: "mei@example.com", name: "Mei Chen"), version: .v40)
        XCTAssertEqual(second, "mei@example.com")
        XCTAssertTrue(try text(file).hasSuffix("BEGIN:VCARD\r\nVERSION:4.0\r\nUID:mei@example.com\r\nFN:Mei Chen\r\nREV:20261203T121500Z\r\nEND:VCARD\r\n"))
        XCTAssertThrowsError(try editor(file).add(Contact(uid: "mei@example.com", name: "Mei"))) { error in
            XCTAssertEqual(error as? ContactEditError, .duplicateUID(uid: "mei@example.com", path: file))
        }
        XCTAssertThrowsError(try editor(file).add(Contact(name: " "))) { XCTAssertEqual($0 as? ContactEditError, .emptyName) }

        // In a vdir folder each card is its own file, named from its UID, and removing it removes the file.
        let book = folder + "/book"
        try FileManager.default.createDirectory(atPath: book, withIntermediateDirectories: true)
        let id = try editor(book).add(anna)
        XCTAssertTrue(FileManager.default.fileExists(atPath: book + "/" + id + ".vcf"))
        var changes = ContactChanges()
        changes.addedEmails = [Contact.Entry(types: ["home"], value: "anna@example.com")]
        XCTAssertEqual(try editor(book).edit(uid: id, changes).file, book + "/" + id + ".vcf")
        try editor(book).remove(uid: id)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: book), [])
        XCTAssertThrowsError(try editor(book).remove(uid: id)) { XCTAssertEqual($0 as? ContactEditError, .unknownUID(uid: id, path: book)) }
    }

    func testAVersion21CardIsUpgradedOnlyWhereEdited() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/VCard/outlook-21.vcf")
        // Outlook's card (windows-1252, quoted-printable) with a UID, and a 3.0 card after it.
        var bytes = [UInt8](try Data(contentsOf: source))
        let version = Array("VERSION:2.1\r\n".utf8)
        guard let at = (0...(bytes.count - version.count)).first(where: { Array(bytes[$0..<($0 + version.count)]) == version }) else {
            return XCTFail("no VERSION line")
        }
        bytes.insert(contentsOf: Array("UID:outlook-1\r\n".utf8), at: at + version.count)
        bytes += Array("BEGIN:VCARD\r\nVERSION:3.0\r\nUID:b\r\nFN:B\r\nN:;B;;;\r\nEND:VCARD\r\n".utf8)
        let original = Data(bytes)
        let file = folder + "/outlook.vcf"
        try original.write(to: URL(fileURLWithPath: file))
        let before = try VCardReader(source: file).read([UInt8](original))
        XCTAssertGreaterThan(before.contacts.count, 1)
        guard let uid = before.contacts[0].uid else { return XCTFail("the first card has no UID") }
        var changes = ContactChanges()
        changes.addedPhones = [Contact.Entry(types: ["home"], value: "+49 30 7654321")]
        let result = try editor(file).edit(uid: uid, changes)
        XCTAssertEqual(result.upgradedFrom, "2.1")
        let after = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let read = try VCardReader(source: file, mode: .strict).read(after)
        var expected = before.contacts[0]
        expected.version = "3.0"
        expected.phones.append(Contact.Entry(types: ["home"], value: "+49 30 7654321"))
        expected.revision = "2026-12-03T12:15:00Z"
        var got = read.contacts[0]
        (got.card, got.line) = (expected.card, expected.line)
        XCTAssertEqual(got, expected)
        // Written as 3.0 text in UTF-8: no quoted-printable, no CHARSET left in that card.
        let card = String(decoding: after[read.cards[0].byteRange], as: UTF8.self)
        XCTAssertTrue(card.contains("VERSION:3.0\r\n") && card.contains("N;LANGUAGE=de:Müller;Jürgen\r\n"), card)
        XCTAssertFalse(card.contains("QUOTED-PRINTABLE") || card.contains("CHARSET"), card)
        // The other cards keep every byte.
        XCTAssertEqual(Array(after[read.cards[0].byteRange.upperBound...]), Array([UInt8](original)[before.cards[0].byteRange.upperBound...]))
    }

    func testAFileWithADefectOrAnotherProgramsLockIsRefused() throws {
        let file = folder + "/broken.vcf"
        let broken = "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:a\r\nFN:A\r\nBDAY:1984-02-30\r\nEND:VCARD\r\n"
        try broken.write(toFile: file, atomically: true, encoding: .utf8)
        var changes = ContactChanges()
        changes.note = .set("x")
        XCTAssertThrowsError(try editor(file).edit(uid: "a", changes)) { error in
            guard case .unreadable(let path, let cause)? = error as? ContactEditError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, file)
            XCTAssertEqual(cause.line, 5)
        }
        XCTAssertEqual(try text(file), broken)
        XCTAssertThrowsError(try editor(file).edit(uid: "a", ContactChanges())) { XCTAssertEqual($0 as? ContactEditError, .nothingToChange) }
    }

    func testRemovingAValueTheCardDoesNotHaveIsRefused() throws {
        let file = folder + "/one.vcf"
        let uid = try editor(file).add(Contact(name: "Anna", phones: [Contact.Entry(value: "+972 (50) 123-4567")]))
        var changes = ContactChanges()
        changes.removedPhones = ["+972 50 000"]
        XCTAssertThrowsError(try editor(file).edit(uid: uid, changes)) {
            XCTAssertEqual($0 as? ContactEditError, .notFound(field: "phone", value: "+972 50 000", uid: uid))
        }
        // A number is found by its digits, whatever its spaces and punctuation.
        changes.removedPhones = ["+97250 1234567"]
        try editor(file).edit(uid: uid, changes)
        XCTAssertFalse(try text(file).contains("TEL"))
    }
}
