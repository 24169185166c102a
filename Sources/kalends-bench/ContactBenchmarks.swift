#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsContacts
import KalendsICalendar
import KalendsStore

/// `kalends-bench contacts`: the address book of 10,000 contacts, as one
/// `.vcf` file and as a vdir folder of 10,000 cards, read by the `kalends`
/// binary as a whole process (`contacts list`, `contacts list --search`, a
/// year of `birthdays`), against khard (from PyPI: `$KHARD`, else `khard`
/// on PATH; Scripts/bench-contacts.sh installs it) on the same folder. The
/// targets: each under 100 ms, and at least 10x faster than khard.
enum ContactBenchmarks {
    static let area = BenchmarkArea(
        name: "contacts",
        summary: "whole-process contacts list, list --search, a year of birthdays on 10,000 contacts (a .vcf, a vdir) vs khard"
    ) { emit in
        run(emit)
    }

    static let count = 10_000

    static func run(_ emit: (BenchmarkRow) -> Void) {
        guard let kalends = CLIBenchmarks.kalendsBinary() else {
            printError("kalends-bench: contacts: skipped: no kalends binary next to kalends-bench (build it: swift build -c release) and KALENDS_BIN unset")
            return
        }
        // $KALENDS_BENCH_CONTACTS_DIR keeps the generated files (for other programs to read), else a temporary folder.
        let kept = getenv("KALENDS_BENCH_CONTACTS_DIR").map { String(cString: $0) }
        var template = Array("/tmp/kalends-bench-contacts-XXXXXX".utf8CString)
        if kept == nil {
            guard mkdtemp(&template) != nil else {
                printError("kalends-bench: contacts: skipped: cannot create a temporary directory")
                return
            }
        } else if let kept {
            mkdir(kept, 0o755)
        }
        let directory = kept ?? String(cString: template)
        defer { if kept == nil { removeTree(directory) } }
        let file = directory + "/contacts.vcf", folder = directory + "/book"
        removeTree(folder)
        guard write(file: file, folder: folder) else {
            printError("kalends-bench: contacts: cannot write the contacts in \(directory)")
            return
        }
        // In process: the phases of a list, so a whole-process figure can be read.
        if let bytes = StoreBenchmarks.contents(file), let collator = try? TextCollator(locale: "en"),
           let start = try? ISODate(year: 2026, month: 1, day: 1).dayNumber {
            var table = ICalendarReader(source: "contacts.vcf")
            table.table = .vCard
            let read = (try? VCardReader(source: "contacts.vcf").read(bytes))?.contacts ?? []
            let times = Benchmark.interleavedMedianSeconds(minimumSeconds: 1, [
                { blackHole((try? table.read(bytes))?.calendars.count) },
                { blackHole((try? VCardReader(source: "contacts.vcf").read(bytes))?.contacts.count) },
                { blackHole(read.map { collator.key($0.name) }.count) },
                { blackHole((try? Birthdays.occurrences(of: read, from: start, to: start + 365))?.count) },
            ])
            let names = ["in process: cards (the content-line tree)", "in process: contacts (tree and decoding)", "in process: sort keys (ICU collation)",
                         "in process: a year of birthdays"]
            for (name, time) in zip(names, times) {
                emit(BenchmarkRow(area: "contacts", operation: name, n: count, oursPerSecond: Double(count) / time, reference: nil,
                                  referencePerSecond: nil, doublingGrowth: nil,
                                  note: "\(CLIBenchmarks.milliseconds(time)) for \(bytes.count / 1_000) kB"))
            }
        }
        // The floor of a folder's read: the 10,000 files' bytes alone (open, read, close), on one thread.
        if let names = try? LocalFiles.entries(of: folder) {
            let paths = names.map { folder + "/" + $0 }
            let time = Benchmark.medianSeconds(minimumRepetitions: 3, maximumRepetitions: 5) {
                blackHole(paths.reduce(0) { $0 + ((try? LocalFiles.contents(of: $1, maximum: 1 << 20))?.count ?? 0) })
            }
            emit(BenchmarkRow(area: "contacts", operation: "in process: the vdir's files read (no parsing)", n: count,
                              oursPerSecond: Double(count) / time, reference: nil, referencePerSecond: nil, doublingGrowth: nil,
                              note: "\(CLIBenchmarks.milliseconds(time)) for \(paths.count) files, one thread"))
        }
        let khard = getenv("KHARD").map { String(cString: $0) } ?? CLIBenchmarks.peer("khard")
        let configuration = directory + "/khard.conf"
        if khard == nil {
            printError("kalends-bench: contacts: khard not found: its comparisons are skipped (Scripts/bench-contacts.sh installs it from PyPI)")
        } else {
            _ = save(Array("""
                [addressbooks]
                [[bench]]
                path = \(folder)

                [general]
                debug = no
                default_action = list
                editor = /bin/true
                merge_editor = /bin/true

                """.utf8), to: configuration)
        }
        // The search finds about one contact in 40 (a family name of the pool).
        // (label, the command's words, its options after FILE, khard's arguments)
        let cases: [(String, [String], [String], [String])] = [
            ("contacts list", ["contacts", "list"], [], ["list"]),
            ("contacts list --search", ["contacts", "list"], ["--search", "müller"], ["list", "müller"]),
            ("birthdays, a year", ["birthdays"], ["--from", "2026-01-01", "--days", "365"], ["birthdays"]),
        ]
        for (label, words, options, khardArguments) in cases {
            for (shape, path) in [("vdir", folder), (".vcf", file)] {
                let seconds = runs([kalends] + words + [path] + options)
                var reference: (String, Double)?
                if shape == "vdir", let khard {
                    reference = ("khard", runs([khard, "-c", configuration] + khardArguments, count: 3))
                }
                let under = seconds < 0.1 ? "met" : "NOT met"
                var note = "\(CLIBenchmarks.milliseconds(seconds)), target < 100 ms \(under)"
                if let (name, peer) = reference {
                    let times = peer / seconds
                    note += "; \(name) \(CLIBenchmarks.milliseconds(peer)): \(CLIBenchmarks.fixed(times))x faster, target >= 10x \(times >= 10 ? "met" : "NOT met")"
                }
                emit(BenchmarkRow(area: "contacts", operation: "\(label) (\(shape))", n: count, oursPerSecond: Double(count) / seconds,
                                  reference: reference?.0, referencePerSecond: reference.map { Double(count) / $0.1 }, doublingGrowth: nil,
                                  note: note))
            }
        }
    }

    /// The median wall time of `count` runs after a warm-up.
    static func runs(_ command: [String], count: Int = 9) -> Double {
        CLIBenchmarks.median((0...count).map { _ in CLIBenchmarks.spawnSeconds(command, stdin: nil) }.dropFirst())
    }

    // MARK: The address book

    static let given = ["Anna", "David", "Mei", "Jürgen", "Yael", "Moshe", "Sofia", "Omar", "Lena", "Hiroshi", "Chloé", "Ivan", "Priya", "Noa",
                        "Mateo", "Fatima", "Lars", "Aiko", "Tomás", "Zoë"]
    static let family = ["Levi", "Cohen", "Chen", "Müller", "García", "Nakamura", "Ivanova", "Rossi", "Dubois", "Kowalski", "Haddad", "Silva",
                         "Novák", "Jensen", "Okafor", "Schmidt", "Yilmaz", "Kim", "Tanaka", "Fischer", "Moreau", "Costa", "Weber", "Singh",
                         "Lindqvist", "Petrov", "Ortiz", "Andersen", "Horvat", "Sato", "Lopez", "Brown", "Smith", "Nguyen", "Wang", "Ali",
                         "Berg", "Katz", "Mizrahi", "Friedman"]
    static let cities = ["Haifa", "Berlin", "Beijing", "Tel Aviv", "Paris", "Tokyo", "Lisbon", "Warsaw", "Oslo", "Kraków"]

    /// The contacts, generated from a fixed seed: every one with a name, a
    /// phone, an email, most with an address and a birthday (one in ten kept
    /// in the Hebrew or Chinese calendar), 3.0 cards as khard writes them.
    static func contacts() -> [Contact] {
        var state: UInt64 = 0x6b61_6c65_6e64_73
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let hebrew = try? Calendars.system(.hebrew), chinese = try? Calendars.system(.chinese)
        return (0..<count).map { index in
            let first = given[next(given.count)], last = family[next(family.count)]
            var contact = Contact(uid: "bench-\(index)", name: "\(first) \(last)", structuredName: Contact.Name(family: last, given: first))
            contact.phones = [Contact.Entry(types: ["cell"], value: "+\(next(90) + 10) \(next(900) + 100) \(next(9000) + 1000) \(next(9000) + 1000)")]
            contact.emails = [Contact.Entry(types: ["home"], value: "\(first.lowercased()).\(index)@example.com")]
            if next(4) > 0 {
                contact.addresses = [Contact.Address(types: ["home"], street: "\(next(200) + 1) Main St", locality: cities[next(cities.count)],
                                                     postalCode: "\(next(90000) + 10000)", country: "")]
            }
            if next(5) > 0 {
                let day = (try? ISODate(year: 1940 + next(70), month: 1, day: 1).dayNumber).map { $0 + next(365) } ?? 0
                let id = next(2) == 0 ? CalendarID.hebrew : .chinese
                if next(10) == 0, let calendar = id == .hebrew ? hebrew : chinese, let date = try? calendar.date(dayNumber: day) {
                    contact.alternateBirthdays = [VCardDate(calendar: id, year: date.year, month: date.monthCode, day: date.day)]
                } else if let date = try? GregorianCalendar().date(dayNumber: day) {
                    contact.birthday = VCardDate(year: date.year == 1604 ? nil : date.year, month: MonthCode(date.month), day: date.day)
                }
            }
            if next(3) == 0 { contact.note = "Met at the conference in \(cities[next(cities.count)]), \(2000 + next(25))." }
            return contact
        }
    }

    /// The contacts as one file and as a vdir folder, 3.0 cards.
    static func write(file: String, folder: String) -> Bool {
        guard mkdir(folder, 0o755) == 0 else { return false }
        let writer = VCardWriter(version: .v30)
        var all: [UInt8] = []
        for contact in contacts() {
            let card = writer.card(contact)
            all += card
            guard save(card, to: folder + "/" + (contact.uid ?? "") + ".vcf") else { return false }
        }
        return save(all, to: file)
    }

    static func save(_ bytes: [UInt8], to path: String) -> Bool {
        guard let handle = fopen(path, "wb") else { return false }
        defer { fclose(handle) }
        return bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) } == bytes.count
    }

    /// The directory and everything in it (files and one level of folders).
    static func removeTree(_ path: String) {
        guard let directory = opendir(path) else {
            unlink(path)
            return
        }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = DirectoryEntries.name(of: entry)
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names {
            let child = path + "/" + name
            if rmdir(child) != 0 && unlink(child) != 0 { removeTree(child) }
        }
        rmdir(path)
    }
}
