/// One HTTP/1.1 request, as `HTTPRequestParser` reads it: bounded in every
/// part, names of headers lower-cased, the target split into its path and
/// its query's fields (percent-decoded).
public struct HTTPRequest: Hashable, Sendable {
    /// `GET`, `POST`...
    public var method: String
    /// The path, percent-decoded.
    public var path: String
    /// The query's fields, percent-decoded (the first of a name).
    public var query: [String: String]
    /// Headers in order, names lower-cased.
    public var headers: [(name: String, value: String)]
    /// The body (Content-Length bytes).
    public var body: [UInt8]

    /// A request of these parts.
    public init(method: String, path: String, query: [String: String] = [:], headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The first header named `name` (any case).
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        return headers.first { $0.name == lower }?.value
    }

    /// The body's fields (`application/x-www-form-urlencoded`).
    public var form: [String: String] { HTTPRequestParser.fields(Substring(String(decoding: body, as: UTF8.self))) }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.method == b.method && a.path == b.path && a.query == b.query && a.body == b.body
            && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(path)
        hasher.combine(body)
    }
}

/// An HTTP response: a status, headers and a body, written with
/// `Content-Length` and `Connection: close`.
public struct HTTPResponse: Hashable, Sendable {
    /// The status code and its reason phrase.
    public var status: Int
    public var reason: String
    /// Headers besides the ones every answer carries.
    public var headers: [String: String]
    public var body: [UInt8]

    /// A response of these parts.
    public init(status: Int, reason: String, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// A text response (`text/plain`).
    public static func text(_ status: Int, _ reason: String, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, reason: reason, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array((text + "\n").utf8))
    }

    /// The bytes sent: status line, headers (with the security headers every answer carries), body.
    public var bytes: [UInt8] {
        var all = headers
        all["Content-Length"] = String(body.count)
        all["Connection"] = "close"
        all["Cache-Control"] = "no-store"
        all["X-Content-Type-Options"] = "nosniff"
        all["Referrer-Policy"] = "no-referrer"
        all["X-Frame-Options"] = "DENY"
        var head = "HTTP/1.1 \(status) \(reason)\r\n"
        for name in all.keys.sorted() { head += name + ": " + (all[name] ?? "") + "\r\n" }
        return Array((head + "\r\n").utf8) + body
    }
}

/// Why a request was refused before it was read whole.
public struct HTTPError: Error, Hashable, Sendable {
    /// The status to answer with, and its reason phrase.
    public let status: Int
    public let reason: String
}

/// Reads an HTTP/1.1 request from the bytes received so far: the request
/// line (at most 8 KiB), at most 100 headers of at most 32 KiB in all, a
/// body of at most 64 KiB given by Content-Length (no chunked bodies).
/// Anything else is an error with its status, never a trap.
public enum HTTPRequestParser {
    /// The bounds: the request line, the headers in bytes and in number, the body.
    public static let maximumLine = 8 * 1024
    public static let maximumHeaderBytes = 32 * 1024
    public static let maximumHeaders = 100
    public static let maximumBody = 64 * 1024

    /// What the bytes received so far are.
    public enum Outcome: Hashable, Sendable {
        /// More bytes are needed.
        case incomplete
        case request(HTTPRequest)
        case error(HTTPError)
    }

    /// The request in `bytes`, if they hold one whole.
    public static func parse(_ bytes: [UInt8]) -> Outcome {
        // The head ends at the first empty line.
        guard let headEnd = find([13, 10, 13, 10], in: bytes) else {
            if bytes.count > maximumLine + maximumHeaderBytes { return .error(HTTPError(status: 431, reason: "Request Header Fields Too Large")) }
            if let lineEnd = find([13, 10], in: bytes), lineEnd > maximumLine { return .error(HTTPError(status: 414, reason: "URI Too Long")) }
            if bytes.count > maximumLine && find([13, 10], in: bytes) == nil { return .error(HTTPError(status: 414, reason: "URI Too Long")) }
            return .incomplete
        }
        guard let head = String(validating: bytes[0..<headEnd], as: UTF8.self) else { return .error(bad("the head is not UTF-8")) }
        var lines = lineSplit(head)[...]
        guard let requestLine = lines.popFirst(), requestLine.utf8.count <= maximumLine else { return .error(HTTPError(status: 414, reason: "URI Too Long")) }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else { return .error(bad("not an HTTP/1.1 request line")) }
        let method = String(parts[0])
        guard !method.isEmpty, method.utf8.allSatisfy({ $0 >= 65 && $0 <= 90 }) else { return .error(bad("a method is upper-case letters")) }
        let target = parts[1]
        guard target.hasPrefix("/") else { return .error(bad("the target is a path")) }
        guard headEnd - requestLine.utf8.count <= maximumHeaderBytes + 4 else { return .error(HTTPError(status: 431, reason: "Request Header Fields Too Large")) }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard headers.count < maximumHeaders else { return .error(HTTPError(status: 431, reason: "Request Header Fields Too Large")) }
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { return .error(bad("a header without a name")) }
            let name = line[..<colon]
            guard name.utf8.allSatisfy({ $0 > 32 && $0 < 127 && $0 != 58 }) else { return .error(bad("a header's name")) }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            headers.append((name.lowercased(), value))
        }
        var body: [UInt8] = []
        let lengths = headers.filter { $0.name == "content-length" }
        if headers.contains(where: { $0.name == "transfer-encoding" }) { return .error(HTTPError(status: 501, reason: "Not Implemented")) }
        if let length = lengths.first {
            guard lengths.count == 1, let count = Int(length.value), count >= 0, length.value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                return .error(bad("Content-Length"))
            }
            guard count <= maximumBody else { return .error(HTTPError(status: 413, reason: "Content Too Large")) }
            let start = headEnd + 4
            guard bytes.count >= start + count else { return .incomplete }
            body = Array(bytes[start..<(start + count)])
        }
        let (path, query) = split(String(target))
        return .request(HTTPRequest(method: method, path: path, query: query, headers: headers, body: body))
    }

    /// `text` split at each CR LF.
    static func lineSplit(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            // CR LF is one Character in Swift.
            if text[index] == "\r\n" {
                lines.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        lines.append(text[start...])
        return lines
    }

    static func bad(_ why: String) -> HTTPError { HTTPError(status: 400, reason: "Bad Request (\(why))") }

    /// The path (percent-decoded) and the query's fields.
    static func split(_ target: String) -> (String, [String: String]) {
        guard let mark = target.firstIndex(of: "?") else { return (decode(Substring(target)), [:]) }
        return (decode(target[..<mark]), fields(target[target.index(after: mark)...]))
    }

    /// `a=1&b=two` as fields (the first of a name kept; `+` a space).
    static func fields(_ text: Substring) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            if fields[name] == nil { fields[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return fields
    }

    /// Percent-decoding (`%41` is `A`, `+` a space); a bad escape is kept as it is.
    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "%"), index + 2 < source.count, let high = hex(source[index + 1]), let low = hex(source[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? 32 : byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: return byte - 48
        case 65...70: return byte - 55
        case 97...102: return byte - 87
        default: return nil
        }
    }

    static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        var index = 0
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0] && Array(bytes[index..<(index + pattern.count)]) == pattern { return index }
            index += 1
        }
        return nil
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
