import Foundation
#if canImport(Glibc)
import Glibc
#endif
import XCTest

/// `kalends serve` as a process, over a real socket: it prints its URL, answers
/// the page with the token, refuses requests without it or for another Host,
/// answers a request too large or too slow with an error, and a drag writes the file.
final class ServeCLITests: XCTestCase {
    /// Sends `request` to 127.0.0.1:`port` and returns the answer's status line and body.
    static func send(_ request: String, port: Int) -> (status: String, body: String) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return ("", "") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return ("", "") }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = block.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += block[0..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        return (parts.first?.components(separatedBy: "\r\n").first ?? "", parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    func testServingAndEditingOverASocket() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kalends-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("team.ics")
        try FileManager.default.copyItem(at: CLI.repositoryRoot.appendingPathComponent("Examples/team.ics"), to: file)
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["serve", file.path, "--tz", "America/New_York"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        // The first line: http://127.0.0.1:PORT/?token=TOKEN
        var line = Data()
        while !line.contains(10) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        let url = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: url), let port = components.port, components.host == "127.0.0.1",
              let token = components.queryItems?.first(where: { $0.name == "token" })?.value, token.count == 32 else {
            return XCTFail("no URL: \(url)")
        }
        let host = "Host: 127.0.0.1:\(port)\r\n"
        XCTAssertEqual(Self.send("GET / HTTP/1.1\r\n\(host)\r\n", port: port).status, "HTTP/1.1 403 Forbidden")
        XCTAssertEqual(Self.send("GET /?token=\(token) HTTP/1.1\r\nHost: rebind.example:\(port)\r\n\r\n", port: port).status, "HTTP/1.1 403 Forbidden")
        XCTAssertEqual(Self.send("GET /" + String(repeating: "a", count: 10_000) + " HTTP/1.1\r\n\r\n", port: port).status, "HTTP/1.1 414 URI Too Long")
        let page = Self.send("GET /?token=\(token)&view=week&date=2024-03-11 HTTP/1.1\r\n\(host)\r\n", port: port)
        XCTAssertEqual(page.status, "HTTP/1.1 200 OK")
        XCTAssertTrue(page.body.contains("data-id=\"release@example.com\" data-box-day=\"2024-03-12\""), page.body)
        guard let range = page.body.range(of: #"version: "[0-9a-f]+""#, options: .regularExpression) else { return XCTFail("no version") }
        let version = String(page.body[range].dropFirst(10).dropLast())
        // A drag of the release window by 40 pixels: an hour later.
        let form = "token=\(token)&version=\(version)&id=release%40example.com&dy=40&date=2024-03-12"
        let moved = Self.send("POST /move HTTP/1.1\r\n\(host)Origin: http://127.0.0.1:\(port)\r\nContent-Length: \(form.utf8.count)\r\n\r\n\(form)", port: port)
        XCTAssertEqual(moved.status, "HTTP/1.1 200 OK", moved.body)
        let agenda = CLI.run(["agenda", file.path, "--from", "2024-03-12", "--days", "1", "--tz", "America/New_York"])
        XCTAssertEqual(agenda.stdout, "Tuesday 2024-03-12\n  19:00-22:00  Release window\n")
        // The same page again: its files changed since, so nothing more is changed.
        let again = Self.send("POST /move HTTP/1.1\r\n\(host)Content-Length: \(form.utf8.count)\r\n\r\n\(form)", port: port)
        XCTAssertEqual(again.status, "HTTP/1.1 409 Conflict")
    }
}
