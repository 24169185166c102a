#if canImport(Glibc)
import Glibc
#endif
import Kalends
import KalendsICalendar
import KalendsLayout
import KalendsStore
import KalendsTimeline
import KalendsViews

/// `kalends serve`: the views in a browser, on this machine only, and
/// CalendarKit's editing: drag an event (or its end) to a new time, snapped
/// to 15 minutes in the day's real hours (`TimelineDay.dragged`), written
/// by the calendar editor with all its guarantees.
///
/// Every request must carry the token (`?token=` or `X-Kalends-Token`) and
/// a Host of 127.0.0.1 or localhost at the server's port; a change (POST)
/// must come from no Origin or the server's own. A page carries the
/// version of the files it was drawn from; a change made from a page whose
/// files another program changed since is refused (409), and the page
/// shows the new state. Between requests it keeps only the store read for
/// the files' last version (device, inode, size and modification time of
/// each file and vdir item): files that changed are read again.
public struct CalendarServer: Sendable {
    /// The calendar files and folders served.
    public var paths: [String]
    /// The viewer's zone.
    public var zone: ZoneRules
    /// The words and numerals of the pages.
    public var names: ViewNames
    /// The token every request must carry.
    public var token: String
    /// The port listened on (the Host every request must name).
    public var port: Int
    /// Reads the files into a store (the command line's reader, which reports warnings its own way).
    public var open: @Sendable ([String], ZoneRules) throws -> CalendarStore
    /// Pixels an hour of a day in the pages (and of the drags they send).
    public var hourHeight = 40.0
    /// The store read for the files' last version: a page of files no program changed is drawn without reading them again.
    let cache = StoreCache()

    /// A server of `paths` for `zone`, answering requests with `token` for `127.0.0.1:port`; `open` reads the files into a store.
    public init(paths: [String], zone: ZoneRules, names: ViewNames = .english, token: String, port: Int,
                open: @escaping @Sendable ([String], ZoneRules) throws -> CalendarStore) {
        self.paths = paths
        self.zone = zone
        self.names = names
        self.token = token
        self.port = port
        self.open = open
    }

    /// A random token: 128 bits in hexadecimal.
    public static func randomToken() -> String {
        (0..<2).map { _ in
            let text = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }

    // MARK: Requests

    /// The answer to `request`.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        guard let host = request.header("host"), host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else {
            return .text(403, "Forbidden", "this server answers requests for 127.0.0.1:\(port) and localhost:\(port) only")
        }
        guard (request.query["token"] ?? request.header("x-kalends-token") ?? request.form["token"]) == token else {
            return .text(403, "Forbidden", "the token printed when the server started is needed")
        }
        switch (request.method, request.path) {
        case ("GET", "/"):
            return page(request.query)
        case ("POST", "/move"), ("POST", "/create"):
            if let origin = request.header("origin"), origin != "http://127.0.0.1:\(port)", origin != "http://localhost:\(port)" {
                return .text(403, "Forbidden", "changes come from this server's own page only")
            }
            return change(request.path, request.form)
        case (_, "/"), (_, "/move"), (_, "/create"):
            return HTTPResponse(status: 405, reason: "Method Not Allowed", headers: ["Allow": request.path == "/" ? "GET" : "POST"])
        default:
            return .text(404, "Not Found", "nothing here")
        }
    }

    /// The identity of the files as they are now (each path's device, inode, size, modification time).
    func version() -> String {
        var parts: [String] = []
        for path in paths {
            var info = stat()
            if stat(path, &info) != 0 { parts.append("-"); continue }
            parts.append("\(info.st_dev).\(info.st_ino).\(info.st_size).\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
            // A folder's items too: an item rewritten in place does not touch the folder.
            if (info.st_mode & S_IFMT) == S_IFDIR, let names = try? LocalFiles.entries(of: path) {
                for name in names where name.hasSuffix(".ics") {
                    var item = stat()
                    if stat(LocalFiles.joined(path, name), &item) == 0 { parts.append("\(item.st_ino).\(item.st_size).\(item.st_mtim.tv_sec).\(item.st_mtim.tv_nsec)") }
                }
            }
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in parts.joined(separator: "|").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }

    /// The view a page shows: its kind and first day.
    func viewDay(_ query: [String: String]) -> (kind: String, day: Int) {
        let kind = ["day", "week", "month"].contains(query["view"] ?? "") ? (query["view"] ?? "week") : "week"
        var day = zone.dayNumber(of: Self.now())
        if let text = query["date"], let date = try? CalendarDateText.parse(text, in: GregorianCalendar()) { day = date.dayNumber }
        return (kind, day)
    }

    static func now() -> Instant {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Instant(seconds: Int(time.tv_sec))
    }

    func page(_ query: [String: String], message: String? = nil) -> HTTPResponse {
        let (kind, day) = viewDay(query)
        let version = self.version()
        let store: CalendarStore
        do {
            store = try cachedStore(version: version)
        } catch {
            return .text(500, "Internal Server Error", "the calendars cannot be read: \(error)")
        }
        var svg = ViewSVG(width: 900, hourHeight: hourHeight, names: names)
        svg.now = Self.now()
        let drawing: String, events: [ViewEvent], shown: ClosedRange<Int>, title: String, step: Int
        do {
            switch kind {
            case "day":
                let view = try CalendarViews.day(store, dayNumber: day, zone: zone)
                (drawing, events, shown, title, step) = (svg.day(view), view.boxes.map(\.event) + view.allDay.map(\.event), day...day,
                                                         names.dayTitle(day), 1)
            case "month":
                let gregorian = GregorianCalendar()
                let date = try gregorian.date(dayNumber: day)
                let view = try CalendarViews.month(store, calendar: gregorian, year: date.year, month: date.month, rules: .iso, zone: zone)
                (drawing, events, shown, title, step) = (svg.month(view), view.weeks.joined().compactMap { $0 }.flatMap(\.events),
                                                         view.first.dayNumber...(view.first.dayNumber + view.grid.length - 1), view.title(names), 31)
            default:
                let first = WeekRules.iso.startOfWeek(containing: day)
                let view = try CalendarViews.week(store, firstDay: first, count: 7, zone: zone)
                (drawing, events, shown, title, step) = (svg.week(view), view.days.flatMap { $0.boxes.map(\.event) + $0.allDay.map(\.event) },
                                                         first...(first + 6), names.dayTitle(first), 7)
            }
        } catch {
            return .text(500, "Internal Server Error", "the view cannot be drawn: \(error)")
        }
        let link = { (kind: String, day: Int) in "/?token=\(token)&view=\(kind)&date=\(ISODate(dayNumber: day))" }
        let navigation = """
            <nav><a href="\(link(kind, day - step))">◀</a> <a href="\(link(kind, zone.dayNumber(of: Self.now())))">today</a> \
            <a href="\(link(kind, day + step))">▶</a> · <a href="\(link("day", day))">day</a> <a href="\(link("week", day))">week</a> \
            <a href="\(link("month", day))">month</a></nav>
            """
        let html = ViewHTML.page(title: title, svg: drawing, events: events, shown: shown, zone: zone)
        let editing = ServerPage.script(token: token, version: version, kind: kind, date: ISODate(dayNumber: day).description, hourHeight: hourHeight,
                                        message: message)
        let body = html.replacingFirst("<div id=\"view\">", with: navigation + "<div id=\"view\">").replacingFirst("</body>", with: editing + "</body>")
            .replacingFirst("default-src 'none';", with: "default-src 'none'; connect-src 'self';")
        return HTTPResponse(status: 200, reason: "OK", headers: ["Content-Type": "text/html; charset=utf-8",
                                                                 "Content-Security-Policy": ServerPage.policy], body: Array(body.utf8))
    }

    /// The store of the files at `version`: the one read before if they are still at it, else read now.
    func cachedStore(version: String) throws -> CalendarStore {
        if let store = cache.store(for: version) { return store }
        let store = try open(paths, zone)
        cache.keep(store, for: version)
        return store
    }

    // MARK: Changes

    /// A drag: `/move` (`id`, `dy` pixels, `edge` move or end, `scope` this or future) or `/create` (`date`, `y1`, `y2`, `title`).
    func change(_ path: String, _ form: [String: String]) -> HTTPResponse {
        let current = version()
        guard form["version"] == current else {
            return .text(409, "Conflict", "another program changed the calendar since this page was drawn: nothing was changed; the page shows the new state")
        }
        do {
            let store = try cachedStore(version: current)
            if path == "/create" { return try create(form, store: store) }
            return try move(form, store: store)
        } catch let error as CalendarEditError {
            return .text(409, "Conflict", "not changed: \(error)")
        } catch {
            return .text(400, "Bad Request", "not changed: \(error)")
        }
    }

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    func move(_ form: [String: String], store: CalendarStore) throws -> HTTPResponse {
        guard let id = form["id"], let dy = form["dy"].flatMap(Double.init), dy.isFinite, abs(dy) < 100_000,
              let dateText = form["date"], let date = try? CalendarDateText.parse(dateText, in: GregorianCalendar()) else {
            throw Refusal(description: "id, dy and date are needed")
        }
        let view = try CalendarViews.day(store, dayNumber: date.dayNumber, zone: zone)
        guard let box = view.boxes.first(where: { $0.event.id.description == id }) else { throw Refusal(description: "no event \(id) on \(dateText)") }
        guard !box.continuesBefore && !box.continuesAfter else {
            throw Refusal(description: "an event over midnight is changed with kalends event edit, not dragged")
        }
        let dayHeight = view.day.axis.length / 3600 * hourHeight
        let moved: TimelineEvent
        if form["edge"] == "end" {
            moved = view.day.resized(box.placement, edge: .bottom, translationY: dy, height: dayHeight)
        } else {
            moved = view.day.dragged(box.placement, translationY: dy, height: dayHeight)
        }
        guard case .timed(let start, let end) = moved.time else { throw Refusal(description: "an all-day event is not dragged in time") }
        let event = box.event
        // The times kept in the event's own form: its zone, floating, or UTC.
        // A wall-clock time that names another instant (the second 01:30 of a day the clocks fall back: a TZID
        // time is the first) is written in UTC.
        func written(_ instant: Instant, like original: ItemTime) throws -> ItemTime {
            switch original {
            case .zoned(_, let eventZone):
                let local = try ZonedDateTime(instant: instant, zone: eventZone).local
                return (try? eventZone.resolve(local).instant) == instant ? .zoned(local, eventZone) : .utc(instant)
            case .floating: return .floating(try ZonedDateTime(instant: instant, zone: zone).local)
            case .utc, .date: return .utc(instant)
            }
        }
        var changes = EventChanges()
        // A drag moves the start (the length kept, as the editor keeps DURATION); a drag of the end changes only the end.
        if form["edge"] == "end" {
            changes.end = .at(try written(end, like: event.occurrence.end))
        } else {
            // The editor keeps the event's length (DTEND or DURATION moves with the start).
            changes.start = try written(start, like: event.occurrence.start)
            _ = end
        }
        guard let collection = store.calendars.first(where: { $0.name == event.calendar }) else { throw Refusal(description: "no calendar \(event.calendar)") }
        let editor = CalendarFileEditor(path: collection.path)
        if let recurrenceID = event.id.recurrenceID {
            _ = try editor.edit(uid: event.id.uid, occurrence: recurrenceID, future: form["scope"] == "future", changes: changes)
        } else {
            _ = try editor.edit(uid: event.id.uid, changes: changes)
        }
        return .text(200, "OK", "moved")
    }

    func create(_ form: [String: String], store: CalendarStore) throws -> HTTPResponse {
        guard let dateText = form["date"], let date = try? CalendarDateText.parse(dateText, in: GregorianCalendar()),
              let y1 = form["y1"].flatMap(Double.init), let y2 = form["y2"].flatMap(Double.init), y1.isFinite, y2.isFinite else {
            throw Refusal(description: "date, y1 and y2 are needed")
        }
        let title = String((form["title"] ?? "New event").prefix(500))
        let day = try TimelineDay(dayNumber: date.dayNumber, zone: zone)
        let height = day.axis.length / 3600 * hourHeight
        func snapped(_ y: Double) -> Instant {
            let elapsed = day.axis.elapsed(atY: Swift.min(Swift.max(0, y), height), height: height)
            return day.instant(atElapsed: (elapsed / 900).rounded() * 900)
        }
        let start = snapped(Swift.min(y1, y2)), end = snapped(Swift.max(y1, y2))
        let finish = end > start ? end : Instant(seconds: start.seconds + 1800)
        guard let target = store.calendars.first?.path ?? paths.first else { throw Refusal(description: "no calendar to add to") }
        let zoned = { (instant: Instant) throws -> ItemTime in .zoned(try ZonedDateTime(instant: instant, zone: self.zone).local, self.zone) }
        let startTime: ItemTime = zone.isUTC ? .utc(start) : try zoned(start)
        let endTime: ItemTime = zone.isUTC ? .utc(finish) : try zoned(finish)
        _ = try CalendarFileEditor(path: target).add(NewEvent(title: title, start: startTime, end: .at(endTime)))
        return .text(200, "OK", "created")
    }
}

extension String {
    /// The text with the first `target` replaced (searched byte by byte: pages are large).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8), pattern = Array(target.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return self }
        for index in 0...(bytes.count - pattern.count) where bytes[index] == pattern[0] {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                return String(decoding: bytes[..<index], as: UTF8.self) + replacement + String(decoding: bytes[(index + pattern.count)...], as: UTF8.self)
            }
        }
        return self
    }
}

/// The last store read and the version of the files it was read from.
final class StoreCache: @unchecked Sendable {
    private var version: String?
    private var store: CalendarStore?
    private let lock = PthreadLock()

    func store(for version: String) -> CalendarStore? {
        lock.locked { self.version == version ? store : nil }
    }

    func keep(_ store: CalendarStore, for version: String) {
        lock.locked {
            self.version = version
            self.store = store
        }
    }
}

/// A mutex (the server answers on one thread; the lock keeps the cache right if an app calls `handle` from several).
final class PthreadLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()

    init() { pthread_mutex_init(&mutex, nil) }

    deinit { pthread_mutex_destroy(&mutex) }

    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}
