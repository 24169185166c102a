import Foundation
import Kalends
import KalendsCheck
@testable import KalendsICalendar
@testable import KalendsStore
import XCTest

/// The read for one window (`CalendarFileReader.read(_:touching:)`) leaves
/// out the series it certifies cannot touch the window, without reading
/// them. On generated calendars full of what real files hold (every form
/// of time, zones defined and not, gaps and folds, rules plain and not,
/// overrides, versions, alarms, folded and non-ASCII lines) and of defects
/// (bad values, forms RFC 5545 does not allow, damaged bytes), as one file
/// and as a vdir, the store of the windowed read must give, for the window,
/// exactly what the store of the full read gives: the same occurrences,
/// the same reader's warnings in order, the same store problems.
final class WindowedReadProperties: XCTestCase {
    /// A small deterministic source of choices for one event, from its seed.
    struct Choices {
        var state: UInt64
        init(_ seed: Int) { state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 &+ 0x632B_E59B_D9B4_E019 }
        /// 0 ..< n.
        mutating func pick(_ n: Int) -> Int {
            state = state &+ 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        /// True once in `n`.
        mutating func rarely(_ n: Int) -> Bool { pick(n) == 0 }
    }

    static let customZone = [
        "BEGIN:VTIMEZONE", "TZID:Custom/Zone",
        "BEGIN:STANDARD", "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0300", "TZOFFSETTO:+0200", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0300", "END:DAYLIGHT",
        "END:VTIMEZONE",
    ]

    /// `YYYYMMDD` and `YYYYMMDDTHHMMSS` of a day number and a second of the day.
    static func stamp(day: Int, second: Int?) -> String {
        let date = ISODate(dayNumber: day)
        let ymd = String(format: "%04d%02d%02d", date.year, date.month, date.day)
        guard let second else { return ymd }
        return ymd + String(format: "T%02d%02d%02d", second / 3600, second / 60 % 60, second % 60)
    }

    /// One VEVENT's lines (and whether it uses Custom/Zone), from its seed.
    static func event(_ seed: Int, index: Int) -> (lines: [String], customZone: Bool) {
        var c = Choices(seed)
        var lines = ["BEGIN:VEVENT"]
        // The series: its own, or one shared with others (overrides, versions).
        let uid = c.rarely(3) ? "shared-\(c.pick(3))" : "u\(index)-\(seed % 1000)"
        switch c.pick(40) {
        case 0: break                                  // no UID
        case 1: lines.append("UID:ü-\(uid)")
        case 2: lines.append("uid:\(uid)")
        case 3: lines.append("UID;X-A=1:\(uid)")
        default: lines.append("UID:\(uid)")
        }
        // The form of its times.
        let forms = ["date", "floating", "utc", "TZID=America/New_York", "TZID=Europe/Berlin", "TZID=Custom/Zone", "TZID=Mars/Base"]
        let form = forms[c.pick(forms.count)]
        var day = GregorianMath.dayNumber(year: 2023, month: 1, day: 1) + c.pick(3 * 365)
        var second: Int? = form == "date" ? nil : c.pick(96) * 900
        switch c.pick(12) {
        case 0: day = GregorianMath.dayNumber(year: 2024, month: 3, day: 10); if second != nil { second = 2 * 3600 + 1800 }  // New York's gap
        case 1: day = GregorianMath.dayNumber(year: 2024, month: 11, day: 3); if second != nil { second = 3600 + 1800 }     // and fold
        case 2: day = GregorianMath.dayNumber(year: 2024, month: 1, day: 29 + c.pick(3))
        case 3: day = GregorianMath.dayNumber(year: 2024, month: 2, day: 29)
        default: break
        }
        func time(_ name: String, _ day: Int, _ second: Int?, form: String) -> String {
            switch form {
            case "date": return "\(name);VALUE=DATE:\(stamp(day: day, second: nil))"
            case "floating": return "\(name):\(stamp(day: day, second: second ?? 0))"
            case "utc": return "\(name):\(stamp(day: day, second: second ?? 0))Z"
            default: return "\(name);\(form):\(stamp(day: day, second: second ?? 0))"
            }
        }
        let otherForm = forms[c.pick(forms.count)]
        lines.append(c.rarely(40) ? "DTSTART:2024133" : time("DTSTART", day, second, form: form))
        let length = form == "date" ? c.pick(3) + 1 : (c.pick(8) + 1) * 900
        switch c.pick(12) {
        case 0: break
        case 1: lines.append("DURATION:PT\(c.pick(5) + 1)H")
        case 2: lines.append(time("DTEND", day, second, form: otherForm))
        case 3: lines.append(time("DTEND", day - 1, second, form: form))
        default:
            if form == "date" { lines.append(time("DTEND", day + length, nil, form: form)) } else {
                let end = (second ?? 0) + length
                lines.append(time("DTEND", day + end / 86_400, end % 86_400, form: form))
            }
        }
        // A rule, plain or not.
        if c.pick(5) < 3 {
            let freqs = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY", "HOURLY"]
            var rule = "FREQ=" + freqs[c.rarely(20) ? 4 : c.pick(4)]
            if c.rarely(3) { rule += ";INTERVAL=\(c.pick(4) + 1)" }
            if rule.hasPrefix("FREQ=WEEKLY"), c.rarely(3) { rule += ";BYDAY=" + ["MO", "TU,TH", "SA,SU,FR", "MO,MO", "2MO"][c.pick(5)] }
            if c.rarely(20) { rule += ";BYMONTHDAY=\(c.pick(31) + 1)" }
            if c.rarely(20) { rule += ";WKST=SU" }
            switch c.pick(3) {
            case 0: rule += ";COUNT=\(c.pick(60) + 1)"
            case 1:
                let until = day + c.pick(900)
                switch (form, c.rarely(8)) {
                case ("date", false): rule += ";UNTIL=\(stamp(day: until, second: nil))"
                case ("floating", false): rule += ";UNTIL=\(stamp(day: until, second: 0))"
                case (_, false): rule += ";UNTIL=\(stamp(day: until, second: 0))Z"
                case (_, true): rule += [";UNTIL=\(stamp(day: until, second: nil))", ";UNTIL=\(stamp(day: until, second: 0))"][c.pick(2)]
                }
            default: break
            }
            switch c.pick(30) {
            case 0: rule = rule.lowercased()
            case 1: rule += ";COUNT=05"
            case 2: rule += ";"
            case 3: rule += ";RSCALE=GREGORIAN"
            case 4: rule += ";COUNT=3;UNTIL=20240101"
            default: break
            }
            lines.append("RRULE:" + rule)
            if c.rarely(5) { lines.append(time("EXDATE", day + 7 * (c.pick(4) + 1), second, form: c.rarely(8) ? otherForm : form)) }
            if c.rarely(20) { lines.append(time("RDATE", day + 3, second, form: form)) }
        }
        // An override of another event of the series.
        if uid.hasPrefix("shared"), c.rarely(2) {
            let id = time("RECURRENCE-ID", day - 7 * c.pick(3), second, form: c.rarely(10) ? otherForm : form)
            lines.append(c.rarely(8) ? id.replacingOccurrences(of: "RECURRENCE-ID", with: "RECURRENCE-ID;RANGE=THISANDFUTURE") : id)
        }
        if c.rarely(3) { lines.append(c.rarely(15) ? "SEQUENCE:x" : "SEQUENCE:\(c.pick(3))") }
        lines.append(c.rarely(30) ? "DTSTAMP:20241301T000000Z" : "DTSTAMP:20240101T000000Z")
        let title = ["Lunch", "Café \\, talk", "Plan\\nmore", String(repeating: "long ", count: 30), "Stand-up"][c.pick(5)]
        lines.append("SUMMARY:\(title) #\(index)")
        switch c.pick(20) {
        case 0: lines.append("X-THING;X-P=\"a,b\":value")
        case 1: lines.append("PRIORITY:high")
        case 2: lines.append("GEO:1.5;2.5")
        case 3: lines.append("location:Room 1")
        case 4: lines.append("ATTENDEE;CN=\"Ann, B\";PARTSTAT=ACCEPTED:mailto:ann@example.com")
        case 5: lines.append("DESCRIPTION;VALUE=TEXT:notes")
        case 6: lines.append("CATEGORIES:A,B")
        case 7: lines.append("STATUS:CANCELLED")
        case 8: lines.append("URL:https://example.com/event/\(index)")
        case 9: lines.append("URL:")
        case 10: lines.append("LOCATION:Room 4\\, floor 2")
        case 11: lines.append("DESCRIPTION:" + String(repeating: "notes and more ", count: 8))
        case 12: lines.append("TRANSP:TRANSPARENT")
        case 13: lines.append("URL:mailto:team@example.com")
        default: break
        }
        if c.rarely(10) { lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "UID:alarm-\(index)", "END:VALARM"] }
        lines.append("END:VEVENT")
        return (lines, form == "TZID=Custom/Zone" || otherForm == "TZID=Custom/Zone")
    }

    /// A calendar's text (CRLF or LF, lines folded at 75 octets, a byte order mark at times), its bytes damaged at times.
    static func calendar(_ events: [(lines: [String], customZone: Bool)], seed: Int) -> [UInt8] {
        var c = Choices(seed)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
        if c.rarely(10) { lines.append("X-WR-TIMEZONE:Asia/Tokyo") }
        let zoneFirst = c.pick(2) == 0
        let zone = events.contains(where: \.customZone) || c.rarely(4) ? customZone : []
        if zoneFirst { lines += zone }
        for (index, event) in events.enumerated() {
            lines += event.lines
            if index == 0 && c.rarely(20) { lines.append("X-BETWEEN:events") }
            if index == 0 && c.rarely(10) { lines += ["BEGIN:VTODO", "UID:todo-\(seed % 100)", "DUE:20240312T100000Z", "SUMMARY:Task", "END:VTODO"] }
        }
        if !zoneFirst { lines += zone }
        lines.append("END:VCALENDAR")
        // CRLF as RFC 5545 says, or LF as many files have; a byte order mark at times.
        let lineEnd: [UInt8] = c.rarely(4) ? [10] : [13, 10]
        var bytes: [UInt8] = c.rarely(10) ? [0xEF, 0xBB, 0xBF] : []
        for line in lines {
            var raw = Array(line.utf8)
            // At times a fold where another program puts one: between any two characters, with a space or a
            // tab; or, after an empty value, a piece with nothing in it.
            if raw.count <= 75 && raw.count > 2 && c.rarely(60) {
                var cut = 1 + c.pick(raw.count - 1)
                while cut > 1 && raw[cut] & 0xC0 == 0x80 { cut -= 1 }
                bytes += raw[..<cut] + lineEnd + [c.rarely(2) ? 9 : 32] + raw[cut...] + lineEnd
                continue
            }
            if raw.last == UInt8(ascii: ":") && c.rarely(2) {
                bytes += raw + lineEnd + [32] + lineEnd
                continue
            }
            var first = true
            while raw.count > (first ? 75 : 74) {
                var cut = first ? 75 : 74
                while cut > 0 && raw[cut] & 0xC0 == 0x80 { cut -= 1 }
                bytes += raw[..<cut] + lineEnd + [32]
                raw.removeFirst(cut)
                first = false
            }
            bytes += raw + lineEnd
        }
        // Damage: a byte changed, a line end dropped, or a line break put in.
        if c.rarely(4) {
            let at = c.pick(bytes.count)
            switch c.pick(4) {
            case 0: bytes[at] = [0x30, 0x3A, 0x3B, 0x20, 0xFF, 0x5A, 0x00][c.pick(7)]
            case 1: if bytes[at] == 10 { bytes.remove(at: at) }
            case 2: bytes.insert(contentsOf: [13, 10], at: at)
            default: bytes.insert(contentsOf: [13, 10, 32], at: at)
            }
        }
        return bytes
    }

    /// The items of a vdir: each event in a file of its own, with the calendar's zone.
    static func vdir(_ events: [(lines: [String], customZone: Bool)], seed: Int) -> [[UInt8]] {
        events.indices.map { index in calendar([events[index]], seed: seed &+ index) }
    }

    static let viewers: [ZoneRules] = ["UTC", "America/New_York", "Europe/Berlin", "Pacific/Kiritimati", "Pacific/Pago_Pago"]
        .compactMap { try? ZoneRules(identifier: $0) }

    /// What a store gives for a window: the reader's warnings, the store's problems, the occurrences (or the query's error).
    struct Answer: Equatable {
        var warnings: [String]
        var problems: [String]
        var occurrences: Result<[EventOccurrence], StoreError>
        var events: Int
    }

    static func answer(_ path: String, window: Range<Instant>, viewer: ZoneRules, windowed: Bool) -> Answer? {
        let reader = CalendarFileReader(mode: .lenient)
        guard let results = try? (windowed ? reader.read(path, touching: window) : reader.read(path)) else { return nil }
        let store = CalendarStore(calendars: results.map(\.calendar), floatingZone: viewer)
        return Answer(warnings: results.flatMap(\.warnings).map(\.description), problems: store.problems.map(\.description),
                      occurrences: Result { () throws(StoreError) in try store.events(in: window, viewer: viewer) },
                      events: results.reduce(0) { $0 + $1.calendar.events.count })
    }

    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-windowed-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// The windows asked about: from a day in 2022-12 to 2026-06, 1 to 40 days long, and a viewer.
    static let windows = Gen<(Int, Int, Int)>.zip(Gen.int(in: 0...1_300), Gen.int(in: 1...40), Gen.int(in: 0...4)).array(count: 4...4)

    static func window(_ w: (Int, Int, Int)) -> (Range<Instant>, ZoneRules) {
        let viewer = viewers[w.2 % viewers.count]
        let first = GregorianMath.dayNumber(year: 2022, month: 12, day: 1) + w.0
        let low = (try? viewer.startOfDay(first))?.seconds ?? first * 86_400
        let high = (try? viewer.startOfDay(first + w.1))?.seconds ?? (first + w.1) * 86_400
        return (Instant(seconds: low)..<Instant(seconds: high), viewer)
    }

    /// Checks one calendar (written as a file and as a vdir) against `windows`; whether any series was left out.
    static func check(_ seeds: [Int], calendarSeed: Int, windows: [(Int, Int, Int)], run: Int) throws -> Bool {
        let events = seeds.enumerated().map { event($1, index: $0) }
        let file = directory.appendingPathComponent("c\(run).ics")
        try Data(calendar(events, seed: calendarSeed)).write(to: file)
        let folder = directory.appendingPathComponent("v\(run)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, item) in vdir(events, seed: calendarSeed).enumerated() {
            try Data(item).write(to: folder.appendingPathComponent(String(format: "item%03d.ics", index)))
        }
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: folder)
        }
        var leftOut = false
        for w in windows {
            let (window, viewer) = window(w)
            for path in [file.path, folder.path] {
                let full = answer(path, window: window, viewer: viewer, windowed: false)
                let windowed = answer(path, window: window, viewer: viewer, windowed: true)
                guard var full, var windowed else {
                    guard (full == nil) == (windowed == nil) else { throw Failure("\(path): one read failed, the other did not") }
                    continue
                }
                if windowed.events < full.events { leftOut = true }
                full.events = 0
                windowed.events = 0
                guard full == windowed else {
                    throw Failure("\(path) \(window) \(viewer.identifier):\nfull \(full)\nwindowed \(windowed)")
                }
            }
        }
        return leftOut
    }

    /// Each event `PlainEvents.event` makes from a file's bytes is the event the
    /// reader and the decoder make of it (every field); the number made, and of them those
    /// whose title is folded (longer than a line: the calendars here fold at 75 octets).
    static func directEventsAgree(_ path: String) throws -> (made: Int, folded: Int, withURL: Int) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // (A file that does not read at all has no event to compare: the windowed read's property compares its failure.)
        guard let full = try? CalendarFileReader(mode: .lenient).read(path) else { return (0, 0, 0) }
        let byLine = Dictionary(full[0].calendar.events.map { ($0.position?.line ?? 0, $0) }, uniquingKeysWith: { first, _ in first })
        return try bytes.withUnsafeBufferPointer { buffer in
            guard let outline = ICalendarOutline(buffer) else { return (0, 0, 0) }
            let zones = try ICalendarReader(source: path, mode: .lenient).read(buffer, outline: outline, keeping: { !outline.children[$0].isEvent }).zones
            var certifier = PlainEvents(bytes: buffer, zones: zones, window: 0..<0)
            var made = 0, folded = 0, withURL = 0
            for child in outline.children where child.isEvent {
                guard let event = certifier.event(child.byteRange, line: child.line, source: path) else { continue }
                guard let expected = byLine[child.line] else { throw Failure("\(path):\(child.line): made \(event), the reader left it out") }
                guard expected == event else { throw Failure("\(path):\(child.line): made \(String(describing: event.storageFields))\nthe reader's \(String(describing: expected.storageFields))") }
                made += 1
                if (event.title?.utf8.count ?? 0) > 70 { folded += 1 }
                if event.url != nil { withURL += 1 }
            }
            return (made, folded, withURL)
        }
    }

    func testAnEventMadeFromItsBytesIsTheDecodersEvent() {
        let seeds = Gen<Int>.int(in: 0...1_000_000).array(count: 1...14)
        nonisolated(unsafe) var run = 0
        forAll(seeds, Gen<Int>.int(in: 0...1_000_000), runs: 500) { seeds, calendarSeed in
            run += 1
            let events = seeds.enumerated().map { Self.event($1, index: $0) }
            let file = Self.directory.appendingPathComponent("d\(run).ics")
            try Data(Self.calendar(events, seed: calendarSeed)).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let (made, folded, withURL) = try Self.directEventsAgree(file.path)
            // (The generator folds lines anywhere at times, and damages files: about 45% of them have events made.)
            cover(minPercent: 35, made > 0, "events made from bytes")
            cover(minPercent: 8, folded > 0, "events with a folded title made from bytes")
            cover(minPercent: 1, withURL > 0, "events with a URL made from bytes")
            return true
        }
    }

    func testTheWindowedReadIsTheFullReadForTheWindow() {
        let seeds = Gen<Int>.int(in: 0...1_000_000).array(count: 1...14)
        nonisolated(unsafe) var run = 0
        forAll(seeds, Gen<Int>.int(in: 0...1_000_000), Self.windows, runs: 300) { seeds, calendarSeed, windows in
            run += 1
            let leftOut = try Self.check(seeds, calendarSeed: calendarSeed, windows: windows, run: run)
            // Most calendars have series left out: the comparison is not the full read against itself.
            cover(minPercent: 30, leftOut, "series left out")
            return true
        }
    }

    /// A read over all of time (what commands without a window ask for) gives what the full read
    /// gives: the same calendars (every event, field by field, in the same order), the same warnings,
    /// or the same error.
    static func allTimeReadsAsInFull(_ path: String) throws -> Int {
        let reader = CalendarFileReader(mode: .lenient)
        let full: Swift.Result<[CalendarFileReader.Result], CalendarReadError> = Swift.Result { () throws(CalendarReadError) in try reader.read(path) }
        let all: Swift.Result<[CalendarFileReader.Result], CalendarReadError> = Swift.Result { () throws(CalendarReadError) in
            try reader.read(path, touching: CalendarFileReader.allTime)
        }
        switch (full, all) {
        case (.failure(let a), .failure(let b)):
            guard a == b else { throw Failure("\(path): the full read fails with \(a), the read over all of time with \(b)") }
            return 0
        case (.success(let a), .success(let b)):
            guard a.map(\.calendar) == b.map(\.calendar) else {
                throw Failure("\(path): the calendars differ:\nfull \(a.map(\.calendar))\nall of time \(b.map(\.calendar))")
            }
            guard a.map(\.warnings) == b.map(\.warnings) else {
                throw Failure("\(path): the warnings differ:\nfull \(a.map(\.warnings))\nall of time \(b.map(\.warnings))")
            }
            return a.reduce(0) { $0 + $1.calendar.events.count }
        default:
            throw Failure("\(path): one read failed, the other did not: \(full) \(all)")
        }
    }

    func testAReadOverAllOfTimeIsTheFullRead() {
        let seeds = Gen<Int>.int(in: 0...1_000_000).array(count: 1...14)
        nonisolated(unsafe) var run = 0
        forAll(seeds, Gen<Int>.int(in: 0...1_000_000), runs: 400) { seeds, calendarSeed in
            run += 1
            let events = seeds.enumerated().map { Self.event($1, index: $0) }
            let file = Self.directory.appendingPathComponent("a\(run).ics")
            try Data(Self.calendar(events, seed: calendarSeed)).write(to: file)
            let folder = Self.directory.appendingPathComponent("av\(run)")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (index, item) in Self.vdir(events, seed: calendarSeed).enumerated() {
                try Data(item).write(to: folder.appendingPathComponent(String(format: "item%03d.ics", index)))
            }
            defer {
                try? FileManager.default.removeItem(at: file)
                try? FileManager.default.removeItem(at: folder)
            }
            let before = CalendarFileReader.eventsMadeFromBytes.withLock { $0 }
            let read = try Self.allTimeReadsAsInFull(file.path)
            let madeOverAllOfTime = CalendarFileReader.eventsMadeFromBytes.withLock { $0 } - before
            _ = try Self.allTimeReadsAsInFull(folder.path)
            // The read over all of time made events from their bytes (it did not fall back to the full read, as
            // it does when most of a file's events are read through the tree: here about one file in eight does not).
            cover(minPercent: 6, madeOverAllOfTime > 0, "events made from bytes by the read over all of time")
            // Most calendars have events made from their bytes: the comparison is not the tree against itself.
            let made = try Self.directEventsAgree(file.path).made
            cover(minPercent: 35, made > 0, "events made from bytes")
            cover(minPercent: 50, read > 0, "calendars that read")
            // Files most of whose events only the tree reads are read in full over all of time; the others in parts.
            let tree = events.filter { $0.lines.contains { $0.hasPrefix("ATTENDEE") || $0.hasPrefix("CATEGORIES") || $0.hasPrefix("BEGIN:VALARM") } }
            cover(minPercent: 1, tree.count * 2 > events.count, "files mostly of events only the tree reads")
            return true
        }
    }

    /// A BEGIN or END whose first line a fold completes ("BEGI", then " N:VEVENT") is structure to the
    /// reader: the outline must not take it for a property line (it gives no outline, and the file is
    /// read in full). Here the reader nests b and c in a, closed by the folded END; an outline reading
    /// the folded lines as properties would balance too, with c a VEVENT of its own.
    func testABeginOrEndCompletedByAFoldGivesNoOutline() throws {
        let opens = ["BEGI\r\n N:VEVENT", "B\r\n\tEGIN:VEVENT", "begin\r\n :VEVENT"]
        let closes = ["EN\r\n D:VEVENT", "END\r\n :VEVENT", "e\r\n nd:VEVENT"]
        for (open, close) in zip(opens, closes) {
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240102T100000Z\r\n"
                + "\(open)\r\nUID:b\r\nDTSTART:20240103T100000Z\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:c\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240104T100000Z\r\nEND:VEVENT\r\n"
                + "\(close)\r\nEND:VCALENDAR\r\n"
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { XCTAssertNil(ICalendarOutline($0), "\(open) / \(close)") }
            let file = Self.directory.appendingPathComponent("fold-structure.ics")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let window = Instant(seconds: 1_704_067_200)..<Instant(seconds: 1_704_499_200)
            XCTAssertEqual(Self.answer(file.path, window: window, viewer: .utc, windowed: true),
                           Self.answer(file.path, window: window, viewer: .utc, windowed: false), open)
            _ = try Self.allTimeReadsAsInFull(file.path)
        }
        // A line that only looks like the start of one, folded into something else, leaves the outline be.
        let plain = Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:x\r\n y\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        plain.withUnsafeBufferPointer { XCTAssertNotNil(ICalendarOutline($0)) }
    }

    /// The fixtures' calendar folders, and the `.ics` files in them.
    static func fixturePaths() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/ICalendar")
        var paths: [String] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            let url = root.appendingPathComponent(folder)
            guard CalendarFileReader.isDirectory(url.path) else { continue }
            paths.append(url.path)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".ics") {
                paths.append(url.appendingPathComponent(name).path)
            }
        }
        return paths
    }

    func testTheFixturesReadOverAllOfTimeAsInFull() throws {
        let paths = try Self.fixturePaths()
        XCTAssertGreaterThan(paths.count, 20)
        var events = 0
        for path in paths { events += try Self.allTimeReadsAsInFull(path) }
        XCTAssertGreaterThan(events, 100)
    }

    /// The fixtures (exporters' files, real files, defective ones, vdir folders) read for windows around their events.
    func testTheFixturesReadForAWindowAsInFull() throws {
        let paths = try Self.fixturePaths()
        XCTAssertGreaterThan(paths.count, 20)
        var compared = 0
        for path in paths {
            for first in stride(from: 1990, through: 2030, by: 5) {
                for viewer in Self.viewers.prefix(3) {
                    let low = (try? viewer.startOfDay(GregorianMath.dayNumber(year: first, month: 3, day: 1)))?.seconds ?? 0
                    let window = Instant(seconds: low)..<Instant(seconds: low + 400 * 86_400)
                    let full = Self.answer(path, window: window, viewer: viewer, windowed: false)
                    let windowed = Self.answer(path, window: window, viewer: viewer, windowed: true)
                    guard var full, var windowed else {
                        XCTAssertEqual(full == nil, windowed == nil, path)
                        continue
                    }
                    full.events = 0
                    windowed.events = 0
                    XCTAssertEqual(full, windowed, "\(path) \(first) \(viewer.identifier)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    /// The RRULE parts a plain rule is written with, and near misses of them.
    static let ruleParts: [String] = [
        "FREQ=DAILY", "FREQ=WEEKLY", "FREQ=MONTHLY", "FREQ=YEARLY", "FREQ=HOURLY", "FREQ=daily", "FREQ=", "FREQ=WEEKLY",
        "INTERVAL=1", "INTERVAL=3", "INTERVAL=0", "INTERVAL=07", "INTERVAL=999999999", "INTERVAL=-2",
        "COUNT=1", "COUNT=12", "COUNT=0", "COUNT=1000000000",
        "UNTIL=20240301", "UNTIL=20240301T100000Z", "UNTIL=20240301T100000", "UNTIL=20241301", "UNTIL=20240230T000000Z", "UNTIL=18000101",
        "BYDAY=MO", "BYDAY=TU,TH", "BYDAY=MO,MO", "BYDAY=2MO", "BYDAY=SU,SA,FR", "BYDAY=XX", "BYDAY=MO,",
        "WKST=SU", "WKST=XX", "BYMONTHDAY=15", "RSCALE=GREGORIAN", "X-NAME=1", "=", "",
    ]

    /// What the plain reading of an RRULE reads, the rule parser reads the same, and the rule made of its parts is the parser's.
    func testAPlainRuleReadsAsTheParserReadsIt() {
        let texts = Gen<Int>.int(in: 0...(Self.ruleParts.count - 1)).array(count: 0...4)
            .map { $0.map { Self.ruleParts[$0] }.joined(separator: ";") }
        forAll(texts, runs: 3000) { text in
            let bytes = Array(text.utf8)
            let plain = bytes.withUnsafeBufferPointer { PlainEvents(bytes: $0, zones: ICalendarZones(), window: 0..<0).plainRule(0..<$0.count) }
            cover(minPercent: 5, plain != nil, "read plainly")
            guard let plain else { return true }
            let parsed: RecurrenceRule
            do {
                parsed = try RuleTexts.read(text)
            } catch {
                throw Failure("\(text): read plainly as \(plain), the parser refuses it: \(error)")
            }
            guard PlainEvents.PlainRule(parsed) == plain else { throw Failure("\(text): \(plain), the parser: \(parsed)") }
            guard plain.rule == parsed else { throw Failure("\(text): made \(String(describing: plain.rule)), the parser: \(parsed)") }
            return true
        }
    }
}

extension Event {
    /// Every field, for a failure's message.
    var storageFields: String { "\(title ?? "-") \(start) \(length) \(recurrence) \(String(describing: recurrenceID)) \(range) \(sequence) \(String(describing: stamp)) \(String(describing: status)) \(isTransparent) \(String(describing: position)) \(String(describing: notes)) \(String(describing: location))" }
}
