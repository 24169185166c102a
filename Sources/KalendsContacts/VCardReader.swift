import Kalends
import KalendsICalendar

/// What reading vCard text gives: the cards and the contacts decoded from
/// them, and the defects a lenient read passed over.
public struct VCardDocument: Hashable, Sendable {
    /// The cards, in order (each a VCARD component with every property kept).
    public var cards: [ICalendarComponent]
    /// The contact of each card, in the same order.
    public var contacts: [Contact]
    /// The defects passed over, in the order found (empty for a strict read).
    public var warnings: [ICalendarWarning]
}

/// Reads vCard text (versions 2.1, 3.0 and 4.0; any number of cards) into
/// contacts, through the same content-line reader as calendar files with
/// vCard's table of property kinds (`PropertyKindTable.vCard`).
///
/// `.lenient` (the default) leaves out a card with a defect in its
/// structure (a missing END, an END of another component, a line without
/// a colon) with one warning, passes over a defect in a property with a
/// warning (a date that does not read is kept as text), and reads the rest;
/// `.strict` throws the first defect. Input that is not vCard at all
/// (no BEGIN:VCARD first, binary data) throws in both modes.
///
///     let document = try VCardReader(source: "friends.vcf").read(Array(text.utf8))
///     for contact in document.contacts { print(contact.name, contact.birthday ?? "") }
public struct VCardReader: Sendable {
    /// The input's name in messages (a file's path).
    public var source: String
    /// Lenient or strict.
    public var mode: ICalendarReader.Mode

    /// A reader of input named `source`.
    public init(source: String, mode: ICalendarReader.Mode = .lenient) {
        self.source = source
        self.mode = mode
    }

    /// The fewest cards a thread decodes.
    static let cardsChunk = 1_000

    /// Reads `bytes`.
    /// - Throws: `ICalendarError` for input that is not vCard, and (strict) any defect.
    public func read(_ bytes: [UInt8]) throws(ICalendarError) -> VCardDocument {
        var reader = ICalendarReader(source: source, mode: mode)
        reader.table = .vCard
        let document = try reader.read(bytes)
        var warnings = document.warnings
        var contacts: [Contact] = []
        contacts.reserveCapacity(document.calendars.count)
        // The cards decoded on the machine's cores in chunks of the file order; the contacts, the
        // warnings and (strict) the first error in that order: what one pass in order gives.
        let cards = document.calendars, strict = mode == .strict, source = source
        let parts = Parallel.chunks(count: cards.count, minimumChunk: Self.cardsChunk) { range -> ([Contact], [ICalendarWarning], ICalendarError?) in
            var contacts: [Contact] = [], warnings: [ICalendarWarning] = []
            contacts.reserveCapacity(range.count)
            for card in cards[range] {
                var decoder = ContactDecoder(card: card, source: source, strict: strict)
                do throws(ICalendarError) {
                    contacts.append(try decoder.contact())
                } catch {
                    return (contacts, warnings, error)
                }
                warnings += decoder.warnings
            }
            return (contacts, warnings, nil)
        }
        for (decoded, found, error) in parts {
            contacts += decoded
            warnings += found
            if let error { throw error }
        }
        return VCardDocument(cards: cards, contacts: contacts, warnings: warnings)
    }

    /// Reads the UTF-8 of `text`.
    public func read(_ text: String) throws(ICalendarError) -> VCardDocument {
        try read(Array(text.utf8))
    }
}

/// The decoding of one card into a `Contact`: each property's value read
/// as its kind says, a defect a warning that the property is ignored (or,
/// for a date that does not read, that it is read as text); strict, an error.
struct ContactDecoder {
    let card: ICalendarComponent
    let source: String
    let strict: Bool
    /// The card's VERSION (its escapes depend on it).
    let version: String
    private(set) var warnings: [ICalendarWarning] = []

    init(card: ICalendarComponent, source: String, strict: Bool) {
        self.card = card
        self.source = source
        self.strict = strict
        version = card.first("VERSION")?.value.trimmingCharacters() ?? "3.0"
    }

    /// Apple's labels, by group (`item1.X-ABLabel:_$!<Mobile>!$_` is "Mobile").
    private lazy var labels: [String: String] = {
        var labels: [String: String] = [:]
        for property in card.properties where property.name == "X-ABLABEL" {
            guard let group = property.group else { continue }
            var text = (try? VCardText.text(property, version: version)) ?? property.value
            if text.hasPrefix("_$!<") && text.hasSuffix(">!$_") { text = String(text.dropFirst(4).dropLast(4)) }
            labels[group.uppercased()] = text
        }
        return labels
    }()

    private mutating func problem(_ error: ContentLineError, _ property: ICalendarProperty, readAs: String? = nil) throws(ICalendarError) {
        let located = ICalendarError(.value(error), source: source, line: property.line, column: error.column ?? property.valueColumn)
        if strict { throw located }
        warnings.append(ICalendarWarning(located, readAs.map { .readAs($0) } ?? .propertyIgnored(property.name)))
    }

    /// The types of a TEL, EMAIL, ADR or URL, lower-cased, without `pref`; and whether it is preferred.
    private func types(_ property: ICalendarProperty) -> (types: [String], preferred: Bool) {
        var types: [String] = []
        var preferred = false
        for parameter in property.parameters {
            switch parameter.name {
            case "TYPE":
                for value in parameter.values {
                    for item in value.split(separator: ",") {
                        let type = item.lowercased()
                        if type == "pref" { preferred = true } else if !type.isEmpty && !types.contains(type) { types.append(type) }
                    }
                }
            case "PREF":
                preferred = true
            default:
                break
            }
        }
        return (types, preferred)
    }

    private mutating func label(_ property: ICalendarProperty) -> String? {
        property.group.flatMap { labels[$0.uppercased()] } ?? property.parameter("LABEL").map { $0 }
    }

    /// A date property: its calendar from CALSCALE, a text value kept as text.
    private mutating func date(_ property: ICalendarProperty) throws(ICalendarError) -> VCardDate? {
        let text: String
        do throws(ContentLineError) {
            text = try VCardText.text(property, version: version)
        } catch {
            try problem(error, property)
            return nil
        }
        if let value = property.parameter("VALUE"), value.lowercased() == "text" { return .text(text) }
        var calendar = CalendarID.gregorian
        if let scale = property.parameter("CALSCALE") {
            do throws(ConversionError) {
                calendar = try CalendarID(parsing: scale.lowercased())
            } catch {
                try problem(ContentLineError(.malformedValue(type: "CALSCALE", text: scale), property: property.name), property)
                return nil
            }
        }
        do throws(ContentLineError) {
            if calendar != .gregorian || property.name == "X-ALTBDAY" {
                return try AlternateDates.read(text, calendar: calendar, property: property)
            }
            var date = try VCardDate(parsing: text, property: property.name)
            // Apple's year-less dates: the year written is a placeholder, named by X-APPLE-OMIT-YEAR, and 1604 without it (iOS 12.4).
            if date.year == property.parameter("X-APPLE-OMIT-YEAR").flatMap({ Int($0) }) ?? 1604 {
                date.year = nil
            }
            return date
        } catch {
            try problem(error, property, readAs: "read as the text '\(VCardDate.shortened(text))'")
            return .text(text)
        }
    }

    mutating func contact() throws(ICalendarError) -> Contact {
        var contact = Contact(uid: nil, version: "", kind: nil, name: "", structuredName: nil, nicknames: [], organization: [], title: nil,
                              phones: [], emails: [], addresses: [], urls: [], birthday: nil, alternateBirthdays: [], anniversary: nil,
                              deathDate: nil, otherDates: [], note: nil, categories: [], members: [], revision: nil, hasPhoto: false,
                              file: source, line: card.line, card: card)
        var formatted: String?
        for property in card.properties {
            switch property.name {
            case "BDAY":
                guard let date = try date(property) else { continue }
                if date.calendar == .gregorian || (contact.birthday == nil && date.text != nil) {
                    if contact.birthday == nil { contact.birthday = date }
                } else {
                    contact.alternateBirthdays.append(date)
                }
                continue
            case "X-ALTBDAY":
                if let date = try date(property) { contact.alternateBirthdays.append(date) }
                continue
            case "ANNIVERSARY", "X-ANNIVERSARY":
                if contact.anniversary == nil, let date = try date(property) { contact.anniversary = date }
                continue
            case "DEATHDATE", "X-DEATHDATE":
                if contact.deathDate == nil, let date = try date(property) { contact.deathDate = date }
                continue
            case "X-ABDATE":
                if let date = try date(property) { contact.otherDates.append(Contact.LabelledDate(label: label(property), date: date)) }
                continue
            default:
                break
            }
            do throws(ContentLineError) {
                switch property.name {
                case "VERSION": contact.version = version
                case "UID": contact.uid = try VCardText.text(property, version: version)
                case "KIND": contact.kind = try VCardText.text(property, version: version).lowercased()
                case "FN": if formatted == nil { formatted = try VCardText.text(property, version: version) }
                case "N":
                    let parts = try VCardText.components(property, version: version).map { $0.replacingCommas() }
                    func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
                    contact.structuredName = Contact.Name(family: part(0), given: part(1), additional: part(2), prefixes: part(3), suffixes: part(4))
                case "NICKNAME": contact.nicknames += try VCardText.list(property, version: version)
                case "ORG": contact.organization = try VCardText.components(property, version: version).filter { !$0.isEmpty }
                case "TITLE": contact.title = try VCardText.text(property, version: version)
                case "TEL", "EMAIL", "URL":
                    let (types, preferred) = types(property)
                    let entry = Contact.Entry(types: types, value: try VCardText.text(property, version: version), preferred: preferred, label: label(property))
                    switch property.name {
                    case "TEL": contact.phones.append(entry)
                    case "EMAIL": contact.emails.append(entry)
                    default: contact.urls.append(entry)
                    }
                case "ADR":
                    let (types, preferred) = types(property)
                    let parts = try VCardText.components(property, version: version)
                    func part(_ index: Int) -> String { index < parts.count ? parts[index].replacingCommas() : "" }
                    contact.addresses.append(Contact.Address(types: types, poBox: part(0), extended: part(1), street: part(2), locality: part(3),
                                                             region: part(4), postalCode: part(5), country: part(6), preferred: preferred,
                                                             label: label(property)))
                case "NOTE": contact.note = [contact.note, try VCardText.text(property, version: version)].compactMap { $0 }.joined(separator: "\n")
                case "CATEGORIES": contact.categories += try VCardText.list(property, version: version)
                case "MEMBER": contact.members.append(try VCardText.text(property, version: version))
                case "REV": contact.revision = property.value
                case "PHOTO": contact.hasPhoto = true
                default: break
                }
            } catch {
                try problem(error, property)
            }
        }
        contact.name = formatted.flatMap { $0.isEmpty ? nil : $0 } ?? contact.structuredName.map(\.displayed).flatMap { $0.isEmpty ? nil : $0 }
            ?? contact.organization.first ?? contact.firstEmail?.value ?? contact.firstPhone?.value ?? ""
        return contact
    }
}

extension String {
    /// Without spaces and tabs at either end.
    func trimmingCharacters() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }

    /// A structured name's part with several values (`Anna,Maria`): the values joined by spaces.
    func replacingCommas() -> String {
        guard utf8.contains(UInt8(ascii: ",")) else { return self }
        return split(separator: ",", omittingEmptySubsequences: true).joined(separator: " ")
    }

}

extension VCardDate {
    /// A text cut for a message.
    static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "..." : text
    }
}

/// Dates kept in another calendar: Apple's X-ALTBDAY and vCard 4's BDAY
/// with CALSCALE. Apple writes the fields of Foundation's `DateComponents`
/// run together: era (4 digits), year (4), month (2), `L` for a leap month,
/// day (2), `-` for a field it does not have (`CNVCardDateComponentsFormatter`,
/// Docs/Contacts.md): `X-ALTBDAY;CALSCALE=chinese:0078000105L01` is the
/// first day of the leap fifth month of the year 1 of the 78th cycle
/// (1984). The month is Foundation's number (Hebrew: 6 is Adar I, 7 Adar or
/// Adar II). A value in vCard's own date forms (`57440612`, `5744-06-12`)
/// is read with the same month numbers.
enum AlternateDates {
    /// `text` as a date of `calendar`.
    /// - Throws: `ContentLineError` when it is no date of that calendar.
    static func read(_ text: String, calendar id: CalendarID, property: ICalendarProperty) throws(ContentLineError) -> VCardDate {
        let calendar: any CalendarSystem
        do {
            calendar = try Calendars.system(id)
        } catch {
            throw ContentLineError(.invalidDate(text, detail: "\(error)"), property: property.name)
        }
        func fail(_ detail: String) -> ContentLineError { ContentLineError(.invalidDate(text, detail: detail), property: property.name) }
        var era: Int?, year: Int?, month: Int?, day: Int?, leap = false
        if let apple = appleFields(Array(text.utf8)) {
            (era, year, month, leap, day) = apple
        } else {
            let date = try VCardDate(parsing: text, property: property.name, checkingGregorianDays: false)
            guard date.time == nil else { throw fail("a date of another calendar has no time") }
            (year, month, day) = (date.year, date.month?.number, date.day)
        }
        guard let month, let day else { throw fail("a birthday needs its month and its day") }
        guard let code = calendar.monthCode(foundationMonth: month, isLeapMonth: leap) else {
            throw fail("\(id.name) has no month \(month)\(leap ? " (leap)" : "")")
        }
        var arithmetic: Int?
        if let year {
            if let era {
                do {
                    arithmetic = try calendar.arithmeticYear(foundationEra: era, eraYear: year)
                } catch {
                    throw fail("\(error)")
                }
            } else if id != .chinese && id != .dangi {
                arithmetic = year
            }
        }
        // The day must exist: in that year, or (year-less) in some year of the calendar.
        if let arithmetic {
            do {
                _ = try calendar.date(year: arithmetic, monthCode: code, day: day)
            } catch {
                throw fail("\(error)")
            }
        } else if !(1...31).contains(day) {
            throw fail("day \(day) is not 1 ... 31")
        }
        return VCardDate(calendar: id, year: arithmetic, month: code, day: day)
    }

    /// Apple's `EEEEYYYYMM[L]DD`, each field digits or `-`; nil when `bytes` are not in that form.
    static func appleFields(_ bytes: [UInt8]) -> (era: Int?, year: Int?, month: Int?, leap: Bool, day: Int?)? {
        var index = 0
        func field(_ width: Int) -> Int?? {
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "-") {
                index += 1
                return .some(nil)
            }
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<width {
                let byte = bytes[index + offset]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += width
            return .some(value)
        }
        guard let era = field(4), let year = field(4), let month = field(2) else { return nil }
        let leap = index < bytes.count && bytes[index] == UInt8(ascii: "L")
        if leap { index += 1 }
        guard let day = field(2), index == bytes.count else { return nil }
        // Eight digits and nothing else is vCard's own YYYYMMDD, not Apple's form.
        guard bytes.count != 8 || bytes.contains(UInt8(ascii: "-")) else { return nil }
        return (era, year, month, leap, day)
    }
}
