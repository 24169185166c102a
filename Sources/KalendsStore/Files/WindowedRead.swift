#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsICalendar

/// The read of calendars for one window (an agenda, a view): what
/// `CalendarFileReader.read(_:)` gives, less the series that cannot touch
/// the window, found without reading them.
///
/// Each file is outlined (`ICalendarOutline`: where its components are,
/// from a scan for line ends), its zones read, and each VEVENT certified
/// (`PlainEvents`: one pass would read it without a warning, and its
/// occurrences stay within a span). A series (the events of one UID in a
/// calendar) is left out only when it is one certified event (no override,
/// no second version) whose span misses the window; everything else is
/// read in full, by the one reader. So the store built from the result
/// gives the same occurrences in the window, the same warnings and the same
/// problems as the store of the full read (`WindowedReadProperties`).
extension CalendarFileReader {
    /// Every instant Kalends supports: `read(_:touching:)` over it leaves
    /// nothing out, and reads what it can from the bytes directly (the same
    /// calendars as `read(_:)`, sooner).
    public static let allTime = Instant(seconds: Instant.supportedSeconds.lowerBound)..<Instant(seconds: Instant.supportedSeconds.upperBound)

    /// `read(_:)`, leaving out the series that cannot have an occurrence
    /// overlapping `window`. Strict reads are full reads.
    /// - Throws: `CalendarReadError`, as `read(_:)` does.
    public func read(_ path: String, touching window: Range<Instant>) throws(CalendarReadError) -> [Result] {
        guard mode == .lenient else { return try read(path) }
        Parallel.prepare()
        return try Self.read(path, file: { (file) throws(CalendarReadError) in
            try readCollection([file], name: nil, path: file, color: nil, window: window)
        }, folder: { (folder, names) throws(CalendarReadError) in
            try readCollection(folder: folder, names: names, window: window)
        })
    }

    private func readCollection(folder: String, names: [String], window: Range<Instant>) throws(CalendarReadError) -> Result {
        let items = names.filter { $0.hasSuffix(".ics") }
        // The items opened by name in the open folder: one step of the path looked up each, not all.
        var directory: Int32
        repeat { directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } while directory < 0 && errno == EINTR
        guard directory >= 0 else { throw .file(CalendarFileError(path: folder, code: errno)) }
        defer { close(directory) }
        return try readCollection(items.map { Self.joined(folder, $0) }, name: Self.displayName(of: folder) ?? Self.lastComponent(folder), path: folder,
                                  color: Self.displayName(of: folder, file: "color"), window: window, directory: (directory, items))
    }

    /// What the first look at one file found.
    private enum Look {
        /// Read in full already (no outline): its result (boxed: a look is copied from step to step,
        /// and most are outlined).
        indirect case read(Result)
        /// Outlined: its bytes, outline, each child's certification (nil: not a VEVENT), and what
        /// all but its VEVENTs read as (what the file reads as when they are all left out).
        case outlined(Outlined)
    }

    /// An outlined file's first look (a reference: a folder has thousands, passed from step to step).
    private final class Outlined: @unchecked Sendable {
        let bytes: [UInt8]
        let outline: ICalendarOutline
        let events: [PlainEvent?]
        /// Each child's event made in the first pass (none made: empty).
        let made: [Event?]
        let rest: Rest
        let zones: ICalendarZones

        init(bytes: [UInt8], outline: ICalendarOutline, events: [PlainEvent?], made: [Event?], rest: Rest, zones: ICalendarZones) {
            self.bytes = bytes
            self.outline = outline
            self.events = events
            self.made = made
            self.rest = rest
            self.zones = zones
        }
    }

    /// What a file's VCALENDAR lines and components other than VEVENTs read as.
    private enum Rest {
        /// Their document.
        case document(ICalendarDocument)
        /// VTIMEZONEs alone, read without a defect, as another file of the same bytes there was: its name and color.
        case zonesOnly(name: String?, color: String?)
    }

    /// Series slots by UID: UIDs given as bytes of a file (as certified) or as
    /// strings (events read in full), told apart by their bytes through
    /// `equal`, each hashed once (`UIDText.hash(of:)`).
    struct UIDTable {
        enum Key {
            case bytes(file: Int32, range: Range<Int>)
            case text(String)
        }
        /// Open addressing: each cell the slot whose hash lands there (or after it), plus one (0: empty).
        private var cells: [Int32] = []
        private var hashes: [Int] = []
        private var keys: [Key] = []

        mutating func reserveCapacity(_ count: Int) {
            hashes.reserveCapacity(count)
            keys.reserveCapacity(count)
            if cells.count < 2 * count { rehash(capacity: 2 * count) }
        }

        /// The cells for at least `capacity` slots at most half full, each slot placed again.
        private mutating func rehash(capacity: Int) {
            var size = 16
            while size < capacity { size *= 2 }
            cells = [Int32](repeating: 0, count: size)
            for slot in hashes.indices { cells[freeCell(hashes[slot])] = Int32(slot + 1) }
        }

        private func freeCell(_ hash: Int) -> Int {
            let mask = cells.count - 1
            var cell = hash & mask
            while cells[cell] != 0 { cell = (cell + 1) & mask }
            return cell
        }

        /// The slot of `key` (the next new one, `count`, when it is new).
        mutating func slot(_ key: Key, hash: Int, equal: (Key, Key) -> Bool) -> Int {
            if 2 * (keys.count + 1) > cells.count { rehash(capacity: 2 * (keys.count + 1)) }
            let mask = cells.count - 1
            var cell = hash & mask
            while cells[cell] != 0 {
                let slot = Int(cells[cell]) - 1
                if hashes[slot] == hash && equal(keys[slot], key) { return slot }
                cell = (cell + 1) & mask
            }
            cells[cell] = Int32(keys.count + 1)
            hashes.append(hash)
            keys.append(key)
            return keys.count - 1
        }
    }

    /// The zones of a file's VCALENDAR lines and VTIMEZONEs, when that is all
    /// there is besides VEVENTs and it reads without a defect, by those bytes
    /// (every item of a vdir repeats them): read once.
    private struct KeptZones {
        /// `id`: which of `known` (what a certifier's zone lookups are kept by).
        typealias Read = (zones: ICalendarZones, name: String?, color: String?, id: Int)
        /// Bytes hashed at once (an array of bytes hashes them one by one).
        struct Key: Hashable {
            let bytes: [UInt8]
            func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
        }
        var known: [Key: Read] = [:]
        /// The last few found, the latest first (the next item most likely has one of them: a
        /// folder's items use a few zones), compared in place before any bytes are gathered and hashed.
        var recent: [(bytes: [UInt8], read: Read)] = []
        static let recentLimit = 4
        /// The certifier's lookups, from item to item.
        var memo = PlainEvents.Memo()
        /// The list of pieces an item is compared by, kept for the next item (its storage, not its contents).
        var pieces: [Range<Int>] = []

        func find(_ bytes: [UInt8]) -> Read? {
            known[Key(bytes: bytes)]
        }

        /// `read` (of `bytes`) made the latest of `recent`.
        mutating func met(_ bytes: [UInt8], _ read: Read) {
            recent.insert((bytes, read), at: 0)
            if recent.count > Self.recentLimit { recent.removeLast() }
        }
    }

    /// The calendar of `files` (one file, or a vdir folder's items), read for
    /// `window`; `name` and `color` are the folder's (nil for one file: its own).
    private func readCollection(_ files: [String], name: String?, path: String, color: String?, window: Range<Instant>,
                                directory: (descriptor: Int32, names: [String])? = nil) throws(CalendarReadError) -> Result {
        // 1. Each file outlined and its VEVENTs certified (in chunks on the machine's cores).
        let looks = Parallel.chunks(count: files.count, minimumChunk: filesChunk) { range -> ([Look], CalendarReadError?) in
            var looks: [Look] = []
            var kept = KeptZones()
            for index in range {
                let item = directory.map { ($0.descriptor, $0.names[index]) }
                do throws(CalendarReadError) {
                    looks.append(try look(at: files[index], in: item, single: files.count == 1, window: window, kept: &kept))
                } catch {
                    return (looks, error)
                }
            }
            return (looks, nil)
        }
        var all: [Look] = []
        for (part, error) in looks {
            all += part
            if let error { throw error }
        }
        // 2. The series that must be read: any with an event not certified, whose events can touch
        //    the window, or where building the series could find a problem to report (two versions,
        //    two overrides of one occurrence, an override older than its master, a THISANDFUTURE
        //    override, times in different forms). An event whose UID is not plainly written could be
        //    of any series: then all are read.
        struct Series {
            var read = false
            /// The form of its first event, by its index in `forms` (-1: none yet).
            var form: Int32 = -1
            var masters: Int32 = 0
            var masterSequence: Int32 = 0
            var overrides: [(id: Int, sequence: Int32)] = []
        }
        // The forms met (a few: date, floating, utc and the TZIDs), told apart by index.
        var forms: [String] = []
        func formIndex(_ form: String) -> Int32 {
            if let found = forms.firstIndex(of: form) { return Int32(found) }
            forms.append(form)
            return Int32(forms.count - 1)
        }
        // Each UID hashed once (as it was certified): its slot, and each certified event's slot by file and child.
        var uids = UIDTable()
        var entries: [Series] = []
        // Each certified event's slot (-1: none), all files' in one array, each file's from `firstSlot[file]`.
        var slots: [Int32] = []
        var firstSlot: [Int] = []
        var readAll = false
        /// The bytes of a UID: of its file, or of a string.
        let fileBytes: [[UInt8]] = all.map { look in
            if case .outlined(let outlined) = look { return outlined.bytes }
            return []
        }
        func withBytes<T>(_ key: UIDTable.Key, _ body: (UnsafeRawBufferPointer) -> T) -> T {
            switch key {
            case .text(var text):
                return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
            case .bytes(let file, let range):
                return fileBytes[Int(file)].withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
            }
        }
        func slot(_ key: UIDTable.Key, hash: Int) -> Int {
            let found = uids.slot(key, hash: hash) { a, b in
                withBytes(a) { x in withBytes(b) { y in x.elementsEqual(y) } }
            }
            if found == entries.count { entries.append(Series()) }
            return found
        }
        func slot(_ uid: String) -> Int {
            var text = uid
            return slot(.text(uid), hash: text.withUTF8 { UIDText.hash(of: UnsafeRawBufferPointer($0)) })
        }
        let total = all.reduce(0) { count, look in
            if case .outlined(let outlined) = look { return count + outlined.events.count }
            return count
        }
        entries.reserveCapacity(total)
        uids.reserveCapacity(total)
        slots.reserveCapacity(total)
        firstSlot.reserveCapacity(all.count)
        for (file, entry) in all.enumerated() {
            firstSlot.append(slots.count)
            switch entry {
            case .read(let result):
                for event in result.calendar.events where !event.uid.isEmpty { entries[slot(event.uid)].read = true }
            case .outlined(let outlined):
                let events = outlined.events
                let base = slots.count
                slots.append(contentsOf: repeatElement(-1, count: events.count))
                for (index, event) in events.enumerated() {
                    switch event {
                    case nil: continue
                    case .uncertain(let uid, let known)?:
                        if let uid {
                            entries[slot(.bytes(file: Int32(file), range: uid.range), hash: uid.hash)].read = true
                        } else if !known {
                            readAll = true
                        }
                    case .certified(let placement)?:
                        let at = slot(.bytes(file: Int32(file), range: placement.uid.range), hash: placement.uid.hash)
                        slots[base + index] = Int32(at)
                        if entries[at].read { continue }
                        let form = formIndex(placement.form)
                        if entries[at].form < 0 { entries[at].form = form }
                        if placement.hasRange || entries[at].form != form || placement.touches { entries[at].read = true }
                        if let id = placement.recurrenceID {
                            entries[at].overrides.append((id, placement.sequence))
                        } else {
                            entries[at].masters += 1
                            entries[at].masterSequence = placement.sequence
                        }
                    }
                }
            }
        }
        // Each series, whether it is left out (its events all certified, none touching, nothing to report).
        let leftOutSeries = entries.map { entry -> Bool in
            guard !entry.read, entry.masters <= 1 else { return false }
            if entry.overrides.isEmpty { return true }
            if entry.masters == 1 && entry.overrides.contains(where: { $0.sequence < entry.masterSequence }) { return false }
            return Set(entry.overrides.map(\.id)).count == entry.overrides.count
        }
        /// Whether the child `child` of the file `file` (a certified VEVENT) is left out.
        func isLeftOut(_ file: Int, _ child: Int) -> Bool {
            guard !readAll else { return false }
            let at = slots[firstSlot[file] + child]
            return at >= 0 && leftOutSeries[Int(at)]
        }
        // 3. Each file read again, without what is left out (in chunks on the machine's cores).
        let reads = Parallel.chunks(count: all.count, minimumChunk: filesChunk) { range -> ([Result], CalendarReadError?) in
            var reads: [Result] = []
            for index in range {
                switch all[index] {
                case .read(let result):
                    reads.append(result)
                case .outlined(let outlined):
                    let (bytes, outline, events, made, rest, zones) = (outlined.bytes, outlined.outline, outlined.events, outlined.made,
                                                                       outlined.rest, outlined.zones)
                    do throws(CalendarReadError) {
                        if events.indices.allSatisfy({ events[$0] == nil || isLeftOut(index, $0) }) {
                            switch rest {
                            case .document(let document):
                                reads.append(try decode(document, source: files[index]))
                            case .zonesOnly(let fileName, let color):
                                // An item of a folder with nothing to give adds nothing (only a file's own read is its calendar).
                                guard name == nil else { continue }
                                let calendar = CalendarCollection(name: fileName ?? Self.lastComponent(files[index]), path: files[index], color: color,
                                                                  events: [], reminders: [])
                                reads.append(Result(calendar: calendar, warnings: []))
                            }
                        } else {
                            reads.append(try readKept(bytes, outline: outline, events: events, made: made, rest: rest, zones: zones, window: window,
                                                      source: files[index], leftOut: { isLeftOut(index, $0) }))
                        }
                    } catch {
                        return (reads, error)
                    }
                }
            }
            return (reads, nil)
        }
        var events: [Event] = [], reminders: [Reminder] = [], warnings: [ICalendarWarning] = []
        var single: CalendarCollection?
        for (part, error) in reads {
            for read in part {
                events += read.calendar.events
                reminders += read.calendar.reminders
                warnings += read.warnings
                single = read.calendar
            }
            if let error { throw error }
        }
        if name == nil, let single { return Result(calendar: single, warnings: warnings) }
        let calendar = CalendarCollection(name: name ?? Self.lastComponent(path), path: path, color: color, events: events, reminders: reminders)
        return Result(calendar: calendar, warnings: warnings)
    }

    /// The first look at `file`: outlined, its zones read and its VEVENTs
    /// certified; or, without an outline, read in full. `single`: the only
    /// file of its calendar (its VEVENTs are certified on the machine's cores).
    private func look(at file: String, in directory: (descriptor: Int32, name: String)?, single: Bool, window: Range<Instant>,
                      kept: inout KeptZones) throws(CalendarReadError) -> Look {
        let bytes: [UInt8]
        do {
            bytes = try Self.contents(of: file, maximum: Self.maximumFileBytes, in: directory)
        } catch {
            throw .file(error)
        }
        let outlined: (ICalendarOutline, [PlainEvent?], [Event?], Rest, ICalendarZones)?
        do {
            outlined = try bytes.withUnsafeBufferPointer { (buffer) throws(ICalendarError) -> (ICalendarOutline, [PlainEvent?], [Event?], Rest, ICalendarZones)? in
                guard let outline = ICalendarOutline(buffer), outline.children.contains(where: \.isEvent) else { return nil }
                // Over all of time, a file most of whose VEVENTs go through the tree anyway (meetings: ATTENDEE,
                // CATEGORIES, VALARM) is read in full, as `read(_:)` reads it (on the machine's cores): faster for
                // it than in parts. Said at once from the first 64 VEVENTs' lines when they are so, else after
                // certifying (`mostlyTree`).
                let allTime = PlainEvents.coversAllTime(window.lowerBound.seconds..<window.upperBound.seconds)
                if allTime {
                    var looked = 0, tree = 0
                    for child in outline.children where child.isEvent {
                        looked += 1
                        if PlainEvents.needsTree(child.byteRange, in: buffer) { tree += 1 }
                        if looked == 64 { break }
                    }
                    if tree * 2 > looked { return nil }
                }
                // The zones: the VCALENDAR's own lines and its VTIMEZONEs, read once per text when that is all.
                var zonesOnly = true
                for child in outline.children where !child.isEvent {
                    zonesOnly = zonesOnly && Self.startsWith(buffer, child.byteRange.lowerBound, "BEGIN:VTIMEZONE")
                }
                // Those bytes, pieced together; compared in place with the last item's first (most often the same).
                var pieces: [Range<Int>] = []
                swap(&pieces, &kept.pieces)
                pieces.removeAll(keepingCapacity: true)
                defer { swap(&pieces, &kept.pieces) }
                // (Empty gaps, thousands between a file's VEVENTs, add nothing.)
                for (index, child) in outline.children.enumerated() {
                    if !outline.gaps[index].range.isEmpty { pieces.append(outline.gaps[index].range) }
                    if !child.isEvent { pieces.append(child.byteRange) }
                }
                if let last = outline.gaps.last, outline.gaps.count > outline.children.count, !last.range.isEmpty { pieces.append(last.range) }
                var restBytes: [UInt8] = []
                // The recent one these bytes are, compared piece by piece in place.
                var same: Int?
                if zonesOnly, let base = buffer.baseAddress {
                    for (index, candidate) in kept.recent.enumerated() {
                        let equal = candidate.bytes.withUnsafeBufferPointer { known -> Bool in
                            var offset = 0
                            for piece in pieces {
                                guard offset + piece.count <= known.count, let knownBase = known.baseAddress,
                                      memcmp(knownBase + offset, base + piece.lowerBound, piece.count) == 0 else { return false }
                                offset += piece.count
                            }
                            return offset == known.count
                        }
                        if equal {
                            same = index
                            break
                        }
                    }
                }
                if same == nil { for piece in pieces { restBytes += buffer[piece] } }
                let zones: ICalendarZones
                let rest: Rest
                var zonesKey: Int?
                if let same {
                    let found = kept.recent[same]
                    zones = found.read.zones
                    rest = .zonesOnly(name: found.read.name, color: found.read.color)
                    zonesKey = found.read.id
                    if same > 0 {
                        kept.recent.remove(at: same)
                        kept.recent.insert(found, at: 0)
                    }
                } else if zonesOnly, let known = kept.find(restBytes) {
                    zones = known.zones
                    rest = .zonesOnly(name: known.name, color: known.color)
                    kept.met(restBytes, known)
                    zonesKey = known.id
                } else {
                    let reader = ICalendarReader(source: file, mode: .lenient)
                    let document = try reader.read(buffer, outline: outline, keeping: { !outline.children[$0].isEvent })
                    zones = document.zones
                    rest = .document(document)
                    if zonesOnly && document.warnings.isEmpty && kept.known.count < 64 {
                        let (name, color) = Self.nameAndColor(of: document)
                        zonesKey = kept.known.count
                        let read: KeptZones.Read = (zones, name, color, kept.known.count)
                        kept.known[KeptZones.Key(bytes: restBytes)] = read
                        kept.met(restBytes, read)
                    }
                }
                let children = outline.children
                let seconds = window.lowerBound.seconds..<window.upperBound.seconds
                // Each VEVENT certified; one that can touch the window (kept whatever else is) made in the same pass.
                func certified(_ range: Range<Int>, _ certifier: inout PlainEvents) -> ([PlainEvent?], [Event?]) {
                    // (`made` stays empty, no array made, while nothing is: most of a folder's items.)
                    var events: [PlainEvent?] = [], made: [Event?] = []
                    events.reserveCapacity(range.count)
                    for (index, child) in children[range].enumerated() {
                        guard child.isEvent else {
                            events.append(nil)
                            continue
                        }
                        let (event, madeEvent) = certifier.certifyAndMake(child.byteRange, line: child.line, source: file)
                        events.append(event)
                        if let madeEvent {
                            if made.isEmpty { made = [Event?](repeating: nil, count: range.count) }
                            made[index] = madeEvent
                        }
                    }
                    return (events, made)
                }
                /// Over all of time, whether most of the VEVENTs go through the tree (see above).
                func mostlyTree(_ events: [PlainEvent?]) -> Bool {
                    guard allTime else { return false }
                    var uncertain = 0, total = 0
                    for case let event? in events {
                        total += 1
                        if case .uncertain = event { uncertain += 1 }
                    }
                    return uncertain * 2 > total
                }

                guard single else {
                    var certifier = PlainEvents(bytes: buffer, zones: zones, window: seconds, memo: PlainEvents.Memo.take(&kept.memo, zonesKey: zonesKey))
                    let (events, made) = certified(children.indices, &certifier)
                    kept.memo = certifier.memo
                    return mostlyTree(events) ? nil : (outline, events, made, rest, zones)
                }
                // On the machine's cores, each chunk writing its own range of the results (no second copy of them:
                // a 100 MB file has 170,000).
                nonisolated(unsafe) let shared = buffer
                var made = [Event?](repeating: nil, count: children.count)
                var events = [PlainEvent?](repeating: nil, count: children.count)
                events.withUnsafeMutableBufferPointer { eventsBuffer in
                    made.withUnsafeMutableBufferPointer { madeBuffer in
                        nonisolated(unsafe) let eventsBuffer = eventsBuffer, madeBuffer = madeBuffer
                        _ = Parallel.chunks(count: children.count, minimumChunk: 2_048) { range -> Bool in
                            var certifier = PlainEvents(bytes: shared, zones: zones, window: seconds)
                            for index in range where children[index].isEvent {
                                (eventsBuffer[index], madeBuffer[index]) = certifier.certifyAndMake(children[index].byteRange, line: children[index].line,
                                                                                                   source: file)
                            }
                            return true
                        }
                    }
                }
                return mostlyTree(events) ? nil : (outline, events, made, rest, zones)
            }
        } catch {
            throw .content(error)
        }
        guard let (outline, events, made, rest, zones) = outlined else {
            return .read(try decode(try parse(bytes, source: file), source: file))
        }
        let madeCount = made.reduce(0) { $0 + ($1 == nil ? 0 : 1) }
        if madeCount > 0 { Self.eventsMadeFromBytes.withLock { $0 += madeCount } }
        return .outlined(Outlined(bytes: bytes, outline: outline, events: events, made: made, rest: rest, zones: zones))
    }

    /// The events the windowed reads have made straight from their bytes in their first pass so far:
    /// what a test reads to show that a read took that path, not the tree's.
    package static let eventsMadeFromBytes = Locked(0)

    /// Whether the bytes at `start` are `text`.
    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - start >= count else { return false }
        for offset in 0..<count where bytes[start + offset] != text.utf8Start[offset] { return false }
        return true
    }

    /// A file read without the VEVENTs `leftOut` says (all certified), as one pass reads the rest.
    private func readKept(_ bytes: [UInt8], outline: ICalendarOutline, events: [PlainEvent?], made first: [Event?], rest: Rest, zones: ICalendarZones,
                          window: Range<Instant>,
                          source: String, leftOut: (Int) -> Bool) throws(CalendarReadError) -> Result {
        // The certified events kept are made from their bytes (`PlainEvents.event`); the rest is read by the
        // one reader. (The TZIDs of the events not read are defined, or they would not be certified: their
        // uses give no warning, and are not given.)
        let kept = events.indices.map { !leftOut($0) }
        let children = outline.children
        let made: [Event?] = bytes.withUnsafeBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            return Parallel.chunks(count: events.count, minimumChunk: 4_096) { range -> [Event?] in
                var certifier = PlainEvents(bytes: buffer, zones: zones, window: window.lowerBound.seconds..<window.upperBound.seconds)
                return range.map { index -> Event? in
                    guard kept[index], case .certified? = events[index] else { return nil }
                    if index < first.count, let made = first[index] { return made }
                    return certifier.event(children[index].byteRange, line: children[index].line, source: source)
                }
            }.flatMap { $0 }
        }
        // VTIMEZONEs read before without a defect, and every event kept made: nothing is left to read.
        if case .zonesOnly(let name, let color) = rest, events.indices.allSatisfy({ events[$0] == nil || !kept[$0] || made[$0] != nil }) {
            let calendar = CalendarCollection(name: name ?? Self.lastComponent(source), path: source, color: color, events: made.compactMap { $0 },
                                              reminders: [])
            return Result(calendar: calendar, warnings: [])
        }
        let document: ICalendarDocument
        do {
            document = try bytes.withUnsafeBufferPointer { (buffer) throws(ICalendarError) in
                try ICalendarReader(source: source, mode: .lenient).read(buffer, outline: outline, keeping: { kept[$0] && made[$0] == nil })
            }
        } catch {
            throw .content(error)
        }
        // Decoded in smaller chunks than a whole file's: what is kept is a part of it.
        var reader = self
        reader.componentsChunk = 256
        let read = try reader.decode(document, source: source)
        // Both in the order of their lines, as one pass gives them.
        var merged: [Event] = []
        merged.reserveCapacity(read.calendar.events.count + made.count)
        var fromTree = read.calendar.events[...]
        for (index, event) in made.enumerated() {
            guard let event else { continue }
            let line = children[index].line
            while let next = fromTree.first, (next.position?.line ?? 0) < line {
                merged.append(next)
                fromTree.removeFirst()
            }
            merged.append(event)
        }
        merged += fromTree
        var calendar = read.calendar
        calendar.events = merged
        return Result(calendar: calendar, warnings: read.warnings)
    }
}
