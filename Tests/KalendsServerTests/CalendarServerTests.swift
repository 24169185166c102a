import Foundation
import Kalends
import KalendsCheck
import KalendsICalendar
import KalendsServer
import KalendsStore
import KalendsViews
import XCTest

/// The server's answers, without a socket: what it refuses (no token, another
/// Host, another Origin, a page older than the files) changes nothing; a drag
/// changes the event's start by what the day's real hours say, and no other
/// line but the editor's DTSTAMP and SEQUENCE.
final class CalendarServerTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "kalends-server-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    static let zone: ZoneRules = (try? ZoneRules(identifier: "America/New_York")) ?? .utc

    func server(_ text: String) throws -> (CalendarServer, String) {
        let file = folder + "/cal.ics"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let server = CalendarServer(paths: [file], zone: Self.zone, token: "t0k3n", port: 4242) { paths, zone in
            CalendarStore(calendars: try paths.map { try CalendarFileReader().read($0)[0].calendar }, floatingZone: zone)
        }
        return (server, file)
    }

    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Test//EN\r
        BEGIN:VEVENT\r
        UID:night\r
        DTSTAMP:20240101T000000Z\r
        DTSTART;TZID=America/New_York:20241103T003000\r
        DTEND;TZID=America/New_York:20241103T010000\r
        SUMMARY:Night shift\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func request(_ method: String, _ path: String, query: [String: String] = [:], host: String = "127.0.0.1:4242", origin: String? = nil,
                 form: [String: String] = [:]) -> HTTPRequest {
        var headers = [(name: "host", value: host)]
        if let origin { headers.append((name: "origin", value: origin)) }
        let body = form.map { $0.key + "=" + ($0.value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }.joined(separator: "&")
        return HTTPRequest(method: method, path: path, query: query, headers: headers, body: Array(body.utf8))
    }

    func version(_ server: CalendarServer) throws -> String {
        let page = server.handle(request("GET", "/", query: ["token": "t0k3n", "view": "day", "date": "2024-11-03"]))
        XCTAssertEqual(page.status, 200)
        let text = String(decoding: page.body, as: UTF8.self)
        guard let range = text.range(of: #"version: "[0-9a-f]+""#, options: .regularExpression) else { throw XCTSkip("no version") }
        return String(text[range].dropFirst(10).dropLast())
    }

    func testWhatIsRefusedChangesNothing() throws {
        let (server, file) = try server(Self.calendar)
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let version = try version(server)
        let move = ["token": "t0k3n", "version": version, "id": "night", "dy": "40", "date": "2024-11-03"]
        XCTAssertEqual(server.handle(request("GET", "/", query: [:])).status, 403)
        XCTAssertEqual(server.handle(request("GET", "/", query: ["token": "wrong"])).status, 403)
        XCTAssertEqual(server.handle(request("GET", "/", query: ["token": "t0k3n"], host: "attacker.example:4242")).status, 403)
        XCTAssertEqual(server.handle(request("GET", "/", query: ["token": "t0k3n"], host: "127.0.0.1:80")).status, 403)
        XCTAssertEqual(server.handle(request("POST", "/move", origin: "http://attacker.example", form: move)).status, 403)
        XCTAssertEqual(server.handle(request("POST", "/move", host: "evil:4242", form: move)).status, 403)
        XCTAssertEqual(server.handle(request("POST", "/move", form: move.merging(["version": "0"]) { $1 })).status, 409)
        XCTAssertEqual(server.handle(request("GET", "/move", query: ["token": "t0k3n"])).status, 405)
        XCTAssertEqual(server.handle(request("GET", "/etc/passwd", query: ["token": "t0k3n"])).status, 404)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), before)
        // The page fetches nothing but its own server.
        let page = server.handle(request("GET", "/", query: ["token": "t0k3n"]))
        XCTAssertEqual(page.headers["Content-Security-Policy"].map { $0.contains("default-src 'none'") && $0.contains("connect-src 'self'") }, true)
    }

    /// On 3 November 2024 (25 hours in New York) a drag of 2 hours' pixels from 00:30 lands 2 real hours later:
    /// 01:30 EST, the second 01:30, as `DayAxis` says; only DTSTART, DTEND, DTSTAMP and SEQUENCE change.
    func testADragOnA25HourDayLandsWhereTheDaysHoursSay() throws {
        let (server, file) = try server(Self.calendar)
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let answer = server.handle(request("POST", "/move", origin: "http://localhost:4242",
                                           form: ["token": "t0k3n", "version": try version(server), "id": "night", "dy": "80", "date": "2024-11-03"]))
        XCTAssertEqual(answer.status, 200, String(decoding: answer.body, as: UTF8.self))
        let after = try String(contentsOfFile: file, encoding: .utf8)
        let read = try CalendarFileReader().read(file)[0].calendar
        let start = try read.events[0].start.instant(viewer: Self.zone)
        // 00:30 EDT is 04:30Z; two real hours later is 06:30Z (01:30 EST).
        XCTAssertEqual(start.seconds, try ZonedDateTime(instant: Instant(seconds: 0), zone: .utc).instant.seconds + 1_730_615_400)
        let changed = Set(after.components(separatedBy: "\r\n")).symmetricDifference(before.components(separatedBy: "\r\n"))
            .compactMap { $0.split(separator: ":").first.map { String($0.split(separator: ";")[0]) } }
        XCTAssertEqual(Set(changed).subtracting(["DTSTART", "DTEND", "DTSTAMP", "SEQUENCE"]), [], "\(changed)")
    }
}
