import Kalends
import KalendsContacts
import KalendsICalendar

/// `kalends contacts add|edit|remove`: the options read into a contact or
/// changes, the edit made by `ContactFileEditor`.
enum ContactEdits {
    static func run(_ positionals: [String], _ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let verb = positionals[0]
        try EditArguments.refuse(["--search", "--strict", "--json"], arguments, verb: "contacts \(verb)")
        switch verb {
        case "add":
            try EditArguments.refuse(ContactsCommand.listOptions, arguments, verb: "contacts add")
            guard positionals.count == 2 else {
                throw UsageError.missing("'contacts add' takes FILE or FOLDER (see kalends contacts --help)")
            }
            guard let name = arguments.value("--name") else { throw UsageError.missing("'contacts add' needs --name") }
            let version: VCardVersion
            switch arguments.value("--vcard") ?? "3.0" {
            case "3.0", "3": version = .v30
            case "4.0", "4": version = .v40
            case let other: throw UsageError.badValue(option: "--vcard", expected: "3.0 or 4.0", given: other)
            }
            var contact = Contact(name: name)
            let given = arguments.value("--given"), family = arguments.value("--family")
            if given != nil || family != nil {
                contact.structuredName = Contact.Name(family: family ?? "", given: given ?? "")
            } else {
                // The name's last word as the family name, the rest as given, as address books split a name typed whole.
                let words = name.split(separator: " ")
                contact.structuredName = Contact.Name(family: words.count > 1 ? String(words[words.count - 1]) : "",
                                                      given: words.count > 1 ? words.dropLast().joined(separator: " ") : name)
            }
            contact.phones = try arguments.values("--phone").map { try entry($0, option: "--phone") }
            contact.emails = try arguments.values("--email").map { try entry($0, option: "--email") }
            contact.addresses = try arguments.values("--address").map { try address($0, option: "--address") }
            if let organization = arguments.value("--organization"), !organization.isEmpty { contact.organization = [organization] }
            if let birthday = try birthday(arguments) {
                if birthday.calendar == .gregorian || birthday.text != nil {
                    contact.birthday = birthday
                } else {
                    contact.alternateBirthdays = [birthday]
                }
            }
            if let text = arguments.value("--anniversary"), !text.isEmpty { contact.anniversary = try date(text, option: "--anniversary") }
            if let note = arguments.value("--note"), !note.isEmpty { contact.note = note }
            let uid = try edit { try ContactFileEditor(path: positionals[1]).add(contact, version: version) }
            output.line(uid)
        case "edit":
            try EditArguments.refuse(["--vcard"], arguments, verb: "contacts edit")
            guard positionals.count == 3 else {
                throw UsageError.missing("'contacts edit' takes FILE or FOLDER and UID (see kalends contacts --help)")
            }
            var changes = ContactChanges()
            changes.name = arguments.value("--name")
            changes.given = arguments.value("--given")
            changes.family = arguments.value("--family")
            func list<T>(_ option: String, _ read: (String, String) throws -> T) throws -> [T]? {
                let values = arguments.values(option)
                guard !values.isEmpty else { return nil }
                // `--phone ""` removes every phone.
                return try values.filter { !$0.isEmpty }.map { try read($0, option) }
            }
            changes.phones = try list("--phone", entry)
            changes.emails = try list("--email", entry)
            changes.addresses = try list("--address", address)
            changes.addedPhones = try list("--add-phone", entry) ?? []
            changes.addedEmails = try list("--add-email", entry) ?? []
            changes.addedAddresses = try list("--add-address", address) ?? []
            changes.removedPhones = arguments.values("--remove-phone")
            changes.removedEmails = arguments.values("--remove-email")
            changes.removedAddresses = arguments.values("--remove-address")
            for (option, present) in [("--phone", changes.phones != nil && !changes.removedPhones.isEmpty),
                                      ("--email", changes.emails != nil && !changes.removedEmails.isEmpty),
                                      ("--address", changes.addresses != nil && !changes.removedAddresses.isEmpty)] where present {
                throw UsageError.conflict("\(option) replaces them all: it takes no --remove-\(option.dropFirst(2)) beside it")
            }
            changes.organization = arguments.value("--organization").map { $0.isEmpty ? .remove : .set($0) }
            if let text = arguments.value("--birthday") {
                changes.birthday = try text.isEmpty ? .remove : (try birthday(arguments)).map { .set($0) }
            } else if arguments.value("--birthday-calendar") != nil {
                throw UsageError.missing("--birthday-calendar goes with --birthday")
            }
            if let text = arguments.value("--anniversary") {
                changes.anniversary = text.isEmpty ? .remove : .set(try date(text, option: "--anniversary"))
            }
            changes.note = arguments.value("--note").map { $0.isEmpty ? .remove : .set($0) }
            guard !changes.isEmpty else {
                throw UsageError.missing("'contacts edit' needs a field to change (see kalends contacts --help)")
            }
            let result = try edit { try ContactFileEditor(path: positionals[1]).edit(uid: positionals[2], changes) }
            if let old = result.upgradedFrom {
                ErrorReporting.note("\(result.file): the card of \(result.uid) was vCard \(old); it is written as vCard 3.0 now")
            }
        default:
            try EditArguments.refuse(ContactsCommand.fieldOptions + ContactsCommand.listOptions + ["--vcard"], arguments, verb: "contacts remove")
            guard positionals.count == 3 else {
                throw UsageError.missing("'contacts remove' takes FILE or FOLDER and UID (see kalends contacts --help)")
            }
            try edit { try ContactFileEditor(path: positionals[1]).remove(uid: positionals[2]) }
        }
        return ExitStatus.success
    }

    /// The library's refusal as the command's error: exit 1, the file unchanged.
    static func edit<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ContactEditError {
            throw ArgumentProblem.calendarFile(error.description)
        }
    }

    /// `[TYPE:]VALUE`: the types before a colon when they are words (`cell`, `work,voice`).
    static func typed(_ text: String) -> (types: [String], value: String) {
        guard let colon = text.firstIndex(of: ":") else { return ([], text) }
        let prefix = text[..<colon]
        let words = prefix.split(separator: ",", omittingEmptySubsequences: false)
        guard !prefix.isEmpty, words.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") } }),
              !["tel", "mailto", "sip", "http", "https"].contains(prefix.lowercased()) else { return ([], text) }
        return (words.map { $0.lowercased() }, String(text[text.index(after: colon)...]))
    }

    static func entry(_ text: String, option: String) throws -> Contact.Entry {
        let (types, value) = typed(text)
        guard value.contains(where: { $0 != " " && $0 != "\t" }) else {
            throw UsageError.badValue(option: option, expected: "[TYPE:]VALUE with a value", given: text)
        }
        return Contact.Entry(types: types, value: value)
    }

    static func address(_ text: String, option: String) throws -> Contact.Address {
        let (types, value) = typed(text)
        let parts = value.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard (1...5).contains(parts.count), parts.contains(where: { !$0.isEmpty }) else {
            throw UsageError.badValue(option: option, expected: "[TYPE:]STREET;LOCALITY;REGION;CODE;COUNTRY", given: text)
        }
        func part(_ index: Int) -> String { index < parts.count ? parts[index] : "" }
        return Contact.Address(types: types, street: part(0), locality: part(1), region: part(2), postalCode: part(3), country: part(4))
    }

    /// A Gregorian date as vCard has it: `1984-03-15`, `--03-15`, `19840315`, `--0315`.
    static func date(_ text: String, option: String) throws -> VCardDate {
        do {
            let date = try VCardDate(parsing: text, property: option == "--anniversary" ? "ANNIVERSARY" : "BDAY")
            guard date.time == nil, date.month != nil, date.day != nil else {
                throw UsageError.badValue(option: option, expected: "a day (1984-03-15, or --03-15 without the year)", given: text)
            }
            return date
        } catch let error as ContentLineError {
            throw InputError(.option(option), input: text, underlying: error)
        }
    }

    /// `--birthday` in the calendar `--birthday-calendar` names.
    static func birthday(_ arguments: ParsedArguments) throws -> VCardDate? {
        guard let text = arguments.value("--birthday"), !text.isEmpty else {
            if arguments.value("--birthday-calendar") != nil { throw UsageError.missing("--birthday-calendar goes with --birthday") }
            return nil
        }
        guard let name = arguments.value("--birthday-calendar") else { return try date(text, option: "--birthday") }
        let id: CalendarID
        do {
            id = try CalendarID(parsing: name)
        } catch {
            throw InputError(.option("--birthday-calendar"), input: name, underlying: error)
        }
        guard id != .gregorian else { return try date(text, option: "--birthday") }
        do {
            let calendar = try Calendars.system(id)
            if text.hasPrefix("--") {
                // Year-less: --M06-12, --M05L-30, --06-12 (Foundation's month number).
                let parts = text.dropFirst(2).split(separator: "-", omittingEmptySubsequences: false)
                guard parts.count == 2, let day = Int(parts[1]), (1...31).contains(day) else {
                    throw UsageError.badValue(option: "--birthday", expected: "--MONTH-DAY (--M06-12, --M05L-30)", given: text)
                }
                let code: MonthCode?
                if parts[0].hasPrefix("M") {
                    code = try? MonthCode(parsing: String(parts[0]))
                } else {
                    code = Int(parts[0]).flatMap { calendar.monthCode(foundationMonth: $0, isLeapMonth: false) }
                }
                guard let code else {
                    throw UsageError.badValue(option: "--birthday", expected: "a month of \(id.name) (M01 ... M12, M05L)", given: text)
                }
                return VCardDate(calendar: id, year: nil, month: code, day: day)
            }
            let date = try CalendarDateText.parse(text, in: calendar)
            return VCardDate(calendar: id, year: date.year, month: date.monthCode, day: date.day)
        } catch let error as ConversionError {
            throw InputError(.option("--birthday"), input: text, underlying: error)
        }
    }
}
