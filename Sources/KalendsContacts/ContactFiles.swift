import Kalends
import KalendsICalendar
import KalendsStore

/// The contacts of one `.vcf` file or one vdir folder of cards (as
/// vdirsyncer keeps them for khard), named by the folder's `displayname`,
/// else the file or folder name.
public struct AddressBook: Hashable, Sendable {
    public var name: String
    /// The file or folder as given.
    public var path: String
    public var contacts: [Contact]
}

/// Why contact files could not be read.
public enum ContactReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or folder cannot be read: the system's reason.
    case file(CalendarFileError)
    /// The text is not vCard, or (strict) has a defect.
    case content(ICalendarError)
    /// A folder with no `.vcf` item and no address-book folder.
    case noAddressBook(path: String)

    public var description: String {
        switch self {
        case .file(let error): return error.description
        case .content(let error): return error.description
        case .noAddressBook(let path): return "\(RuleError.shown(path)): no .vcf items and no address book folders"
        }
    }
}

/// Reads `.vcf` files, vdir folders of cards, and folders of such folders
/// (`~/.contacts`, each subfolder an address book), leniently with located
/// warnings or strictly.
public struct ContactFileReader: Sendable {
    /// What a read gives: the address book and the defects passed over.
    public struct Result: Hashable, Sendable {
        public var book: AddressBook
        public var warnings: [ICalendarWarning]
    }

    /// The largest file read (1 GiB).
    public static let maximumFileBytes = 1 << 30

    public var mode: ICalendarReader.Mode

    public init(mode: ICalendarReader.Mode = .lenient) {
        self.mode = mode
    }

    /// Reads `path`: a file, a vdir folder (its `*.vcf` files in name order),
    /// or a folder of vdir folders.
    /// - Throws: `ContactReadError`.
    public func read(_ path: String) throws(ContactReadError) -> [Result] {
        guard LocalFiles.isDirectory(path) else { return [try readFile(path)] }
        let names: [String]
        do {
            names = try LocalFiles.entries(of: path)
        } catch {
            throw .file(error)
        }
        if names.contains(where: { $0.hasSuffix(".vcf") }) || names.contains("displayname") {
            return [try readFolder(path, names: names)]
        }
        var results: [Result] = []
        for name in names {
            let folder = LocalFiles.joined(path, name)
            guard LocalFiles.isDirectory(folder) else { continue }
            let inner: [String]
            do {
                inner = try LocalFiles.entries(of: folder)
            } catch {
                throw .file(error)
            }
            guard inner.contains(where: { $0.hasSuffix(".vcf") }) || inner.contains("displayname") else { continue }
            results.append(try readFolder(folder, names: inner))
        }
        guard !results.isEmpty else { throw .noAddressBook(path: path) }
        return results
    }

    /// vCard text read from elsewhere (standard input), named `source`.
    /// - Throws: `ContactReadError.content`.
    public func read(bytes: [UInt8], source: String) throws(ContactReadError) -> Result {
        let document: VCardDocument
        do {
            document = try VCardReader(source: source, mode: mode).read(bytes)
        } catch {
            throw .content(error)
        }
        return Result(book: AddressBook(name: LocalFiles.lastComponent(source), path: source, contacts: document.contacts),
                      warnings: document.warnings)
    }

    func readFile(_ path: String) throws(ContactReadError) -> Result {
        let bytes: [UInt8]
        do {
            bytes = try LocalFiles.contents(of: path, maximum: Self.maximumFileBytes)
        } catch {
            throw .file(error)
        }
        var result = try read(bytes: bytes, source: path)
        result.book.name = Self.bookName(LocalFiles.lastComponent(path))
        return result
    }

    /// The fewest item files a thread reads.
    static let filesChunk = 500

    /// One vdir folder: its cards, read on the machine's cores in chunks of the name
    /// order (the contacts, the warnings, the first error in that order: what one pass in order gives).
    func readFolder(_ path: String, names: [String]) throws(ContactReadError) -> Result {
        let files = names.filter { $0.hasSuffix(".vcf") }.map { LocalFiles.joined(path, $0) }
        let parts = Parallel.chunks(count: files.count, minimumChunk: Self.filesChunk) { range -> ([Result], ContactReadError?) in
            var reads: [Result] = []
            reads.reserveCapacity(range.count)
            for file in files[range] {
                do throws(ContactReadError) { reads.append(try readFile(file)) } catch { return (reads, error) }
            }
            return (reads, nil)
        }
        var contacts: [Contact] = [], warnings: [ICalendarWarning] = []
        contacts.reserveCapacity(files.count)
        for (reads, error) in parts {
            for read in reads {
                contacts += read.book.contacts
                warnings += read.warnings
            }
            if let error { throw error }
        }
        let name = LocalFiles.displayName(of: path) ?? LocalFiles.lastComponent(path)
        return Result(book: AddressBook(name: name, path: path, contacts: contacts), warnings: warnings)
    }

    /// A file's name without `.vcf`.
    static func bookName(_ file: String) -> String {
        file.hasSuffix(".vcf") ? String(file.dropLast(4)) : file
    }
}
