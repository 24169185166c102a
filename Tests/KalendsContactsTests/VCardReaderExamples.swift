import Foundation
import Kalends
import KalendsContacts
import KalendsICalendar
import XCTest

/// Cards from the standards and exporter-shaped files written for these
/// tests (Tests/Fixtures/VCard, see its README), read into contacts; the
/// expected fields are read off the files by hand.
final class VCardReaderExamples: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/VCard")

    func read(_ name: String, mode: ICalendarReader.Mode = .lenient) throws -> VCardDocument {
        let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        return try VCardReader(source: name, mode: mode).read(bytes)
    }

    func testRFC6350sExample() throws {
        let document = try read("rfc6350-example.vcf", mode: .strict)
        XCTAssertEqual(document.contacts.count, 1)
        let simon = document.contacts[0]
        XCTAssertEqual(simon.version, "4.0")
        XCTAssertEqual(simon.name, "Simon Perreault")
        XCTAssertEqual(simon.structuredName, Contact.Name(family: "Perreault", given: "Simon", suffixes: "ing. jr M.Sc."))
        XCTAssertEqual(simon.birthday, VCardDate(year: nil, month: MonthCode(2), day: 3))
        XCTAssertEqual(simon.birthday?.description, "--02-03")
        XCTAssertEqual(simon.anniversary?.description, "2009-08-08T14:30:00-05:00")
        XCTAssertEqual(simon.organization, ["Viagenie"])
        XCTAssertEqual(simon.addresses, [Contact.Address(types: ["work"], extended: "Suite D2-630", street: "2875 Laurier",
                                                         locality: "Quebec", region: "QC", postalCode: "G1V 2M2", country: "Canada")])
        XCTAssertEqual(simon.phones, [
            Contact.Entry(types: ["work", "voice"], value: "tel:+1-418-656-9254;ext=102", preferred: true),
            Contact.Entry(types: ["work", "cell", "voice", "video", "text"], value: "tel:+1-418-262-6501"),
        ])
        XCTAssertEqual(simon.emails.map(\.value), ["simon.perreault@viagenie.ca"])
        XCTAssertEqual(simon.urls.map(\.value), ["http://nomis80.org"])
        // Every property is kept on the card, GEO, KEY, LANG and TZ included.
        XCTAssertEqual(simon.card.properties.map(\.name), ["VERSION", "FN", "N", "BDAY", "ANNIVERSARY", "GENDER", "LANG", "LANG", "ORG", "ADR",
                                                           "TEL", "TEL", "EMAIL", "GEO", "KEY", "TZ", "URL"])
        XCTAssertEqual(simon.card.first("KEY")?.value, "http://www.viagenie.ca/simon.perreault/simon.asc")
    }

    func testRFC2426sExamples() throws {
        let document = try read("rfc2426-example.vcf", mode: .strict)
        XCTAssertEqual(document.contacts.map(\.name), ["Frank Dawson", "Tim Howes"])
        let frank = document.contacts[0]
        XCTAssertEqual(frank.version, "3.0")
        XCTAssertEqual(frank.addresses.first?.street, "6544 Battleford Drive")
        XCTAssertEqual(frank.addresses.first?.locality, "Raleigh")
        XCTAssertEqual(frank.addresses.first?.types, ["work", "postal", "parcel"])
        XCTAssertEqual(frank.firstEmail, Contact.Entry(types: ["internet"], value: "Frank_Dawson@Lotus.com", preferred: true))
        XCTAssertEqual(frank.phones.map(\.types), [["voice", "msg", "work"], ["fax", "work"]])
        XCTAssertEqual(document.contacts[1].addresses.first?.postalCode, " 94043")
    }

    /// Apple Contacts: item groups with their labels, a year-less birthday
    /// (X-APPLE-OMIT-YEAR), Hebrew and Chinese birthdays in X-ALTBDAY (a
    /// leap month written with `L`), labelled dates.
    func testAppleContactsExport() throws {
        let document = try read("apple.vcf", mode: .strict)
        XCTAssertEqual(document.contacts.count, 2)
        let anna = document.contacts[0]
        XCTAssertEqual(anna.name, "Anna Levi")
        XCTAssertEqual(anna.uid, "4F1E2A3B-1C2D-4E5F-8A9B-0C1D2E3F4A5B")
        XCTAssertEqual(anna.firstPhone, Contact.Entry(types: [], value: "+972 50 123 4567", preferred: true, label: "Mobile"))
        XCTAssertEqual(anna.phones.count, 2)
        XCTAssertEqual(anna.firstAddress?.locality, "Haifa")
        XCTAssertEqual(anna.birthday, VCardDate(year: nil, month: MonthCode(3), day: 15))
        // 14 Adar II 5744: Foundation's month 7 of a leap year, Kalends' M06.
        XCTAssertEqual(anna.alternateBirthdays, [VCardDate(calendar: .hebrew, year: 5744, month: MonthCode(6), day: 14)])
        XCTAssertEqual(anna.otherDates, [
            Contact.LabelledDate(label: "Anniversary", date: VCardDate(year: nil, month: MonthCode(6), day: 21)),
            Contact.LabelledDate(label: "Aliyah", date: VCardDate(year: 2010, month: MonthCode(9), day: 1)),
        ])
        XCTAssertEqual(anna.note, "Met at the conference, 2019.\nCall before visiting.")
        let mei = document.contacts[1]
        XCTAssertEqual(mei.birthday?.description, "1984-12-07")
        // Cycle 78, year 1 is 1984; `10L` is the leap tenth month, which 1984 has.
        XCTAssertEqual(mei.alternateBirthdays, [VCardDate(calendar: .chinese, year: 1984, month: MonthCode(10, isLeap: true), day: 15)])
        XCTAssertEqual(mei.alternateBirthdays.first?.description, "chinese 1984-M10L-15")
    }

    /// Android's vCard 2.1: every byte quoted-printable in UTF-8, soft line
    /// breaks, a folded BASE64 photo ended by a blank line.
    func testAndroidExport() throws {
        let document = try read("android-21.vcf", mode: .strict)
        let ivan = try XCTUnwrap(document.contacts.first)
        XCTAssertEqual(ivan.version, "2.1")
        XCTAssertEqual(ivan.name, "Иван Иванов")
        XCTAssertEqual(ivan.structuredName?.family, "Иванов")
        XCTAssertEqual(ivan.structuredName?.given, "Иван")
        XCTAssertEqual(ivan.note, "Длинная заметка, перенесённая на вторую строку мягким переносом")
        XCTAssertEqual(ivan.phones, [Contact.Entry(types: ["cell"], value: "+7 900 123-45-67")])
        XCTAssertEqual(ivan.emails, [Contact.Entry(types: ["home"], value: "ivan@example.ru")])
        XCTAssertEqual(ivan.birthday?.description, "1990-05-17")
        XCTAssertTrue(ivan.hasPhoto)
        XCTAssertEqual(ivan.card.properties.last?.name, "X-ANDROID-CUSTOM")
    }

    /// Outlook's vCard 2.1: bare types (`TEL;WORK;VOICE`), windows-1252 bytes
    /// named by CHARSET, quoted-printable in that charset.
    func testOutlookExport() throws {
        let document = try read("outlook-21.vcf", mode: .strict)
        let jürgen = try XCTUnwrap(document.contacts.first)
        XCTAssertEqual(jürgen.name, "Jürgen Müller")
        XCTAssertEqual(jürgen.structuredName, Contact.Name(family: "Müller", given: "Jürgen"))
        XCTAssertEqual(jürgen.organization, ["Beispiel GmbH", "Vertrieb"])
        XCTAssertEqual(jürgen.phones.map(\.types), [["work", "voice"], ["cell", "voice"]])
        XCTAssertEqual(jürgen.firstAddress?.street, "Hauptstraße 1")
        XCTAssertEqual(jürgen.firstAddress?.preferred, true)
        XCTAssertEqual(jürgen.firstEmail, Contact.Entry(types: ["internet"], value: "juergen.mueller@example.de", preferred: true))
        XCTAssertEqual(jürgen.note, "Erste Zeile\nZweite Zeile mit Ärger")
        XCTAssertEqual(jürgen.birthday?.description, "1975-07-04")
        XCTAssertEqual(jürgen.card.first("LABEL").map { try? VCardText.text($0) }, "Hauptstraße 1\nBerlin 10115\nDeutschland")
    }

    func testGoogleExport() throws {
        let lucía = try XCTUnwrap(try read("google.vcf", mode: .strict).contacts.first)
        XCTAssertEqual(lucía.name, "Lucía Fernández")
        XCTAssertEqual(lucía.birthday, VCardDate(year: nil, month: MonthCode(5), day: 3))
        XCTAssertEqual(lucía.otherDates.first?.label, "Anniversary")
        XCTAssertEqual(lucía.categories, ["myContacts", "Familia"])
        XCTAssertEqual(lucía.firstAddress?.country, "España")
    }

    /// Nextcloud's vCard 4.0 cards: 29 February, a birthday kept in the
    /// Hebrew calendar (CALSCALE), a death date, a group.
    func testNextcloudCards() throws {
        let folder = Self.fixtures.appendingPathComponent("nextcloud")
        var contacts: [Contact] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".vcf") {
            contacts += try VCardReader(source: name, mode: .strict).read([UInt8](Data(contentsOf: folder.appendingPathComponent(name)))).contacts
        }
        XCTAssertEqual(contacts.map(\.name), ["Moshe Cohen", "Yael Cohen", "Cohen family"])
        XCTAssertEqual(contacts[0].alternateBirthdays, [VCardDate(calendar: .hebrew, year: 5690, month: MonthCode(6), day: 15)])
        XCTAssertNil(contacts[0].birthday)
        XCTAssertEqual(contacts[0].deathDate?.description, "2005-03-12")
        XCTAssertEqual(contacts[0].anniversary?.description, "1955-06-20")
        XCTAssertEqual(contacts[1].birthday?.description, "1992-02-29")
        XCTAssertEqual(contacts[2].kind, "group")
        XCTAssertEqual(contacts[2].members.count, 2)
    }

    /// Lenient: a card with a broken structure is left out with one
    /// warning, a date that is no date is kept as text; strict: the first defect is the error.
    func testDefectsAreLocatedWarnings() throws {
        let document = try read("defects.vcf")
        XCTAssertEqual(document.contacts.map(\.uid), ["good-before", "odd-birthday", "good-after"])
        XCTAssertEqual(document.contacts[1].birthday, .text("--1332"))
        XCTAssertEqual(document.contacts[1].anniversary, .text("circa 1800"))
        XCTAssertEqual(document.warnings.map(\.description), [
            "defects.vcf:11:33: 'second line without a fold space' is not an iCalendar content line (NAME:VALUE) (the VCARD with UID no-colon is left out)",
            "defects.vcf:24:5: END:VCALENDAR closes the open VCARD (the VCARD with UID wrong-end is left out)",
            "defects.vcf:33:1: no END:VCARD before the end of the input (the VCARD with UID cut-off is left out)",
            "defects.vcf:17:6: BDAY: '--1332' is not a date: month 13 is not 1 ... 12 (read as the text '--1332')",
            "defects.vcf:18:13: ANNIVERSARY: 'circa 1800' is not a DATE-AND-OR-TIME (read as the text 'circa 1800')",
        ])
        XCTAssertThrowsError(try read("defects.vcf", mode: .strict)) { error in
            XCTAssertEqual((error as? ICalendarError)?.line, 11)
        }
    }

    func testInputThatIsNotVCard() {
        XCTAssertThrowsError(try VCardReader(source: "x.vcf").read("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")) { error in
            XCTAssertEqual("\(error)", "x.vcf:1:1: not a vCard: the first line is 'BEGIN:VCALENDAR', not BEGIN:VCARD")
        }
        XCTAssertThrowsError(try VCardReader(source: "x.vcf").read([0x89, 0x50, 0x4E, 0x47, 0, 0, 10, 1])) { error in
            XCTAssertEqual("\(error)", "x.vcf:1:1: not a vCard: binary data (bytes that are not UTF-8 text)")
        }
        XCTAssertThrowsError(try VCardReader(source: "x.vcf").read("")) { error in
            XCTAssertEqual("\(error)", "x.vcf:1:1: not a vCard: no BEGIN:VCARD (the input has no content line)")
        }
    }

    /// A 20 MB PHOTO line is a defect of that line, scanned, never held whole.
    func testAHugePhotoLineCostsItsCard() throws {
        var text = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Big\r\nPHOTO;ENCODING=b;TYPE=JPEG:"
        text += String(repeating: "A", count: 20 << 20) + "\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:3.0\r\nFN:Small\r\nEND:VCARD\r\n"
        let document = try VCardReader(source: "big.vcf").read(text)
        // The card does not need its photo: that line alone is left out.
        XCTAssertEqual(document.contacts.map(\.name), ["Big", "Small"])
        XCTAssertFalse(document.contacts[0].hasPhoto)
        XCTAssertEqual(document.warnings.map(\.description),
                       ["big.vcf:4:1: a content line (PHOTO) of 20971547 bytes, more than the 262144 a line may have (after unfolding) (the PHOTO is ignored)"])
        XCTAssertThrowsError(try VCardReader(source: "big.vcf", mode: .strict).read(text))
    }

    func testDatesInEveryForm() throws {
        func date(_ text: String) throws -> String { try VCardDate(parsing: text, property: "BDAY").description }
        XCTAssertEqual(try date("19850412"), "1985-04-12")
        XCTAssertEqual(try date("1985-04-12"), "1985-04-12")
        XCTAssertEqual(try date("1985-04"), "1985-04")
        XCTAssertEqual(try date("1985"), "1985")
        XCTAssertEqual(try date("--0412"), "--04-12")
        XCTAssertEqual(try date("--04-12"), "--04-12")
        XCTAssertEqual(try date("---12"), "---12")
        XCTAssertEqual(try date("--0229"), "--02-29")
        XCTAssertEqual(try date("19961022T140000"), "1996-10-22T14:00:00")
        XCTAssertEqual(try date("1996-10-22T14:00:00Z"), "1996-10-22T14:00:00Z")
        XCTAssertEqual(try date("--1022T1400"), "--10-22T14:00:00")
        XCTAssertEqual(try date("T102200-0500"), "-T10:22:00-05:00")
        for bad in ["", "1985-02-29", "--1332", "--0230", "19851", "1985-4-12", "T25", "19850412T", "198504120", "--04-12Z"] {
            XCTAssertThrowsError(try date(bad), bad)
        }
    }
}
