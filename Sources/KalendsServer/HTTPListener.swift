#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on POSIX sockets, bounded in everything: it
/// listens on 127.0.0.1 only, answers one connection at a time (others wait
/// in a backlog of 16), reads a request for at most 5 seconds and
/// `HTTPRequestParser`'s sizes, answers once and closes the connection.
public struct HTTPListener {
    let descriptor: Int32
    /// The port listened on (the one the system chose for port 0).
    public let port: Int

    /// Why the server could not start.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Listens on 127.0.0.1:`port` (0: a free port).
    public init(port: Int) throws(Failure) {
        guard (0...65_535).contains(port) else { throw Failure(description: "port \(port) is not 0 ... 65535") }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "no socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "127.0.0.1:\(port) cannot be listened on: \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: actual.sin_port))
    }

    /// Answers connections with `handle` until `serving` says stop (checked between connections).
    public func serve(while serving: () -> Bool = { true }, _ handle: (HTTPRequest) -> HTTPResponse) {
        while serving() {
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                usleep(10_000)
                continue
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            answer(connection, handle)
            close(connection)
        }
    }

    /// Reads one request (5 seconds at most) and writes its answer.
    func answer(_ connection: Int32, _ handle: (HTTPRequest) -> HTTPResponse) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 16 * 1024)
        let limit = HTTPRequestParser.maximumLine + HTTPRequestParser.maximumHeaderBytes + HTTPRequestParser.maximumBody + 8
        var response: HTTPResponse
        reading: while true {
            let count = block.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                // Closed or timed out before a whole request: nothing to answer, or a 408.
                if count < 0 { write(connection, HTTPResponse.text(408, "Request Timeout", "the request took too long").bytes) }
                return
            }
            received += block[0..<count]
            switch HTTPRequestParser.parse(received) {
            case .incomplete:
                if received.count > limit {
                    response = .text(413, "Content Too Large", "the request is too large")
                    break reading
                }
            case .request(let request):
                response = handle(request)
                break reading
            case .error(let error):
                response = .text(error.status, error.reason, error.reason)
                break reading
            }
        }
        write(connection, response.bytes)
    }

    func write(_ connection: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(connection, $0.baseAddress.map { $0 + sent }, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            sent += count
        }
    }
}
