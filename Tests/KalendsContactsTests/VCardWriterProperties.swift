import Kalends
import KalendsCheck
import KalendsContacts
import KalendsICalendar
import XCTest

/// Contacts written as vCard 2.1, 3.0 and 4.0 read back as the same
/// contacts: every field, in every calendar a date can be kept in.
final class VCardWriterProperties: XCTestCase {
    /// Text of any characters: escapes' characters, line breaks, Latin, Cyrillic, CJK, emoji.
    static func text(_ version: VCardVersion, count: ClosedRange<Int> = 0...24, commas: Bool = true) -> Gen<String> {
        // 2.1 has no escapes but `\;` inside N, ADR and ORG: a backslash there, or a comma in a list item, has no form.
        var characters = Array("aZ 09=;:\"\téüßЖя中文😀\u{301}\n")
        if version != .v21 { characters.append("\\") }
        if commas { characters.append(",") }
        return Gen.element(of: characters).array(count: count).map { String($0) }
    }

    static func word(_ words: [String]) -> Gen<String> { Gen.element(of: words) }

    /// A date of any calendar but the Gregorian one, with its year or without.
    /// (A third of them in the lunisolar calendars, whose leap months each form must write.)
    static let otherCalendarDates: Gen<VCardDate> = Gen.zip(Gen.frequency([(2, Gen.calendarID), (1, Gen.element(of: [CalendarID.chinese, .dangi, .hebrew]))]),
                                                            Gen.int(in: 693_595...767_010), Gen.bool).map { id, day, yearless in
        let id = id == .gregorian ? CalendarID.hebrew : id
        guard let calendar = try? Calendars.system(id), let date = try? calendar.date(dayNumber: day) else {
            return VCardDate(calendar: .hebrew, year: 5744, month: MonthCode(6), day: 14)
        }
        return VCardDate(calendar: id, year: yearless ? nil : date.year, month: date.monthCode, day: date.day)
    }

    /// A Gregorian date in any of vCard's shapes (1604 is Apple's "no year", not a year), or text.
    static func dates(_ version: VCardVersion) -> Gen<VCardDate> {
        Gen.frequency([
            (6, VCardProperties.dates.map { date in
                var date = date
                if date.year == 1604 { date.year = 1605 }
                return date
            }),
            (1, text(version, count: 1...12).map { VCardDate.text($0) }),
        ])
    }

    static func entries(_ version: VCardVersion, values: Gen<String>) -> Gen<[Contact.Entry]> {
        let types = Gen.element(of: ["cell", "home", "work", "voice", "fax", "internet", "x-custom"]).array(count: 0...3)
            .map { types in types.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } } }
        let label = Gen.frequency([(3, Gen.constant(String?.none)), (1, text(version, count: 0...10).map(Optional.some))])
        return Gen.zip(types, values, Gen.bool, label).map { Contact.Entry(types: $0, value: $1, preferred: $2, label: $3) }.array(count: 0...3)
    }

    static func addresses(_ version: VCardVersion) -> Gen<[Contact.Address]> {
        // A comma in a part separates its values, which the model joins by spaces: parts without one.
        let part = text(version, count: 0...10, commas: false)
        let types = Gen.element(of: [[], ["home"], ["work"], ["home", "postal"]])
        return Gen.zip(types, part.array(count: 7...7), Gen.bool, Gen.frequency([(3, Gen.constant(String?.none)), (1, text(version).map(Optional.some))]))
            .map { types, parts, preferred, label in
                Contact.Address(types: types, poBox: parts[0], extended: parts[1], street: parts[2], locality: parts[3], region: parts[4],
                                postalCode: parts[5], country: parts[6], preferred: preferred, label: label)
            }.array(count: 0...2)
    }

    static func optional<T: Sendable>(_ gen: Gen<T>) -> Gen<T?> {
        Gen.frequency([(1, Gen.constant(T?.none)), (2, gen.map(Optional.some))])
    }

    /// A contact with every field a card of `version` holds.
    static func contacts(_ version: VCardVersion) -> Gen<Contact> {
        let name = text(version, count: 1...20)
        let part = text(version, count: 0...8, commas: false)
        let structured = optional(part.array(count: 5...5).map { Contact.Name(family: $0[0], given: $0[1], additional: $0[2], prefixes: $0[3], suffixes: $0[4]) })
        let item = text(version, count: 1...10, commas: version != .v21)
        let identity = Gen.zip(optional(text(version, count: 1...30)), name, structured, item.array(count: 0...2))
        let work = Gen.zip(text(version, count: 1...10, commas: version != .v21).array(count: 0...3), optional(text(version)), optional(text(version, count: 0...80)),
                           item.array(count: 0...3))
        let reach = Gen.zip(entries(version, values: text(version, count: 1...20)), entries(version, values: text(version, count: 1...20)), addresses(version),
                            entries(version, values: word(["https://example.com/a?b=c", "http://kalends.test/", "ftp://x.test/f"])))
        let days = Gen.zip(optional(dates(version)), otherCalendarDates.array(count: 0...2),
                           optional(Gen.frequency([(3, dates(version)), (1, otherCalendarDates)])),
                           optional(Gen.frequency([(3, dates(version)), (1, otherCalendarDates)])))
        let others = Gen.zip(dates(version), optional(text(version, count: 0...10))).map { Contact.LabelledDate(label: $1, date: $0) }.array(count: 0...2)
        let fourOnly = Gen.zip(optional(word(["individual", "group", "org", "location"])), word(["urn:uuid:1b9e3c1a-1111-4c2a-9e0b-000000000001", "mailto:a@b.test"]).array(count: 0...2),
                               optional(word(["20261206T101500Z", "2026-12-06T10:15:00Z"])), others)
        return Gen.zip(Gen.zip(identity, work), reach, days, fourOnly).map { first, reach, days, fourOnly in
            let ((uid, name, structured, nicknames), (organization, title, note, categories)) = first
            let (phones, emails, addresses, urls) = reach
            let (birthday, alternates, anniversary, death) = days
            let (kind, members, revision, otherDates) = fourOnly
            return Contact(uid: uid, version: version.rawValue, kind: version == .v40 ? kind : nil, name: name, structuredName: structured,
                           nicknames: nicknames, organization: organization, title: title, phones: phones, emails: emails,
                           addresses: addresses, urls: urls, birthday: birthday, alternateBirthdays: alternates, anniversary: anniversary,
                           deathDate: death, otherDates: otherDates, note: note, categories: categories,
                           members: version == .v40 ? members : [], revision: revision, hasPhoto: false, file: "", line: 1,
                           card: ICalendarComponent(name: "VCARD"))
        }
    }

    /// What reading back should give: the written value, with what the
    /// version has no room for as it reads (3.0 always has an N).
    static func expected(_ contact: Contact, _ version: VCardVersion) -> Contact {
        var contact = contact
        if version == .v30 && contact.structuredName == nil { contact.structuredName = Contact.Name() }
        return contact
    }

    func check(_ version: VCardVersion, lineEnd: ICalendarWriter.LineEnd, runs: Int) {
        forAll(Self.contacts(version), runs: runs) { contact in
            let bytes = VCardWriter(version: version, lineEnd: lineEnd).card(contact)
            let document = try VCardReader(source: "written.vcf", mode: .strict).read(bytes)
            guard document.contacts.count == 1, var read = document.contacts.first else {
                throw Failure("\(document.contacts.count) contacts from\n\(String(decoding: bytes, as: UTF8.self))")
            }
            let expected = Self.expected(contact, version)
            read.card = expected.card
            read.file = expected.file
            read.line = expected.line
            guard read == expected else {
                throw Failure("written\n\(String(decoding: bytes, as: UTF8.self))\nread as \(read)\nexpected \(expected)")
            }
            // Every physical line within 75 octets, but a 2.1 quoted-printable property's name and parameters, which cannot be broken.
            for line in bytes.split(separator: 10) {
                let content = line.last == 13 ? line.dropLast() : line[...]
                guard content.count <= 75 || (version == .v21 && Array(content.suffix(2)) == Array(":=".utf8)) else {
                    throw Failure("a line of \(content.count) octets: \(String(decoding: content, as: UTF8.self))")
                }
            }
            return true
        }
    }

    func testVersion4CardsReadBackTheSameContact() { check(.v40, lineEnd: .crlf, runs: 600) }
    func testVersion3CardsReadBackTheSameContact() { check(.v30, lineEnd: .crlf, runs: 600) }
    func testVersion21CardsReadBackTheSameContact() { check(.v21, lineEnd: .crlf, runs: 600) }
    func testCardsWithBareLineFeedsReadBackTheSameContact() { check(.v30, lineEnd: .lf, runs: 200) }

    /// What each version writes for the fields the command line sets, as RFC 6350, RFC 2426 and Apple write them.
    func testTheFormsWritten() throws {
        let contact = Contact(uid: "anna@kalends", version: "", kind: nil, name: "Anna Levi", structuredName: Contact.Name(family: "Levi", given: "Anna"),
                              nicknames: [], organization: ["Technion"], title: nil,
                              phones: [Contact.Entry(types: ["cell"], value: "+972 50 123 4567", preferred: true, label: nil)],
                              emails: [Contact.Entry(types: ["home"], value: "anna@example.com", preferred: false, label: "Private")],
                              addresses: [Contact.Address(types: ["home"], street: "12 Herzl St", locality: "Haifa", country: "Israel")],
                              urls: [], birthday: VCardDate(year: nil, month: MonthCode(3), day: 15),
                              alternateBirthdays: [VCardDate(calendar: .hebrew, year: 5744, month: MonthCode(6), day: 14)],
                              anniversary: VCardDate(year: 2010, month: MonthCode(6), day: 21), deathDate: nil, otherDates: [],
                              note: "Call, then visit", categories: [], members: [], revision: nil, hasPhoto: false, file: "", line: 1,
                              card: ICalendarComponent(name: "VCARD"))
        let four = String(decoding: VCardWriter(version: .v40, lineEnd: .lf).card(contact), as: UTF8.self)
        XCTAssertEqual(four, """
            BEGIN:VCARD
            VERSION:4.0
            UID:anna@kalends
            FN:Anna Levi
            N:Levi;Anna;;;
            ORG:Technion
            TEL;TYPE=cell;PREF=1:+972 50 123 4567
            item1.EMAIL;TYPE=home:anna@example.com
            item1.X-ABLABEL:Private
            ADR;TYPE=home:;;12 Herzl St;Haifa;;;Israel
            BDAY;ALTID=1:--0315
            BDAY;ALTID=1;CALSCALE=hebrew:57440714
            ANNIVERSARY:20100621
            NOTE:Call\\, then visit
            END:VCARD

            """)
        let three = String(decoding: VCardWriter(version: .v30, lineEnd: .lf).card(contact), as: UTF8.self)
        XCTAssertEqual(three, """
            BEGIN:VCARD
            VERSION:3.0
            UID:anna@kalends
            FN:Anna Levi
            N:Levi;Anna;;;
            ORG:Technion
            TEL;TYPE=CELL,PREF:+972 50 123 4567
            item1.EMAIL;TYPE=HOME:anna@example.com
            item1.X-ABLABEL:Private
            ADR;TYPE=HOME:;;12 Herzl St;Haifa;;;Israel
            BDAY:--03-15
            X-ALTBDAY;CALSCALE=hebrew:-57440714
            X-ANNIVERSARY:2010-06-21
            NOTE:Call\\, then visit
            END:VCARD

            """)
        var lunar = contact
        lunar.alternateBirthdays = [VCardDate(calendar: .chinese, year: 1984, month: MonthCode(10, isLeap: true), day: 15)]
        let chinese = String(decoding: VCardWriter(version: .v40).card(lunar), as: UTF8.self)
        XCTAssertTrue(chinese.contains("BDAY;ALTID=1;CALSCALE=chinese:0078000110L15\r\n"), chinese)
        var latin = contact
        latin.note = "Grüße"
        let old = String(decoding: VCardWriter(version: .v21).card(latin), as: UTF8.self)
        XCTAssertTrue(old.contains("TEL;CELL;PREF:+972 50 123 4567\r\n"), old)
        XCTAssertTrue(old.contains("NOTE;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Gr=C3=BC=C3=9Fe\r\n"), old)
    }
}
