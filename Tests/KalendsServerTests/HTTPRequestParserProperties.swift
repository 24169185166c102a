import KalendsCheck
import KalendsServer
import XCTest

/// The request parser of `kalends serve`: what a client writes reads back the
/// same, whatever arrives in whatever pieces; any bytes at all give an answer
/// (a request, more to wait for, or an error with its status), never a trap;
/// every bound holds.
final class HTTPRequestParserProperties: XCTestCase {
    static let token = Gen.element(of: Array("abcXYZ019-_.~")).array(count: 1...12).map { String($0) }
    static let text = Gen.element(of: Array("ab Z09-_.~/?&=%+é中\"'<>")).array(count: 0...20).map { String($0) }

    static func percent(_ text: String) -> String {
        text.utf8.map { byte in
            (byte >= 48 && byte <= 57) || (byte | 32 >= 97 && byte | 32 <= 122) || byte == 45 || byte == 95 || byte == 46 || byte == 126
                ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded()
        }.joined()
    }

    static let requests: Gen<HTTPRequest> = Gen.zip(Gen.element(of: ["GET", "POST", "PUT"]), token.array(count: 0...3),
                                                    Gen.zip(token, text).array(count: 0...3),
                                                    Gen.zip(token, token.array(count: 0...3), Gen.element(of: Array(0...255).map(UInt8.init)).array(count: 0...40)))
        .map { method, segments, fields, rest in
            let (extraName, values, body) = rest
            var query: [String: String] = [:]
            for (name, value) in fields where query[name] == nil { query[name] = value }
            let headers = [(name: "host", value: "127.0.0.1:1")] + values.map { (name: "x-" + extraName.lowercased(), value: $0) }
            return HTTPRequest(method: method, path: "/" + segments.joined(separator: "/"), query: query, headers: headers, body: body)
        }

    static func bytes(_ request: HTTPRequest) -> [UInt8] {
        var target = percent(request.path).replacingOccurrences(of: "%2F", with: "/")
        if !request.query.isEmpty {
            target += "?" + request.query.keys.sorted().map { percent($0) + "=" + percent(request.query[$0] ?? "") }.joined(separator: "&")
        }
        var head = "\(request.method) \(target) HTTP/1.1\r\n"
        for header in request.headers { head += header.name + ": " + header.value + "\r\n" }
        if !request.body.isEmpty { head += "Content-Length: \(request.body.count)\r\n" }
        return Array((head + "\r\n").utf8) + request.body
    }

    func testARequestReadsBackTheSameInAnyPieces() {
        forAll(Gen.zip(Self.requests, Gen.int(in: 1...64)), runs: 2000) { request, piece in
            let bytes = Self.bytes(request)
            var expected = request
            if !request.body.isEmpty { expected.headers.append((name: "content-length", value: String(request.body.count))) }
            // Every proper prefix is incomplete; the whole is the request.
            var end = 0
            while end < bytes.count {
                guard case .incomplete = HTTPRequestParser.parse(Array(bytes[0..<end])) else { throw Failure("a prefix of \(end) bytes was taken whole") }
                end += piece
            }
            guard case .request(let read) = HTTPRequestParser.parse(bytes), read == expected else {
                throw Failure("\(HTTPRequestParser.parse(bytes)) instead of \(expected)")
            }
            return true
        }
    }

    func testAnyBytesGetAnAnswer() {
        let pieces = ["GET / HTTP/1.1\r\n", "\r\n", "Host: x\r\n", "Content-Length: 5\r\n", "Content-Length: -1\r\n", ":", " ", "\u{0}", "é",
                      "Transfer-Encoding: chunked\r\n", "POST /move HTTP/1.0\r\n", "%", "?a=%zz&b", "\r", "\n"]
        forAll(Gen.element(of: pieces).array(count: 0...30), runs: 3000) { parts in
            let bytes = Array(parts.joined().utf8)
            switch HTTPRequestParser.parse(bytes) {
            case .incomplete: return true
            case .error(let error): return (400...599).contains(error.status)
            case .request(let request): return request.body.count <= HTTPRequestParser.maximumBody && request.headers.count <= HTTPRequestParser.maximumHeaders
            }
        }
    }

    func testTheBounds() {
        func status(_ text: String) -> Int? {
            if case .error(let error) = HTTPRequestParser.parse(Array(text.utf8)) { return error.status }
            return nil
        }
        XCTAssertEqual(status("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\n\r\n"), 414)
        XCTAssertEqual(status("GET /" + String(repeating: "a", count: 9000)), 414)
        XCTAssertEqual(status("GET / HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 101) + "\r\n"), 431)
        XCTAssertEqual(status("GET / HTTP/1.1\r\nX: " + String(repeating: "b", count: 40_000) + "\r\n\r\n"), 431)
        XCTAssertEqual(status("POST / HTTP/1.1\r\nContent-Length: 70000\r\n\r\n"), 413)
        XCTAssertEqual(status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"), 501)
        XCTAssertEqual(status("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/2\r\n\r\n"), 400)
        XCTAssertEqual(status("get / HTTP/1.1\r\n\r\n"), 400)
        XCTAssertEqual(status("GET http://x/ HTTP/1.1\r\n\r\n"), 400)
        XCTAssertEqual(status("GET / HTTP/1.1\r\n: nameless\r\n\r\n"), 400)
        if case .request(let request) = HTTPRequestParser.parse(Array("GET /a%20b?x=1+2&y=%zz HTTP/1.1\r\nHOST: h\r\n\r\n".utf8)) {
            XCTAssertEqual(request.path, "/a b")
            XCTAssertEqual(request.query, ["x": "1 2", "y": "%zz"])
            XCTAssertEqual(request.header("Host"), "h")
        } else {
            XCTFail("a plain request")
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension String {
    func leftPadded() -> String { count < 2 ? "0" + self : self }
}
