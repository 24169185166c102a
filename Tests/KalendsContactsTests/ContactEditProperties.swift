import Foundation
import Kalends
import KalendsCheck
import KalendsContacts
import KalendsICalendar
import XCTest

/// Edits of generated address books: an edit changes only the card it
/// names, and in it only the fields it names (every other line keeps its
/// bytes); the contact read back has exactly the fields asked for.
final class ContactEditProperties: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "kalends-contact-edits-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A book of one to four cards, each of 2.1, 3.0 or 4.0, UIDs `card-0`...
    static let books: Gen<[Contact]> = Gen.element(of: [VCardVersion.v30, .v40, .v21, .v30]).array(count: 1...4).flatMap { versions in
        let cards = versions.map { VCardWriterProperties.contacts($0) }
        return cards.dropFirst().reduce(cards[0].map { [$0] }) { book, next in Gen.zip(book, next).map { $0 + [$1] } }
    }.map { contacts in
        contacts.enumerated().map { index, contact in
            var contact = contact
            contact.uid = "card-\(index)"
            if contact.name.trimmingCharacters(in: .init(charactersIn: " \t")).isEmpty { contact.name = "n" }
            return contact
        }
    }

    static func text(count: ClosedRange<Int> = 1...12) -> Gen<String> { VCardWriterProperties.text(.v30, count: count) }

    /// The changes to one card: each field left, set, or removed, lists replaced or added to and removed from.
    static func changes(for contact: Contact) -> Gen<ContactChanges> {
        let entries = VCardWriterProperties.entries(.v30, values: text())
        let addresses = VCardWriterProperties.addresses(.v30)
        let names = Gen.zip(VCardWriterProperties.optional(text().filter { !$0.trimmingCharacters(in: .init(charactersIn: " \t")).isEmpty }),
                            VCardWriterProperties.optional(text(count: 0...8).map { $0.replacingOccurrences(of: ",", with: "") }),
                            VCardWriterProperties.optional(text(count: 0...8).map { $0.replacingOccurrences(of: ",", with: "") }),
                            Gen.int(in: 0...2))
        let lists = Gen.zip(entries, entries, addresses, Gen.int(in: 0...26))
        let dates = Gen.frequency([(3, VCardWriterProperties.dates(.v30)), (2, VCardWriterProperties.otherCalendarDates)])
        func change<T: Hashable & Sendable>(_ gen: Gen<T>) -> Gen<FieldChange<T>?> {
            Gen.frequency([(3, Gen.constant(FieldChange<T>?.none)), (2, gen.map { .set($0) }), (1, Gen.constant(.remove))])
        }
        let scalars = Gen.zip(change(text()), change(dates), change(VCardWriterProperties.dates(.v30)), change(text(count: 0...40)))
        return Gen.zip(names, lists, scalars).map { names, lists, scalars in
            var changes = ContactChanges()
            (changes.name, changes.given, changes.family) = (names.0, names.1, names.2)
            let (phones, emails, newAddresses, pick) = lists
            // Each list: replaced, or added to and one of its values removed, or left.
            switch pick % 3 {
            case 0: changes.phones = phones
            case 1:
                changes.addedPhones = phones
                if let phone = contact.phones.first { changes.removedPhones = [phone.value] }
            default: break
            }
            switch pick / 3 % 3 {
            case 0: changes.emails = emails
            case 1:
                changes.addedEmails = emails
                if let email = contact.emails.last { changes.removedEmails = [email.value.uppercased()] }
            default: break
            }
            switch pick / 9 % 3 {
            case 0: changes.addresses = newAddresses
            case 1:
                changes.addedAddresses = newAddresses
                if let address = contact.addresses.first { changes.removedAddresses = [address.street] }
            default: break
            }
            (changes.organization, changes.birthday, changes.anniversary, changes.note) = scalars
            if changes.isEmpty { changes.note = .set("n") }
            return changes
        }
    }

    /// What the contact should read as after `changes`, from what it read as before.
    static func expected(_ before: Contact, _ changes: ContactChanges, revision: String) -> Contact {
        var contact = before
        if contact.version == "2.1" { contact.version = "3.0" }
        if let name = changes.name { contact.name = name }
        if changes.given != nil || changes.family != nil {
            var structured = contact.structuredName ?? Contact.Name()
            if let given = changes.given { structured.given = given }
            if let family = changes.family { structured.family = family }
            contact.structuredName = structured
        }
        func digits(_ text: String) -> String { String(text.filter { $0.isASCII && ($0.isNumber || $0 == "+") }) }
        contact.phones = (changes.phones ?? contact.phones).filter { phone in
            !changes.removedPhones.contains { digits($0) == digits(phone.value) && !digits($0).isEmpty || $0 == phone.value }
        } + changes.addedPhones
        contact.emails = (changes.emails ?? contact.emails).filter { email in
            !changes.removedEmails.contains { $0.lowercased() == email.value.lowercased() }
        } + changes.addedEmails
        contact.addresses = (changes.addresses ?? contact.addresses).filter { address in
            !changes.removedAddresses.contains { removed in
                removed.lowercased() == address.street.lowercased()
                    || removed.lowercased() == [address.street, address.locality, address.region, address.postalCode, address.country].joined(separator: ";").lowercased()
            }
        } + changes.addedAddresses
        switch changes.organization {
        case .set(let name)?: contact.organization = name.isEmpty ? [] : [name]
        case .remove?: contact.organization = []
        case nil: break
        }
        switch changes.birthday {
        case .set(let date)?:
            if date.calendar == .gregorian || date.text != nil {
                contact.birthday = date
            } else if let first = contact.alternateBirthdays.firstIndex(where: { $0.calendar == date.calendar }) {
                contact.alternateBirthdays[first] = date
                contact.alternateBirthdays = contact.alternateBirthdays.enumerated().filter { $0.offset <= first || $0.element.calendar != date.calendar }.map(\.element)
            } else {
                contact.alternateBirthdays.append(date)
            }
        case .remove?:
            contact.birthday = nil
            contact.alternateBirthdays = []
        case nil: break
        }
        switch changes.anniversary {
        case .set(let date)?: contact.anniversary = date
        case .remove?: contact.anniversary = nil
        case nil: break
        }
        switch changes.note {
        case .set(let text)?: contact.note = text
        case .remove?: contact.note = nil
        case nil: break
        }
        contact.revision = revision
        return contact
    }

    /// The property names an edit of `changes` may rewrite (labels of removed groups, and REV, always).
    static func touched(_ changes: ContactChanges) -> Set<String> {
        var names: Set<String> = ["REV", "X-ABLABEL", "X-ABADR"]
        if changes.name != nil { names.insert("FN") }
        if changes.given != nil || changes.family != nil { names.insert("N") }
        if changes.phones != nil || !changes.addedPhones.isEmpty || !changes.removedPhones.isEmpty { names.insert("TEL") }
        if changes.emails != nil || !changes.addedEmails.isEmpty || !changes.removedEmails.isEmpty { names.insert("EMAIL") }
        if changes.addresses != nil || !changes.addedAddresses.isEmpty || !changes.removedAddresses.isEmpty { names.insert("ADR") }
        if changes.organization != nil { names.insert("ORG") }
        if changes.birthday != nil { names.formUnion(["BDAY", "X-ALTBDAY"]) }
        if changes.anniversary != nil { names.formUnion(["ANNIVERSARY", "X-ANNIVERSARY"]) }
        if changes.note != nil { names.insert("NOTE") }
        return names
    }

    func testAnEditChangesOnlyTheCardAndFieldsItNames() {
        let cases = Gen.zip(Self.books, Gen.int(in: 0...3), Gen.bool).flatMap { book, pick, lf in
            Self.changes(for: book[pick % book.count]).map { (book, pick % book.count, lf, $0) }
        }
        var edited = 0
        forAll(cases, runs: 300) { book, target, lf, changes in
            let file = self.folder + "/book.vcf"
            var bytes: [UInt8] = []
            for contact in book {
                bytes += VCardWriter(version: VCardVersion(rawValue: contact.version) ?? .v30, lineEnd: lf ? .lf : .crlf).card(contact)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let before = try VCardReader(source: file, mode: .strict).read(bytes)
            var editor = ContactFileEditor(path: file)
            editor.now = { Instant(seconds: 1_796_300_100) }
            let uid = "card-\(target)"
            do {
                try editor.edit(uid: uid, changes)
            } catch ContactEditError.notFound(let field, _, _) {
                // Only a removal of a value the card does not have may be refused: the file is then unchanged.
                guard try Data(contentsOf: URL(fileURLWithPath: file)) == Data(bytes) else { throw Failure("a refused edit changed the file") }
                guard field == "phone" || field == "email" || field == "address" else { throw Failure("refused: \(field)") }
                return true
            }
            edited += 1
            let after = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
            let read = try VCardReader(source: file, mode: .strict).read(after)
            guard read.contacts.count == book.count else { throw Failure("\(read.contacts.count) cards after the edit") }
            // Every other card, and everything around the card edited, keeps its bytes.
            let range = before.cards[target].byteRange
            let newRange = read.cards[target].byteRange
            guard after[..<newRange.lowerBound] == bytes[..<range.lowerBound], after[newRange.upperBound...] == bytes[range.upperBound...] else {
                throw Failure("bytes outside the card changed")
            }
            // The card's fields: exactly those asked for.
            let version = before.contacts[target].version == "4.0" ? VCardVersion.v40 : .v30
            let revision = version == .v40 ? "20261203T121500Z" : "2026-12-03T12:15:00Z"
            var expected = Self.expected(before.contacts[target], changes, revision: revision)
            var got = read.contacts[target]
            // The card itself and its line are where it is now; the fields are compared.
            (got.card, got.line) = (expected.card, expected.line)
            guard got == expected else { throw Failure("read back as\n\(got)\nexpected\n\(expected)\n\(String(decoding: after, as: UTF8.self))") }
            // No label is left without the property it labels.
            let card = read.cards[target]
            for label in card.properties where label.name == "X-ABLABEL" {
                guard card.properties.contains(where: { $0.group == label.group && $0.name != "X-ABLABEL" }) else {
                    throw Failure("a label of group \(label.group ?? "-") is left alone")
                }
            }
            // In a 3.0 or 4.0 card, every line of another field keeps its bytes and order (a 2.1 card is rewritten as 3.0).
            if before.contacts[target].version != "2.1" {
                let touched = Self.touched(changes)
                func kept(_ card: ICalendarComponent, _ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
                    card.properties.filter { !touched.contains($0.name) }.map { bytes[$0.byteRange] }
                }
                guard kept(before.cards[target], bytes) == kept(read.cards[target], after) else { throw Failure("a line of another field changed") }
            }
            return true
        }
        XCTAssertGreaterThan(edited, 100, "most generated edits are made")
    }
}
