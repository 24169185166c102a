#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsContacts
import KalendsICalendar

/// Contact files and folders (`.vcf`, vdir folders, folders of them) read
/// into contacts, as the contract's "Contacts" reads them: a defect leaves
/// its card out (or costs its line) with a located warning; `--strict`
/// makes it an error; a folder with no address book is an error.
enum ContactFiles {
    /// The address books read by this run, kept until the process exits (freeing
    /// 10,000 contacts one value at a time would only delay the exit).
    nonisolated(unsafe) static var opened: [[AddressBook]] = []

    static func open(_ paths: [String], strict: Bool) throws -> [AddressBook] {
        let books = try read(paths, strict: strict)
        opened.append(books)
        return books
    }

    static func read(_ paths: [String], strict: Bool) throws -> [AddressBook] {
        let reader = ContactFileReader(mode: strict ? .strict : .lenient)
        var books: [AddressBook] = []
        for path in paths {
            do {
                for read in try reader.read(path) {
                    for warning in read.warnings.sorted(by: { ($0.error.source, $0.error.line) < ($1.error.source, $1.error.line) }) {
                        ErrorReporting.warn(warning.description)
                    }
                    books.append(read.book)
                }
            } catch {
                switch error {
                case .file(let file):
                    throw InputError(.file(argument: "FILE", path: file.path), underlying: ArgumentProblem.unreadable(errno: file.code))
                case .content(let content):
                    throw content
                case .noAddressBook:
                    throw ArgumentProblem.calendarFile(error.description)
                }
            }
        }
        return books
    }

    /// The locale names are sorted and compared in: LC_ALL, LC_COLLATE, LANG (`en_US.UTF-8` is `en_US`).
    static var collationLocale: String {
        for key in ["LC_ALL", "LC_COLLATE", "LANG"] {
            if let value = getenv(key).map({ String(cString: $0) }), !value.isEmpty {
                if value == "C" || value == "POSIX" || value.hasPrefix("C.") { return "" }
                return String(value.prefix { $0 != "." && $0 != "@" })
            }
        }
        return ""
    }
}

/// `kalends contacts list|show`: the address book.
enum ContactsCommand: Command {
    static let name = "contacts"
    static let summary = "List or show the contacts of vCard files and folders."
    static let usage = """
        kalends contacts list [FILE...] [--search TEXT] [--strict] [--json]
               kalends contacts show [FILE...] UID|NAME [--strict] [--json]
               kalends contacts add [FILE|FOLDER | --in NAME] --name NAME [--given G] [--family F] [--phone [TYPE:]NUMBER]... [--email [TYPE:]ADDRESS]... [--address "[TYPE:]STREET;LOCALITY;REGION;CODE;COUNTRY"]... [--organization O] [--birthday DATE [--birthday-calendar CAL]] [--anniversary DATE] [--note T] [--vcard 3.0|4.0]
               kalends contacts edit [FILE|FOLDER | --in NAME] UID [the options of add, each replacing its field] [--add-phone|--remove-phone ...] [--add-email|--remove-email ...] [--add-address|--remove-address ...]
               kalends contacts remove [FILE|FOLDER | --in NAME] UID
        """
    static let discussion = """
        FILE is a vCard file (.vcf, versions 2.1, 3.0 and 4.0, any number of cards),
        a vdir folder of cards (as vdirsyncer keeps them for khard) or a folder of
        such folders; several merge. A card with a defect in its structure is left
        out with a warning, a defect in one property costs that line; --strict makes
        any defect an error (exit 1).

        list: one line per contact, sorted by name as the locale sorts (LC_ALL,
        LC_COLLATE, LANG): name, first phone, first email, city. --search TEXT keeps
        the contacts with TEXT in any field (names, organization, title, phones,
        emails, addresses, note, categories), case and accents ignored.
        show: every field of the contact with that UID, else of those with that name.

        add: a new card (vCard 3.0, or --vcard 4.0) at the end of FILE (created when
        missing), or a file of its own in a vdir FOLDER; prints its UID. TYPE is a
        word or several (cell, home, work, "work,voice"). --birthday takes 1984-03-15
        or, without a year, --03-15; with --birthday-calendar CAL a date of that
        calendar (5744-M06-12, --M06-12), written as vCard 4's BDAY;CALSCALE or, in
        3.0, as Apple Contacts writes it (X-ALTBDAY).
        edit: each option given replaces that field (--phone, --email and --address
        all of that kind; --birthday the birthday kept in that calendar); "" removes
        a field; --add-* adds one, --remove-* removes those with that number (its
        digits), address (any case) or street. A 3.0 card stays 3.0; a 2.1 card is
        written as 3.0 (saying so). remove: the card with that UID.
        Every edit reads the file under a lock, refuses a file with any defect or an
        unknown UID (exit 1, the file unchanged), changes only the lines of the
        fields named (and REV), and replaces the file atomically.

        examples:
          kalends contacts list ~/.contacts/family
          kalends contacts list friends.vcf --search muller --json
          kalends contacts show friends.vcf "Anna Levi"
          kalends contacts add ~/.contacts/family --name "Anna Levi" --phone cell:+972501234567 --birthday-calendar hebrew --birthday 5744-M06-12
          kalends contacts edit friends.vcf UID --add-email work:anna@example.org --note ""
        """
    static let options: [OptionSpec] = [
        .value("--search", "TEXT", "list: the contacts with TEXT in any field (case and accents ignored)."),
        .flag("--strict", "Refuse a file with any defect (exit 1) instead of leaving the card out."),
        .flag("--json", "One JSON object per contact, a line each."),
        .value("--in", "NAME", "add, edit, remove without FILE: the configured address book of that name (else the one holding UID, or the only one)."),
        .value("--name", "NAME", "add, edit: the name shown (FN)."),
        .value("--given", "G", "add, edit: the given name (N)."),
        .value("--family", "F", "add, edit: the family name (N)."),
        .value("--phone", "[TYPE:]NUMBER", repeatable: true, "add, edit: a phone (edit: all phones replaced)."),
        .value("--email", "[TYPE:]ADDRESS", repeatable: true, "add, edit: an email address (edit: all replaced)."),
        .value("--address", "[TYPE:]STREET;LOCALITY;REGION;CODE;COUNTRY", repeatable: true, "add, edit: a postal address (edit: all replaced)."),
        .value("--organization", "O", "add, edit: the organization (ORG)."),
        .value("--birthday", "DATE", "add, edit: the birthday (1984-03-15, --03-15; with --birthday-calendar, a date of that calendar)."),
        .value("--birthday-calendar", "CAL", "The calendar --birthday is kept in (hebrew, chinese, islamic-umalqura...)."),
        .value("--anniversary", "DATE", "add, edit: the anniversary (1984-03-15, --03-15)."),
        .value("--note", "T", "add, edit: the note."),
        .value("--vcard", "3.0|4.0", "add: the version of the new card (3.0)."),
        .value("--add-phone", "[TYPE:]NUMBER", repeatable: true, "edit: a phone added."),
        .value("--remove-phone", "NUMBER", repeatable: true, "edit: the phones with that number removed."),
        .value("--add-email", "[TYPE:]ADDRESS", repeatable: true, "edit: an email address added."),
        .value("--remove-email", "ADDRESS", repeatable: true, "edit: that email address removed."),
        .value("--add-address", "[TYPE:]STREET;...", repeatable: true, "edit: a postal address added."),
        .value("--remove-address", "STREET", repeatable: true, "edit: the addresses with that street (or whole value) removed."),
    ]

    /// The options of the editing verbs.
    static let fieldOptions = ["--name", "--given", "--family", "--phone", "--email", "--address", "--organization", "--birthday",
                               "--birthday-calendar", "--anniversary", "--note"]
    static let listOptions = ["--add-phone", "--remove-phone", "--add-email", "--remove-email", "--add-address", "--remove-address"]

    static func run(_ arguments: ParsedArguments, output: inout OutputBuffer) throws -> Int32 {
        let positionals = try arguments.positionals(1...Int.max, command: name, usage: usage)
        switch positionals[0] {
        case "list":
            try EditArguments.refuse(fieldOptions + listOptions + ["--vcard", "--in"], arguments, verb: "contacts list")
            let books = try ContactFiles.open(try Configured.contactPaths(Array(positionals.dropFirst()), command: name), strict: arguments.flag("--strict"))
            let contacts = books.count == 1 ? books[0].contacts : books.flatMap(\.contacts)
            var chosen = Array(contacts.indices)
            if let text = arguments.value("--search") {
                guard let search = TextSearch(pattern: text, locale: ContactFiles.collationLocale) else {
                    throw UsageError.badValue(option: "--search", expected: "some text", given: text)
                }
                // On the machine's cores, a searcher each (ICU's is not shared between threads), in chunks of the order.
                let locale = ContactFiles.collationLocale
                chosen = Parallel.chunks(count: contacts.count, minimumChunk: 2_000) { range -> [Int] in
                    let searcher = range.lowerBound == 0 ? search : TextSearch(pattern: text, locale: locale)
                    guard let searcher else { return [] }
                    return range.filter { searchable(contacts[$0]).contains(where: searcher.matches) }
                }.flatMap { $0 }
            }
            let order = try sortedIndices(contacts, chosen)
            if arguments.flag("--json") {
                for index in order { output.line(json(contacts[index])) }
                return ExitStatus.success
            }
            let rows = order.map { index in
                [contacts[index].name, contacts[index].firstPhone?.value ?? "", contacts[index].firstEmail?.value ?? "",
                 contacts[index].firstAddress?.locality ?? ""].map { Echo.escaped($0) }
            }
            let widths = (0..<4).map { column in rows.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
            for row in rows {
                let line = (0..<4).map { GridColumns.leftAligned(row[$0], to: widths[$0]) }.joined(separator: "  ")
                output.line(GridColumns.trimmingTrailingBlanks(line))
            }
            return ExitStatus.success
        case "show":
            try EditArguments.refuse(fieldOptions + listOptions + ["--vcard", "--search", "--in"], arguments, verb: "contacts show")
            guard positionals.count >= 2 else { throw UsageError.missing("'contacts show' needs UID or NAME (see kalends contacts --help)") }
            let wanted = positionals[positionals.count - 1]
            let paths = try Configured.contactPaths(Array(positionals.dropFirst().dropLast()), command: name)
            let books = try ContactFiles.open(paths, strict: arguments.flag("--strict"))
            let all = books.flatMap(\.contacts)
            var found = all.filter { $0.uid == wanted }
            if found.isEmpty { found = all.filter { $0.name == wanted } }
            guard !found.isEmpty else { throw ArgumentProblem.calendarFile("no contact with UID or name \(Echo.quoted(wanted))") }
            for (index, contact) in try sorted(found).enumerated() {
                if arguments.flag("--json") {
                    output.line(json(contact, full: true))
                } else {
                    if index > 0 { output.line("") }
                    for line in details(contact) { output.line(line) }
                }
            }
            return ExitStatus.success
        case "add", "edit", "remove":
            return try ContactEdits.run(try EditTarget.positionals(positionals, arguments, takesUID: ["edit", "remove"], itemExtension: "vcf"),
                                        arguments, output: &output)
        default:
            throw UsageError.conflict("'contacts' takes list, show, add, edit or remove, not \(Echo.quoted(positionals[0])) (see kalends contacts --help)")
        }
    }

    /// The contacts by name as the locale collates, then UID.
    static func sorted(_ contacts: [Contact]) throws -> [Contact] {
        try sortedIndices(contacts, Array(contacts.indices)).map { contacts[$0] }
    }

    /// The indices `chosen` of `contacts` in that order (indices: a contact is a large value to move).
    static func sortedIndices(_ contacts: [Contact], _ chosen: [Int]) throws -> [Int] {
        let locale = ContactFiles.collationLocale
        let first = try TextCollator(locale: locale)
        // The keys on the machine's cores, a collator each, in chunks of the order.
        let keys = Parallel.chunks(count: chosen.count, minimumChunk: 2_000) { range -> [[UInt8]] in
            guard let collator = range.lowerBound == 0 ? first : try? TextCollator(locale: locale) else { return [] }
            return range.map { collator.key(contacts[chosen[$0]].name) }
        }.flatMap { $0 }
        guard keys.count == chosen.count else { throw ArgumentProblem.calendarFile("the names could not be sorted (ICU)") }
        return chosen.indices.sorted { a, b in
            keys[a] != keys[b] ? keys[a].lexicographicallyPrecedes(keys[b]) : (contacts[chosen[a]].uid ?? "") < (contacts[chosen[b]].uid ?? "")
        }.map { chosen[$0] }
    }

    /// The texts `--search` looks in.
    static func searchable(_ contact: Contact) -> [String] {
        var texts = [contact.name] + contact.nicknames + contact.organization + contact.categories
        if let name = contact.structuredName { texts += [name.given, name.family, name.additional] }
        if let title = contact.title { texts.append(title) }
        if let note = contact.note { texts.append(note) }
        texts += contact.phones.map(\.value) + contact.emails.map(\.value) + contact.urls.map(\.value)
        for address in contact.addresses {
            texts += [address.street, address.locality, address.region, address.postalCode, address.country]
        }
        return texts.filter { !$0.isEmpty }
    }

    /// A date as the JSON shows it: `1984-03-15`, `--03-15`, another calendar's `hebrew 5744-M06-14`, or the text.
    static func dateText(_ date: VCardDate?) -> String? { date?.description }

    static func json(_ contact: Contact, full: Bool = false) -> JSONObject {
        var object = JSONObject()
        object.add("uid", contact.uid)
        object.add("name", contact.name)
        object.add("given", contact.structuredName.map(\.given).flatMap { $0.isEmpty ? nil : $0 })
        object.add("family", contact.structuredName.map(\.family).flatMap { $0.isEmpty ? nil : $0 })
        object.add("organization", contact.organization.first)
        func entries(_ list: [Contact.Entry]) -> [JSONObject] {
            var array: [JSONObject] = []
            for entry in list {
                var item = JSONObject()
                item.add("types", entry.types)
                item.add("value", entry.value)
                if full {
                    item.add("preferred", entry.preferred)
                    item.add("label", entry.label)
                }
                array.append(item)
            }
            return array
        }
        object.add("phones", objects: entries(contact.phones))
        object.add("emails", objects: entries(contact.emails))
        var addresses: [JSONObject] = []
        for address in contact.addresses {
            var item = JSONObject()
            item.add("types", address.types)
            item.add("street", address.street.isEmpty ? nil : address.street)
            item.add("locality", address.locality.isEmpty ? nil : address.locality)
            item.add("region", address.region.isEmpty ? nil : address.region)
            item.add("postalCode", address.postalCode.isEmpty ? nil : address.postalCode)
            item.add("country", address.country.isEmpty ? nil : address.country)
            addresses.append(item)
        }
        object.add("addresses", objects: addresses)
        object.add("birthday", dateText(contact.birthday))
        if full {
            object.add("nicknames", contact.nicknames)
            object.add("title", contact.title)
            object.add("urls", objects: entries(contact.urls))
            object.add("otherBirthdays", contact.alternateBirthdays.map(\.description))
            object.add("anniversary", dateText(contact.anniversary))
            object.add("deathDate", dateText(contact.deathDate))
            object.add("note", contact.note)
            object.add("categories", contact.categories)
            object.add("kind", contact.kind)
            object.add("members", contact.members)
            object.add("version", contact.version)
        }
        object.add("file", contact.file)
        return object
    }

    /// `show`'s text: one field a line.
    static func details(_ contact: Contact) -> [String] {
        var lines = [Echo.escaped(contact.name)]
        func add(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append("  " + GridColumns.leftAligned(label, to: 14) + Echo.escaped(value))
        }
        func kinds(_ entry: Contact.Entry) -> String {
            let names = (entry.label.map { [$0] } ?? []) + entry.types + (entry.preferred ? ["preferred"] : [])
            return names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")"
        }
        if let name = contact.structuredName {
            add("given", name.given)
            add("family", name.family)
        }
        add("nickname", contact.nicknames.joined(separator: ", "))
        add("organization", contact.organization.joined(separator: ", "))
        add("title", contact.title)
        for phone in contact.phones { add("phone", phone.value + kinds(phone)) }
        for email in contact.emails { add("email", email.value + kinds(email)) }
        for address in contact.addresses {
            let parts = [address.street, address.postalCode + (address.postalCode.isEmpty ? "" : " ") + address.locality, address.region, address.country]
            add("address", parts.filter { !$0.isEmpty }.joined(separator: ", ") + (address.types.isEmpty ? "" : " (" + address.types.joined(separator: ", ") + ")"))
        }
        for url in contact.urls { add("url", url.value + kinds(url)) }
        add("birthday", dateText(contact.birthday))
        for other in contact.alternateBirthdays { add("birthday", other.description) }
        add("anniversary", dateText(contact.anniversary))
        add("died", dateText(contact.deathDate))
        for other in contact.otherDates { add(other.label ?? "date", other.date.description) }
        add("categories", contact.categories.joined(separator: ", "))
        add("note", contact.note?.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " / "))
        add("uid", contact.uid)
        add("file", "\(contact.file):\(contact.line)")
        return lines
    }
}
