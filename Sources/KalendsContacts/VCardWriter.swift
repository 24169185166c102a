import Kalends
import KalendsICalendar

/// The vCard versions Kalends writes.
public enum VCardVersion: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// vCard 2.1: quoted-printable UTF-8 for text that is not plain ASCII, bare types (`TEL;CELL`).
    case v21 = "2.1"
    /// vCard 3.0 (RFC 2426), what khard, Apple Contacts and Google write.
    case v30 = "3.0"
    /// vCard 4.0 (RFC 6350).
    case v40 = "4.0"

    public var description: String { rawValue }
}

/// Writes contacts as vCard text of one version, property by property, so
/// that an edit can write only the fields it changes (`ContactFileEditor`).
///
/// What each field becomes:
/// - phones, emails, URLs and addresses: `TYPE` (4.0 `TYPE=cell,home` and
///   `PREF=1`; 3.0 `TYPE=CELL,HOME,PREF`; 2.1 `TEL;CELL;HOME;PREF`), a label
///   as Apple writes it (`item1.TEL` and `item1.X-ABLabel`);
/// - dates: 4.0 in its basic form (`19840315`, `--0315`), 3.0 and 2.1 in the
///   extended form (`1984-03-15`, `--03-15`), text with `VALUE=text`; a date
///   of another calendar as 4.0's `BDAY;CALSCALE=hebrew:57440714` (Chinese
///   and Dangi in Apple's form, which has the leap month), in 3.0 and 2.1 as
///   Apple's `X-ALTBDAY;CALSCALE=hebrew:-57440714` (Foundation's month
///   numbers, Docs/Contacts.md); 3.0's anniversary and death date as
///   `X-ANNIVERSARY` and `X-DEATHDATE`;
/// - text escaped as the version says (2.1: quoted-printable UTF-8 where
///   it is not plain ASCII, `\;` inside N, ADR and ORG).
///
///     let writer = VCardWriter(version: .v30)
///     let bytes = writer.card(contact)
public struct VCardWriter: Sendable {
    /// The version written.
    public var version: VCardVersion
    /// The line end written (CRLF, or LF to match a file that uses it).
    public var lineEnd: ICalendarWriter.LineEnd

    /// A writer of `version` cards ending lines with `lineEnd`.
    public init(version: VCardVersion = .v30, lineEnd: ICalendarWriter.LineEnd = .crlf) {
        self.version = version
        self.lineEnd = lineEnd
    }

    /// The card of `contact`, BEGIN to END: its fields (the `card`, `file`,
    /// `line`, `version` and `hasPhoto` of the value are not written).
    public func card(_ contact: Contact) -> [UInt8] {
        var groups = GroupNames()
        var properties = [ICalendarProperty(name: "VERSION", value: version.rawValue)]
        if let uid = contact.uid { properties.append(ICalendarProperty(name: "UID", value: text(uid))) }
        if version == .v40, let kind = contact.kind { properties.append(ICalendarProperty(name: "KIND", value: text(kind))) }
        properties += name(contact.name, structured: contact.structuredName)
        if !contact.nicknames.isEmpty { properties.append(list("NICKNAME", contact.nicknames)) }
        if !contact.organization.isEmpty { properties.append(compound("ORG", contact.organization)) }
        if let title = contact.title { properties.append(textProperty("TITLE", title)) }
        for phone in contact.phones { properties += entry("TEL", phone, groups: &groups) }
        for email in contact.emails { properties += entry("EMAIL", email, groups: &groups) }
        for address in contact.addresses { properties += self.address(address, groups: &groups) }
        for url in contact.urls { properties += entry("URL", url, groups: &groups) }
        properties += birthdays(contact.birthday, alternates: contact.alternateBirthdays)
        if let anniversary = contact.anniversary { properties += date(version == .v40 ? "ANNIVERSARY" : "X-ANNIVERSARY", anniversary) }
        if let death = contact.deathDate { properties += date(version == .v40 ? "DEATHDATE" : "X-DEATHDATE", death) }
        for other in contact.otherDates { properties += labelledDate(other, groups: &groups) }
        if let note = contact.note { properties.append(textProperty("NOTE", note)) }
        if !contact.categories.isEmpty { properties.append(list("CATEGORIES", contact.categories)) }
        if version == .v40 { properties += contact.members.map { ICalendarProperty(name: "MEMBER", value: $0) } }
        if let revision = contact.revision { properties.append(ICalendarProperty(name: "REV", value: revision)) }
        return component(properties)
    }

    /// BEGIN:VCARD, the properties' lines, END:VCARD.
    public func component(_ properties: [ICalendarProperty]) -> [UInt8] {
        let writer = ICalendarWriter(lineEnd: lineEnd)
        var bytes = writer.fold(Array("BEGIN:VCARD".utf8))
        for property in properties { bytes += line(property) }
        return bytes + writer.fold(Array("END:VCARD".utf8))
    }

    /// One property's line(s): folded; in 2.1, types bare and a
    /// quoted-printable value broken by soft line breaks instead of folds.
    public func line(_ property: ICalendarProperty) -> [UInt8] {
        let writer = ICalendarWriter(lineEnd: lineEnd)
        guard version == .v21 else { return writer.line(property) }
        let property = quotedIfNeeded(property)
        var head = property.group.map { $0 + "." } ?? ""
        head += property.name
        for parameter in property.parameters {
            head += ";" + (parameter.name == "TYPE" ? parameter.values.joined(separator: ";") : parameter.description)
        }
        let quoted = VCardText.isQuotedPrintable(property)
        guard quoted else { return writer.fold(Array((head + ":" + property.value).utf8)) }
        // Soft line breaks (`=` at the end of a line), never inside an =XX.
        let end: [UInt8] = lineEnd == .crlf ? [13, 10] : [10]
        // A quoted-printable line is not folded, only soft-broken (as 2.1's readers expect): a name and parameters too
        // long to leave room on their line end it with a soft break, the value starting on the next.
        var bytes = Array((head + ":").utf8)
        var run = bytes.count
        if run > ICalendarWriter.maximumLineOctets - 2 {
            bytes += [UInt8(ascii: "=")] + end
            run = 0
        }
        let value = Array(property.value.utf8)
        var index = 0
        while index < value.count {
            let width = value[index] == UInt8(ascii: "=") ? 3 : 1
            if run + width > ICalendarWriter.maximumLineOctets - 1 {
                bytes += [UInt8(ascii: "=")] + end
                run = 0
            }
            bytes += value[index..<min(index + width, value.count)]
            run += width
            index += width
        }
        return bytes + end
    }

    // MARK: Fields

    /// FN and N.
    public func name(_ formatted: String, structured: Contact.Name?) -> [ICalendarProperty] {
        var properties = [textProperty("FN", formatted)]
        // 3.0 needs N; 2.1 and 4.0 write it when there is one.
        if let structured {
            properties.append(compound("N", [structured.family, structured.given, structured.additional, structured.prefixes, structured.suffixes]))
        } else if version == .v30 {
            properties.append(ICalendarProperty(name: "N", value: ";;;;"))
        }
        return properties
    }

    /// A TEL, EMAIL or URL with its types, preference and label.
    public func entry(_ name: String, _ entry: Contact.Entry, groups: inout GroupNames) -> [ICalendarProperty] {
        var property = ICalendarProperty(name: name, parameters: typeParameters(entry.types, preferred: entry.preferred),
                                         value: name == "URL" && version == .v40 ? entry.value : text(entry.value))
        return labelled(&property, entry.label, groups: &groups)
    }

    /// An ADR with its types, preference and label.
    public func address(_ address: Contact.Address, groups: inout GroupNames) -> [ICalendarProperty] {
        var property = compound("ADR", [address.poBox, address.extended, address.street, address.locality, address.region,
                                        address.postalCode, address.country])
        property.parameters = typeParameters(address.types, preferred: address.preferred) + property.parameters
        return labelled(&property, address.label, groups: &groups)
    }

    /// BDAY and the birthdays kept in other calendars: in 4.0 each a BDAY
    /// (with one ALTID when there are several: the same birthday in
    /// several calendars), in 3.0 and 2.1 Apple's X-ALTBDAY.
    public func birthdays(_ birthday: VCardDate?, alternates: [VCardDate]) -> [ICalendarProperty] {
        var properties: [ICalendarProperty] = []
        if let birthday { properties += date("BDAY", birthday) }
        for alternate in alternates { properties += date(version == .v40 ? "BDAY" : "X-ALTBDAY", alternate) }
        if version == .v40 && properties.count > 1 {
            for index in properties.indices { properties[index].parameters.insert(ICalendarParameter(name: "ALTID", values: ["1"]), at: 0) }
        }
        return properties
    }

    /// A date property (BDAY, ANNIVERSARY, DEATHDATE, X-ABDATE...).
    public func date(_ name: String, _ date: VCardDate) -> [ICalendarProperty] {
        if let text = date.text {
            return [ICalendarProperty(name: name, parameters: [ICalendarParameter(name: "VALUE", values: ["text"])], value: self.text(text))]
        }
        guard date.calendar != .gregorian else {
            return [ICalendarProperty(name: name, value: version == .v40 ? date.vCard4Text : extended(date))]
        }
        let scale = ICalendarParameter(name: "CALSCALE", values: [date.calendar.rawValue])
        let apple = version != .v40 || date.calendar == .chinese || date.calendar == .dangi
        return [ICalendarProperty(name: name, parameters: [scale], value: apple ? appleForm(date) : basicForm(date))]
    }

    /// An X-ABDATE with its label.
    func labelledDate(_ date: Contact.LabelledDate, groups: inout GroupNames) -> [ICalendarProperty] {
        guard var property = self.date("X-ABDATE", date.date).first else { return [] }
        return labelled(&property, date.label, groups: &groups)
    }

    /// A text property's value escaped for this version.
    public func textProperty(_ name: String, _ value: String) -> ICalendarProperty {
        quotedIfNeeded(ICalendarProperty(name: name, value: text(value)))
    }

    /// A compound value (N, ADR, ORG): components escaped and joined by `;`.
    func compound(_ name: String, _ parts: [String]) -> ICalendarProperty {
        let value = version == .v21 ? parts.map { $0.replacing(";", with: "\\;") }.joined(separator: ";")
            : parts.map(ICalendarValue.Text.write).joined(separator: ";")
        return quotedIfNeeded(ICalendarProperty(name: name, value: value))
    }

    /// A list value (NICKNAME, CATEGORIES): items escaped and joined by `,`.
    func list(_ name: String, _ items: [String]) -> ICalendarProperty {
        quotedIfNeeded(ICalendarProperty(name: name, value: version == .v21 ? items.joined(separator: ",") : ICalendarValue.Text.writeList(items)))
    }

    /// Text escaped for 3.0 and 4.0; 2.1 text as it is (made quoted-printable by the property).
    func text(_ value: String) -> String {
        version == .v21 ? value : ICalendarValue.Text.write(value)
    }

    /// In 2.1, a value that is not plain printable ASCII on one line becomes quoted-printable UTF-8.
    func quotedIfNeeded(_ property: ICalendarProperty) -> ICalendarProperty {
        guard version == .v21, !VCardText.isQuotedPrintable(property), !property.value.utf8.allSatisfy({ $0 >= 32 && $0 < 127 }) else { return property }
        var quoted = property
        quoted.parameters += [ICalendarParameter(name: "CHARSET", values: ["UTF-8"]), ICalendarParameter(name: "ENCODING", values: ["QUOTED-PRINTABLE"])]
        quoted.value = QuotedPrintable.encode(Array(property.value.utf8))
        return quoted
    }

    func typeParameters(_ types: [String], preferred: Bool) -> [ICalendarParameter] {
        var parameters: [ICalendarParameter] = []
        switch version {
        case .v40:
            if !types.isEmpty { parameters.append(ICalendarParameter(name: "TYPE", values: types.map { $0.lowercased() })) }
            if preferred { parameters.append(ICalendarParameter(name: "PREF", values: ["1"])) }
        case .v30, .v21:
            let all = types.map { $0.uppercased() } + (preferred ? ["PREF"] : [])
            if !all.isEmpty { parameters.append(ICalendarParameter(name: "TYPE", values: all)) }
        }
        return parameters
    }

    /// The property in a group of its own with Apple's X-ABLabel, when it has a label.
    func labelled(_ property: inout ICalendarProperty, _ label: String?, groups: inout GroupNames) -> [ICalendarProperty] {
        guard let label else { return [property] }
        let group = groups.next()
        property.group = group
        var labelProperty = textProperty("X-ABLabel", label)
        labelProperty.group = group
        return [property, labelProperty]
    }

    // MARK: Date forms

    /// `1984-03-15`, `--03-15`, `---15`, `1984-03`, `1984`, with `T10:30:00Z` or `T10:30:00+05:30`.
    func extended(_ date: VCardDate) -> String {
        var result = ""
        switch (date.year, date.month, date.day) {
        case (let year?, let month?, let day?): result = VCardDate.digits(year, 4) + "-" + VCardDate.digits(month.number, 2) + "-" + VCardDate.digits(day, 2)
        case (let year?, let month?, nil): result = VCardDate.digits(year, 4) + "-" + VCardDate.digits(month.number, 2)
        case (let year?, nil, _): result = VCardDate.digits(year, 4)
        case (nil, let month?, let day): result = "--" + VCardDate.digits(month.number, 2) + (day.map { "-" + VCardDate.digits($0, 2) } ?? "")
        case (nil, nil, let day?): result = "---" + VCardDate.digits(day, 2)
        case (nil, nil, nil): break
        }
        if let time = date.time {
            result += "T" + VCardDate.digits(time.hour, 2) + ":" + VCardDate.digits(time.minute, 2) + ":" + VCardDate.digits(time.second, 2)
            if let offset = date.utcOffset {
                let magnitude = abs(offset)
                result += offset == 0 ? "Z" : (offset < 0 ? "-" : "+") + VCardDate.digits(magnitude / 3600, 2) + ":" + VCardDate.digits(magnitude % 3600 / 60, 2)
            }
        }
        return result
    }

    /// Foundation's month number of a date of another calendar.
    static func foundationMonth(_ date: VCardDate) -> (month: Int, leap: Bool)? {
        guard let code = date.month, let calendar = try? Calendars.system(date.calendar) else { return nil }
        return (calendar.foundationMonth(code), calendar.foundationIsLeapMonth(code))
    }

    /// vCard 4's basic form with Foundation's month number: `57440714`, `--0714`.
    func basicForm(_ date: VCardDate) -> String {
        guard let (month, _) = Self.foundationMonth(date), let day = date.day else { return appleForm(date) }
        return (date.year.map { VCardDate.digits($0, 4) } ?? "--") + VCardDate.digits(month, 2) + VCardDate.digits(day, 2)
    }

    /// Apple's form: era, year, month, `L`, day, `-` for an unknown field
    /// (`0078000110L15`; `-57440714`: calendars whose era Apple leaves out).
    func appleForm(_ date: VCardDate) -> String {
        var result = "-"
        var year = date.year.map { VCardDate.digits($0, 4) } ?? "-"
        if let known = date.year, date.calendar == .chinese || date.calendar == .dangi, let calendar = try? Calendars.system(date.calendar) {
            let era = calendar.standardEra(year: known)
            result = VCardDate.digits(era.value, 4)
            year = VCardDate.digits(era.year, 4)
        }
        result += year
        if let (month, leap) = Self.foundationMonth(date) {
            result += VCardDate.digits(month, 2) + (leap ? "L" : "")
        } else {
            result += "-"
        }
        result += date.day.map { VCardDate.digits($0, 2) } ?? "-"
        return result
    }

}

/// Apple's property groups (`item1`, `item2`, ...): the next name not yet used in a card.
public struct GroupNames: Sendable {
    var used: Set<String>
    var counter = 0

    /// Names not to use: the groups a card has already.
    public init(used: Set<String> = []) {
        self.used = Set(used.map { $0.lowercased() })
    }

    mutating func next() -> String {
        while true {
            counter += 1
            let name = "item\(counter)"
            if !used.contains(name) {
                used.insert(name)
                return name
            }
        }
    }
}
