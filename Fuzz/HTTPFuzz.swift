// libFuzzer target: the HTTP request parser of `kalends serve`
// (Sources/KalendsServer/HTTPMessage.swift, compiled in with this file).
// Built and run by Scripts/fuzz.sh (Docs/Reliability.md).
// Properties checked besides "no trap, no hang":
// - an error's status is 4xx or 5xx;
// - a request read keeps the bounds (body, header count) and its body is the
//   Content-Length it names;
// - the answer for a whole request does not change when more bytes follow.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    switch HTTPRequestParser.parse(bytes) {
    case .incomplete:
        break
    case .error(let error):
        if !(400...599).contains(error.status) { fatalError("status \(error.status)") }
    case .request(let request):
        if request.body.count > HTTPRequestParser.maximumBody || request.headers.count > HTTPRequestParser.maximumHeaders { fatalError("a bound") }
        if let length = request.header("content-length"), Int(length) != request.body.count { fatalError("the body is not its Content-Length") }
        guard case .request(let again) = HTTPRequestParser.parse(bytes + Array("GET / HTTP/1.1\r\n\r\n".utf8)), again == request else {
            fatalError("more bytes changed the request")
        }
    }
    return 0
}
