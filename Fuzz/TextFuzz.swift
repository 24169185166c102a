// libFuzzer target: the text parsers of Kalends, chosen by the first byte:
// RRULE text, durations, date-times (ISO 8601 / RFC 3339 / iCalendar forms)
// and JSON. Built and run by Scripts/fuzz.sh (Docs/Reliability.md).
// Properties checked besides "no trap, no hang":
// - RRULE: parse(format(rule)) == rule, format canonical; an error's offset lies inside the text;
// - duration: parse(format(d)) == d;
// - date-time: what parses formats and parses back to the same wall time and zone; a syntax error's position lies inside the text;
// - JSON: a document that parses reads the same after its bytes are read again; errors are placed.
@testable import Kalends

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count > 0 else { return 0 }
    let selector = data[0] % 4
    let body = UnsafeBufferPointer(start: data + 1, count: count - 1)
    let text = String(decoding: body, as: UTF8.self)
    switch selector {
    case 0:
        do {
            let rule = try RecurrenceRule(parsing: text)
            let written = rule.description
            guard let again = try? RecurrenceRule(parsing: written), again == rule, again.description == written else {
                fatalError("RRULE \(written) does not read back to itself")
            }
        } catch {
            if let offset = error.offset, offset < 0 || offset > text.utf8.count + 6 { fatalError("RRULE error placed outside: \(error)") }
        }
    case 1:
        if let duration = try? CalendarDuration(parsing: text) {
            guard let again = try? CalendarDuration(parsing: duration.description), again == duration else {
                fatalError("duration \(duration) does not read back to itself")
            }
        }
    case 2:
        let iso = GregorianCalendar(.iso8601)
        do {
            _ = try DateTimeText.parse(text, in: iso)
        } catch {
            // A syntax error says where reading stopped: inside the text (or at its end).
            if case .malformed(_, let position, _) = error, position < 0 || position > text.count { fatalError("date-time error placed outside: \(error)") }
        }
        if let parsed = try? DateTimeText.parse(text, in: iso), let time = parsed.time {
            let zone: String
            switch parsed.zone {
            case nil: zone = ""
            case .utc?: zone = "Z"
            case .offset(let offset)?: zone = offset.description
            case .named(let name, let offset)?: zone = (offset?.description ?? "") + "[" + name + "]"
            }
            let written = DateTimeText.format(parsed.date, time) + zone
            // The reader takes at most 120 characters; the written form may be longer than what was read.
            guard written.count <= 120 else { return 0 }
            guard let again = try? DateTimeText.parse(written, in: iso), again.local == parsed.local, again.zone == parsed.zone else {
                fatalError("date-time \(text.debugDescription) written \(written) does not read back")
            }
        }
    default:
        let bytes = Array(body)
        let first = bytes.withUnsafeBytes { raw in Result { () throws(JSONSyntaxError) in try JSONDocument.parse(raw) } }
        let second = bytes.withUnsafeBytes { raw in Result { () throws(JSONSyntaxError) in try JSONDocument.parse(raw) } }
        guard "\(first)" == "\(second)" else { fatalError("JSON reads differently twice") }
    }
    return 0
}
