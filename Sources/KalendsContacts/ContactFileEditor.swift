#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsICalendar
import KalendsStore

/// Why a contact edit was refused; the files are then unchanged.
public enum ContactEditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read, locked or written, or another program kept changing it.
    case file(CalendarEditError)
    /// The file does not read strictly as vCard: an edit does not build on a defect.
    case unreadable(path: String, cause: ICalendarError)
    /// No card has this UID.
    case unknownUID(uid: String, path: String)
    /// Several cards have this UID: which one is meant is not known.
    case ambiguousUID(uid: String, path: String, count: Int)
    /// A new card with a UID another card of the file has.
    case duplicateUID(uid: String, path: String)
    /// A folder's item file for the UID exists already.
    case itemNameTaken(path: String, uid: String)
    /// A contact needs a name.
    case emptyName
    /// The edit names no field.
    case nothingToChange
    /// `--remove-phone` and the like named a value the card does not have.
    case notFound(field: String, value: String, uid: String)
    /// A field's value cannot be written (a date of no calendar, a type with a space).
    case invalidValue(field: String, value: String, detail: String)

    public var description: String {
        switch self {
        case .file(let error): return error.description
        case .unreadable(let path, let cause): return "\(RuleError.shown(path)) is not edited: it has a defect: \(cause)"
        case .unknownUID(let uid, let path): return "no contact with UID '\(RuleError.shown(uid))' in \(RuleError.shown(path))"
        case .ambiguousUID(let uid, let path, let count):
            return "\(count) contacts have UID '\(RuleError.shown(uid))' in \(RuleError.shown(path)): which one to edit is not known"
        case .duplicateUID(let uid, let path): return "a contact with UID '\(RuleError.shown(uid))' is in \(RuleError.shown(path)) already"
        case .itemNameTaken(let path, let uid): return "\(RuleError.shown(path)) exists already; it is the item file for UID '\(RuleError.shown(uid))'"
        case .emptyName: return "a contact needs a name"
        case .nothingToChange: return "no field to change"
        case .notFound(let field, let value, let uid):
            return "contact '\(RuleError.shown(uid))' has no \(field) '\(RuleError.shown(value))'"
        case .invalidValue(let field, let value, let detail): return "\(field) '\(RuleError.shown(value))': \(detail)"
        }
    }
}

/// A change to a field: a new value, or the field removed.
public enum FieldChange<Value: Hashable & Sendable>: Hashable, Sendable {
    case set(Value)
    case remove
}

/// The fields an edit changes; every other field of the card, and every
/// other card of the file, keeps its bytes.
public struct ContactChanges: Hashable, Sendable {
    /// FN.
    public var name: String?
    /// N's given and family parts (its other parts kept).
    public var given: String?
    public var family: String?
    /// All phones replaced; then phones added; phones removed (by number, spaces and punctuation aside).
    public var phones: [Contact.Entry]?
    public var addedPhones: [Contact.Entry] = []
    public var removedPhones: [String] = []
    /// The same for emails (removed by address, any case).
    public var emails: [Contact.Entry]?
    public var addedEmails: [Contact.Entry] = []
    public var removedEmails: [String] = []
    /// The same for addresses (removed by street, or by the whole `STREET;LOCALITY;REGION;CODE;COUNTRY`, any case).
    public var addresses: [Contact.Address]?
    public var addedAddresses: [Contact.Address] = []
    public var removedAddresses: [String] = []
    public var organization: FieldChange<String>?
    /// `.set`: the birthday kept in the date's calendar replaced (others
    /// kept); `.remove`: every birthday removed.
    public var birthday: FieldChange<VCardDate>?
    public var anniversary: FieldChange<VCardDate>?
    public var note: FieldChange<String>?

    /// No change yet: set the fields to change.
    public init() {}

    /// Whether the change names no field.
    public var isEmpty: Bool { self == ContactChanges() }
}

/// What an edit did.
public struct ContactEditResult: Hashable, Sendable {
    /// The card's UID.
    public var uid: String
    /// The file written (in a folder, the card's item file).
    public var file: String
    /// The version the card had when it was upgraded to 3.0 (`2.1`), else nil.
    public var upgradedFrom: String?
}

/// Adds, edits and removes contacts in a `.vcf` file or a vdir folder of
/// cards, with the guarantees of calendar edits (`SafeFile`): under a lock,
/// atomically, redone when another program (vdirsyncer, khard) changed the
/// file meanwhile, a file that does not read strictly refused, and every
/// byte the edit does not mean to change kept: other cards, other fields,
/// line ends and folding. A 3.0 card stays 3.0 and a 4.0 card 4.0; a 2.1
/// card is rewritten as 3.0 (only the card edited), and the result says so.
/// An edited card gets a new REV. In a folder, a new card is a file of its
/// own, named from its UID.
///
///     let editor = ContactFileEditor(path: "friends.vcf")
///     let uid = try editor.add(Contact(name: "Anna Levi", phones: [Contact.Entry(types: ["cell"], value: "+972 50 123 4567")]))
///     var changes = ContactChanges()
///     changes.note = .set("Call before visiting")
///     try editor.edit(uid: uid, changes)
public struct ContactFileEditor: Sendable {
    /// The `.vcf` file, or vdir folder, edited.
    public let path: String
    /// How long an edit waits for another Kalends edit of the same folder, in seconds.
    public var lockTimeout: Int
    /// REV's time: now, unless a test sets it.
    public var now: @Sendable () -> Instant = {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Instant(seconds: Int(time.tv_sec))
    }

    /// An editor of `path` (a `.vcf` file, created by `add` when missing, or a vdir folder) that waits up to `lockTimeout` seconds for another edit.
    public init(path: String, lockTimeout: Int = 10) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    var isFolder: Bool { LocalFiles.isDirectory(path) }

    // MARK: Adding

    /// Adds `contact` as a new card of `version` (its UID, or a new one),
    /// at the end of the file (created when missing), or as a new item file in a folder.
    /// - Returns: the UID.
    /// - Throws: `ContactEditError`; the file is then unchanged.
    @discardableResult
    public func add(_ contact: Contact, version: VCardVersion = .v30) throws(ContactEditError) -> String {
        guard !contact.name.trimmingCharacters().isEmpty else { throw .emptyName }
        var contact = contact
        let uid = contact.uid ?? ItemFileName.randomUUID()
        contact.uid = uid
        contact.revision = Self.revision(now(), version: version)
        let file = isFolder ? ItemFileName.path(for: uid, in: path, extension: "vcf") : path
        try transaction(file) { (reader) throws(ContactEditError) in
            let snapshot = try Self.read(reader, file)
            guard let current = snapshot.bytes, !current.isEmpty else {
                return ([.replace(snapshot, try Self.checked(VCardWriter(version: version).card(contact), path: file))], ())
            }
            if isFolder { throw .itemNameTaken(path: file, uid: uid) }
            let document = try Self.strict(current, path: file)
            if document.contacts.contains(where: { $0.uid == uid }) { throw .duplicateUID(uid: uid, path: file) }
            let lineEnd = ICalendarWriter.lineEnd(of: current)
            var bytes = current
            if let last = bytes.last, last != 10 { bytes += lineEnd == .crlf ? [13, 10] : [10] }
            bytes += VCardWriter(version: version, lineEnd: lineEnd).card(contact)
            return ([.replace(snapshot, try Self.checked(bytes, path: file))], ())
        }
        return uid
    }

    // MARK: Editing

    /// Changes the fields `changes` names on the card with `uid`.
    /// - Throws: `ContactEditError`; the file is then unchanged.
    @discardableResult
    public func edit(uid: String, _ changes: ContactChanges) throws(ContactEditError) -> ContactEditResult {
        guard !changes.isEmpty else { throw .nothingToChange }
        if let name = changes.name, name.trimmingCharacters().isEmpty { throw .emptyName }
        let stamp = now()
        let file = try locate(uid)
        return try transaction(file) { (reader) throws(ContactEditError) in
            let snapshot = try Self.read(reader, file)
            guard let current = snapshot.bytes else { throw .file(.system(path: file, what: "be read", code: ENOENT)) }
            let document = try Self.strict(current, path: file)
            let card = try Self.card(uid, in: document, path: file)
            var cardBytes = Array(current[card.byteRange])
            var upgradedFrom: String?
            if (card.first("VERSION")?.value.trimmingCharacters() ?? "") == "2.1" {
                cardBytes = try VCardUpgrade.version3(card, lineEnd: ICalendarWriter.lineEnd(of: current), path: file)
                upgradedFrom = "2.1"
            }
            var edit = try CardEdit(cardBytes, path: file)
            try edit.apply(changes, uid: uid, revision: stamp)
            var bytes = current
            bytes.replaceSubrange(card.byteRange, with: edit.bytes())
            let checked = try Self.checked(bytes, path: file)
            return ([.replace(snapshot, checked)], ContactEditResult(uid: uid, file: file, upgradedFrom: upgradedFrom))
        }
    }

    // MARK: Removing

    /// Removes the card with `uid` (in a folder, its item file when it held only that card).
    /// - Throws: `ContactEditError`; the file is then unchanged.
    public func remove(uid: String) throws(ContactEditError) {
        let file = try locate(uid)
        try transaction(file) { (reader) throws(ContactEditError) in
            let snapshot = try Self.read(reader, file)
            guard let current = snapshot.bytes else { throw .file(.system(path: file, what: "be read", code: ENOENT)) }
            let document = try Self.strict(current, path: file)
            let card = try Self.card(uid, in: document, path: file)
            var bytes = current
            bytes.removeSubrange(card.byteRange)
            if isFolder && document.cards.count == 1 { return ([.remove(snapshot)], ()) }
            return ([.replace(snapshot, try Self.checked(bytes, path: file))], ())
        }
    }

    // MARK: Files

    func transaction<T>(_ file: String, _ body: (SafeFile.Reader) throws(ContactEditError) -> ([SafeFile.Write], T)) throws(ContactEditError) -> T {
        // The contact errors pass through the store's transaction inside a CalendarEditError-typed closure.
        var failure: ContactEditError?
        do throws(CalendarEditError) {
            return try SafeFile.transaction(file: file, lockSeconds: lockTimeout) { (reader: SafeFile.Reader) throws(CalendarEditError) -> ([SafeFile.Write], T) in
                do throws(ContactEditError) {
                    return try body(reader)
                } catch {
                    failure = error
                    throw CalendarEditError.nothingToChange
                }
            }
        } catch {
            throw failure ?? .file(error)
        }
    }

    static func read(_ reader: SafeFile.Reader, _ file: String) throws(ContactEditError) -> SafeFile.Snapshot {
        do {
            return try reader.read(file)
        } catch {
            throw .file(error)
        }
    }

    /// `bytes` read strictly.
    static func strict(_ bytes: [UInt8], path: String) throws(ContactEditError) -> VCardDocument {
        do {
            return try VCardReader(source: path, mode: .strict).read(bytes)
        } catch {
            throw .unreadable(path: path, cause: error)
        }
    }

    /// The one card with `uid`.
    static func card(_ uid: String, in document: VCardDocument, path: String) throws(ContactEditError) -> ICalendarComponent {
        let found = document.contacts.indices.filter { document.contacts[$0].uid == uid }
        guard let first = found.first else { throw .unknownUID(uid: uid, path: path) }
        guard found.count == 1 else { throw .ambiguousUID(uid: uid, path: path, count: found.count) }
        return document.cards[first]
    }

    /// What an edit writes, checked to read back strictly (a file whose last card was removed is empty).
    static func checked(_ bytes: [UInt8], path: String) throws(ContactEditError) -> [UInt8] {
        guard !bytes.allSatisfy({ $0 == 10 || $0 == 13 }) else { return [] }
        _ = try strict(bytes, path: path)
        return bytes
    }

    /// The file that holds `uid`: the file, or in a folder the item named
    /// after it, else the item whose card has it.
    func locate(_ uid: String) throws(ContactEditError) -> String {
        guard isFolder else { return path }
        let named = ItemFileName.path(for: uid, in: path, extension: "vcf")
        let names: [String]
        do {
            names = try LocalFiles.entries(of: path)
        } catch {
            throw .file(.system(path: path, what: "be read", code: error.code))
        }
        let items = names.filter { $0.hasSuffix(".vcf") }.map { LocalFiles.joined(path, $0) }
        for file in [named] + items {
            guard let bytes = try? LocalFiles.contents(of: file, maximum: ContactFileReader.maximumFileBytes),
                  let document = try? VCardReader(source: file).read(bytes) else { continue }
            if document.contacts.contains(where: { $0.uid == uid }) { return file }
        }
        throw .unknownUID(uid: uid, path: path)
    }

    /// REV: `20261206T101500Z` (4.0), `2026-12-06T10:15:00Z` (3.0 and 2.1).
    static func revision(_ instant: Instant, version: VCardVersion) -> String {
        let basic = ICalendarValue.DateTime.write(instant)
        guard version != .v40 else { return basic }
        let characters = Array(basic)
        guard characters.count == 16 else { return basic }
        let part = { (range: Range<Int>) in String(characters[range]) }
        return part(0..<4) + "-" + part(4..<6) + "-" + part(6..<8) + "T" + part(9..<11) + ":" + part(11..<13) + ":" + part(13..<15) + "Z"
    }
}

/// One card's edit: its properties' lines kept, replaced or removed, new
/// lines inserted, in its own version, with its line ends.
struct CardEdit {
    let bytes0: [UInt8]
    let path: String
    let card: ICalendarComponent
    let contact: Contact
    let version: VCardVersion
    let writer: VCardWriter
    var groups: GroupNames
    /// Each property's bytes (its lines, and any blank line after it), and what replaces them.
    var segments: [[UInt8]]
    var replaced: [Int: [UInt8]] = [:]
    /// The properties whose line is gone: removed, or replaced by new ones.
    var consumed: Set<Int> = []
    /// Lines before END:VCARD.
    var appended: [UInt8] = []
    let head: ArraySlice<UInt8>
    let tail: ArraySlice<UInt8>

    init(_ bytes: [UInt8], path: String) throws(ContactEditError) {
        bytes0 = bytes
        self.path = path
        let document = try ContactFileEditor.strict(bytes, path: path)
        guard let card = document.cards.first, let contact = document.contacts.first else {
            throw .unreadable(path: path, cause: ICalendarError(.notFormat(format: "vCard", root: "VCARD", found: nil), source: path, line: 1))
        }
        self.card = card
        self.contact = contact
        version = contact.version == "4.0" ? .v40 : .v30
        writer = VCardWriter(version: version, lineEnd: ICalendarWriter.lineEnd(of: bytes))
        groups = GroupNames(used: Set(card.properties.compactMap(\.group)))
        let properties = card.properties
        var segments: [[UInt8]] = []
        for index in properties.indices {
            let end = index + 1 < properties.count ? properties[index + 1].byteRange.lowerBound : properties[index].byteRange.upperBound
            segments.append(Array(bytes[properties[index].byteRange.lowerBound..<end]))
        }
        self.segments = segments
        let start = properties.first?.byteRange.lowerBound ?? bytes.count
        let last = properties.last?.byteRange.upperBound ?? start
        // Without properties, the END line is found after the BEGIN line.
        let endStart = properties.isEmpty ? (bytes.firstIndex(of: 10).map { $0 + 1 } ?? bytes.count) : last
        head = bytes[..<min(start, endStart)]
        tail = bytes[endStart...]
    }

    /// The card's bytes with the edit made.
    func bytes() -> [UInt8] {
        var result = Array(head)
        for index in segments.indices { result += replaced[index] ?? segments[index] }
        return result + appended + Array(tail)
    }

    /// The indices of the properties named `names` whose line is still there.
    func indices(_ names: Set<String>) -> [Int] {
        card.properties.indices.filter { names.contains(card.properties[$0].name) && !consumed.contains($0) }
    }

    /// The indices of the properties named `names`, gone or not: where new lines of that field go.
    func places(_ names: Set<String>) -> [Int] {
        card.properties.indices.filter { names.contains(card.properties[$0].name) }
    }

    func lines(_ properties: [ICalendarProperty]) -> [UInt8] { properties.flatMap(writer.line) }

    /// The properties at `indices` replaced by `new` (at the first of them), else `new` put after `after`'s last, else before END.
    mutating func replace(_ indices: [Int], with new: [ICalendarProperty], after: [Int] = []) {
        removeGroupsLeft(by: indices)
        if let first = indices.first {
            for index in indices {
                replaced[index] = []
                consumed.insert(index)
            }
            replaced[first] = lines(new)
        } else {
            insert(new, after: after)
        }
    }

    mutating func insert(_ new: [ICalendarProperty], after: [Int]) {
        guard !new.isEmpty else { return }
        if let last = after.max() {
            replaced[last] = (replaced[last] ?? segments[last]) + lines(new)
        } else {
            appended += lines(new)
        }
    }

    /// The labels (X-ABLabel, X-ABADR) of a group whose properties are all removed go with them.
    mutating func removeGroupsLeft(by removed: [Int]) {
        let removedSet = Set(removed)
        for group in Set(removed.compactMap { card.properties[$0].group?.lowercased() }) {
            let members = card.properties.indices.filter { card.properties[$0].group?.lowercased() == group }
            let left = members.filter { !removedSet.contains($0) && !consumed.contains($0) }
            if left.allSatisfy({ ["X-ABLABEL", "X-ABADR"].contains(card.properties[$0].name) }) {
                for index in left {
                    replaced[index] = []
                    consumed.insert(index)
                }
            }
        }
    }

    func text(_ index: Int) -> String {
        (try? VCardText.text(card.properties[index], version: contact.version)) ?? card.properties[index].value
    }

    mutating func apply(_ changes: ContactChanges, uid: String, revision: Instant) throws(ContactEditError) {
        if let name = changes.name {
            replace(indices(["FN"]), with: [writer.textProperty("FN", name)], after: places(["VERSION", "UID"]))
        }
        if changes.given != nil || changes.family != nil {
            var structured = contact.structuredName ?? Contact.Name()
            if let given = changes.given { structured.given = given }
            if let family = changes.family { structured.family = family }
            let written = writer.name("", structured: structured).filter { $0.name == "N" }
            replace(indices(["N"]), with: written, after: places(["FN"]))
        }
        try entries("TEL", field: "phone", replacing: changes.phones, adding: changes.addedPhones, removing: changes.removedPhones, uid: uid) { a, b in
            Self.digits(a) == Self.digits(b) && !Self.digits(a).isEmpty || a == b
        }
        try entries("EMAIL", field: "email", replacing: changes.emails, adding: changes.addedEmails, removing: changes.removedEmails, uid: uid) { a, b in
            a.lowercased() == b.lowercased()
        }
        try addresses(changes, uid: uid)
        if let organization = changes.organization {
            let new: [ICalendarProperty]
            if case .set(let name) = organization { new = [writer.compound("ORG", [name])] } else { new = [] }
            replace(indices(["ORG"]), with: new, after: places(["N", "FN"]))
        }
        if let birthday = changes.birthday { try self.birthday(birthday) }
        if let anniversary = changes.anniversary {
            let new: [ICalendarProperty]
            if case .set(let date) = anniversary {
                try Self.check(date, field: "anniversary")
                new = writer.date(version == .v40 ? "ANNIVERSARY" : "X-ANNIVERSARY", date)
            } else {
                new = []
            }
            replace(indices(["ANNIVERSARY", "X-ANNIVERSARY"]), with: new, after: places(["BDAY", "X-ALTBDAY"]))
        }
        if let note = changes.note {
            let new: [ICalendarProperty]
            if case .set(let text) = note { new = [writer.textProperty("NOTE", text)] } else { new = [] }
            replace(indices(["NOTE"]), with: new)
        }
        replace(indices(["REV"]), with: [ICalendarProperty(name: "REV", value: ContactFileEditor.revision(revision, version: version))])
    }

    mutating func entries(_ name: String, field: String, replacing: [Contact.Entry]?, adding: [Contact.Entry], removing: [String], uid: String,
                          matches: (String, String) -> Bool) throws(ContactEditError) {
        for entry in (replacing ?? []) + adding { try Self.check(types: entry.types, field: field) }
        if let replacing {
            var new: [ICalendarProperty] = []
            for entry in replacing { new += writer.entry(name, entry, groups: &groups) }
            replace(indices([name]), with: new, after: places(["N", "FN"]))
        }
        for value in removing {
            let found = indices([name]).filter { matches(text($0), value) }
            guard !found.isEmpty else { throw .notFound(field: field, value: value, uid: uid) }
            replace(found, with: [])
        }
        var new: [ICalendarProperty] = []
        for entry in adding { new += writer.entry(name, entry, groups: &groups) }
        let existing = places([name])
        insert(new, after: existing.isEmpty ? places(["N", "FN"]) : existing)
    }

    mutating func addresses(_ changes: ContactChanges, uid: String) throws(ContactEditError) {
        for address in (changes.addresses ?? []) + changes.addedAddresses { try Self.check(types: address.types, field: "address") }
        if let replacing = changes.addresses {
            var new: [ICalendarProperty] = []
            for address in replacing { new += writer.address(address, groups: &groups) }
            replace(indices(["ADR"]), with: new, after: places(["TEL", "EMAIL", "N", "FN"]))
        }
        for value in changes.removedAddresses {
            let wanted = value.lowercased()
            let found = indices(["ADR"]).filter { index in
                let parts = (try? VCardText.components(card.properties[index], version: contact.version)) ?? []
                func part(_ at: Int) -> String { at < parts.count ? parts[at] : "" }
                let whole = [part(2), part(3), part(4), part(5), part(6)].joined(separator: ";")
                return part(2).lowercased() == wanted || whole.lowercased() == wanted
            }
            guard !found.isEmpty else { throw .notFound(field: "address", value: value, uid: uid) }
            replace(found, with: [])
        }
        var new: [ICalendarProperty] = []
        for address in changes.addedAddresses { new += writer.address(address, groups: &groups) }
        let existing = places(["ADR"])
        insert(new, after: existing.isEmpty ? places(["TEL", "EMAIL", "N", "FN"]) : existing)
    }

    /// The birthday kept in the date's calendar replaced (or every birthday removed).
    mutating func birthday(_ change: FieldChange<VCardDate>) throws(ContactEditError) {
        let all = indices(["BDAY", "X-ALTBDAY"])
        guard case .set(let date) = change else {
            replace(all, with: [])
            return
        }
        try Self.check(date, field: "birthday")
        func calendar(_ property: ICalendarProperty) -> CalendarID {
            property.parameter("CALSCALE").flatMap { try? CalendarID(parsing: $0.lowercased()) } ?? .gregorian
        }
        let target = all.filter { calendar(card.properties[$0]) == date.calendar }
        var new = writer.birthdays(date.calendar == .gregorian || date.text != nil ? date : nil,
                                   alternates: date.calendar == .gregorian || date.text != nil ? [] : [date])
        // vCard 4: several BDAY lines are one birthday in several calendars, each with the same ALTID.
        let others = all.filter { !target.contains($0) && card.properties[$0].name == "BDAY" }
        if version == .v40 && !others.isEmpty {
            let properties = card.properties
            let altID = others.compactMap { properties[$0].parameter("ALTID") }.first ?? "1"
            for index in new.indices { new[index].parameters.insert(ICalendarParameter(name: "ALTID", values: [altID]), at: 0) }
            for index in others where card.properties[index].parameter("ALTID") == nil {
                var property = card.properties[index]
                property.parameters.insert(ICalendarParameter(name: "ALTID", values: [altID]), at: 0)
                replaced[index] = writer.line(property)
            }
        }
        replace(target, with: new, after: all.isEmpty ? places(["ADR", "EMAIL", "TEL", "N", "FN"]) : all)
    }

    /// A date of a calendar Kalends knows that exists (in some year, when year-less).
    static func check(_ date: VCardDate, field: String) throws(ContactEditError) {
        guard date.text == nil, date.calendar != .gregorian, let month = date.month, let day = date.day else { return }
        // Without a year, the day is checked as the reader checks it (the month's length depends on the year).
        guard date.year != nil || (1...31).contains(day) else {
            throw .invalidValue(field: field, value: date.description, detail: "day \(day) is not 1 ... 31")
        }
        do {
            let calendar = try Calendars.system(date.calendar)
            if let year = date.year { _ = try calendar.date(year: year, monthCode: month, day: day) }
        } catch {
            throw .invalidValue(field: field, value: date.description, detail: "\(error)")
        }
    }

    /// Types are words: letters, digits and `-`.
    static func check(types: [String], field: String) throws(ContactEditError) {
        for type in types where type.isEmpty || !type.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 32 >= 97 && $0 | 32 <= 122) || $0 == 45 }) {
            throw .invalidValue(field: field, value: type, detail: "a type is a word of letters, digits and '-' (cell, home, work, x-custom)")
        }
    }

    /// A phone number's digits (and a leading +).
    static func digits(_ text: String) -> String {
        String(text.filter { $0.isASCII && ($0.isNumber || $0 == "+") })
    }
}
