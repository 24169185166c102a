import Foundation
import Kalends
import KalendsCheck
import KalendsLayout
import KalendsTimeline
import XCTest

/// The layout codec's fast paths against the ones they replace: the
/// one-pass reader (`LayoutJSONReader` and the ISO date-time fast path) must
/// read every input as the strict reader (`JSONDocument`) plus the general
/// checks do (same events, or the same error text, positions included),
/// `JSONDocument` must agree with `JSONSerialization`, and
/// `LayoutJSONWriter` must write exactly `LayoutJSONWriter.object(...).encoded`.
final class LayoutJSONParityProperties: XCTestCase {
    static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Pacific/Apia", "Australia/Lord_Howe"]

    /// A JSON value as text, of the kinds the members hold.
    static let strings: Gen<String> = Gen.element(of: [
        "\"a\"", "\"\"", "\"e1\"", "\"Q\\\"A\"", "\"\\u00e9t\\u00E9\"", "\"caf\u{e9}\"", "\"\\ud83d\\ude00\"", "\"\\ud83d\"",
        "\"tab\\there\"", "\"\\/x\\\\\"", "\"\\u0000\"", "\"bad\\x\"", "\"line\nbreak\"", "\"\u{1F600}\"",
    ])
    static let scalars: Gen<String> = Gen.element(of: [
        "0", "1", "-0", "42", "-7", "1.5", "1.0", "1e3", "012", "999999999999999", "1000000000000000", "true", "false",
        "null", "[]", "{}", "[1,{\"a\":[null]}]", "{\"a\":1,\"a\":2}", "-", "tru", "1.", "\"x",
    ])
    static let times: Gen<String> = Gen.oneOf([
        Gen<((Int, Int), (Int, Int), (Int, Int))>.zip(
            Gen<(Int, Int)>.zip(Gen.int(in: 990...2100), Gen.int(in: 0...13)), Gen<(Int, Int)>.zip(Gen.int(in: 0...32), Gen.int(in: 0...25)),
            Gen<(Int, Int)>.zip(Gen.int(in: 0...60), Gen.int(in: 0...61))
        ).map { ymd in
            let ((y, mo), (d, h), (mi, s)) = ymd
            return String(format: "\"%04d-%02d-%02dT%02d:%02d:%02d\"", y, mo, d, h, mi, s)
        },
        Gen.element(of: [
            "\"2024-03-15T09:00:00\"", "\"2024-03-15T10:30:00\"", "\"2024-03-15\"", "\"2024-03-16\"", "\"2024-03-15T09:00:00Z\"",
            "\"2024-03-15T09:00:00+05:30\"", "\"2024-03-15T09:00\"", "\"2024-03-15t09:00:00\"", "\"2024-03-15 09:00:00\"",
            "\"2024-03-15T09:00:00.5\"", "\"2024-03-10T02:30:00\"", "\"2024-11-03T01:30:00\"", "\"2024-02-29T12:00:00\"",
            "\"2023-02-29T12:00:00\"", "\"2024-03-15T24:00:00\"", "\"2024-03-15T09:00:00[Europe/Paris]\"", "\"garbage\"",
            "\"now\"", "\"2024-03-15T09:00:00z\"", "\"2024-03-15T23:30:00Z\"", "\"12024-03-15T09:00:00\"", "\"+2024-03-15T09:00:00\"", "\"\\u0032024-03-15T09:00:00\"",
        ]),
        scalars,
    ])
    static let spaces = Gen.element(of: ["", "", "", " ", "\n", "\t ", "\r\n"])

    /// One event object: some of the members, in some order, maybe repeated.
    static let event: Gen<String> = Gen<([(String, String)], (String, Int))>.zip(
        Gen<(String, String)>.zip(Gen.element(of: ["id", "title", "summary", "start", "end", "allDay", "extra", "id", "start", "end"]),
                Gen.oneOf([strings, scalars, times])).array(count: 0...7),
        Gen<(String, Int)>.zip(spaces, Gen.int(in: 0...9))
    ).map { parts in
        let (members, (space, form)) = parts
        // Most events well formed, so the fast path is taken often.
        var all: [(String, String)] = form < 6
            ? [("id", "\"e\(form)\""), ("start", "\"2024-03-15T0\(form):00:00\""), ("end", "\"2024-03-15T0\(form):45:00\"")]
            : []
        if form == 3 { all.append(("allDay", "true")) }
        if form == 4 { all.append(("title", "\"Stand\\\"up\"")) }
        if form < 3 { all = members.isEmpty ? all : [] }
        all += form < 3 ? members : []
        if form >= 6 { all = members }
        return "{" + all.map { "\(space)\"\($0.0)\"\(space):\(space)\($0.1)" }.joined(separator: ",") + space + "}"
    }

    /// A whole document, sometimes cut short or with a byte changed.
    static let document: Gen<String> = Gen<([String], Int, Int, String)>.zip(
        event.array(count: 0...6), Gen.int(in: 0...19), Gen.int(in: 0...400), spaces
    ).map { parts in
        let (events, damage, at, space) = parts
        var text = space + "{\"events\":" + space + "[" + events.joined(separator: "," + space) + "]" + space + "}" + space
        if damage == 1 { text = "{\"other\":[1,2],\"events\":[" + events.joined(separator: ",") + "]}" }
        if damage == 2 { text = "{\"events\":[" + events.joined(separator: ",") + "],\"events\":[]}" }
        if damage == 3 { text = "[" + events.joined(separator: ",") + "]" }
        var bytes = Array(text.utf8)
        if damage == 4 || damage == 5, !bytes.isEmpty { bytes = Array(bytes.prefix(at % bytes.count)) }
        if damage == 6, !bytes.isEmpty { bytes[at % bytes.count] = UInt8(ascii: "}") }
        if damage == 7, !bytes.isEmpty { bytes.insert(UInt8(ascii: ","), at: at % bytes.count) }
        if damage == 8, !bytes.isEmpty { bytes[at % bytes.count] = 0xFF }
        return String(decoding: bytes, as: UTF8.self) + (damage == 9 ? "x" : "")
    }

    static func outcome(_ body: () throws -> LayoutInput) -> String {
        do {
            let input = try body()
            return "timed \(input.timed.map { "\($0.id)|\($0.title)|\($0.start)|\($0.end)" }) allDay \(input.allDay.map { "\($0.id)|\($0.title)|\($0.first)|\($0.end)" })"
        } catch {
            return "error \(error)"
        }
    }

    func testReaderMatchesTheGeneralPath() throws {
        var fast = 0
        var total = 0
        forAll(Self.document, Gen.element(of: Self.zones), runs: 3000) { text, zoneName in
            let zone = try ZoneRules(identifier: zoneName)
            let bytes = Array(text.utf8)
            total += 1
            if bytes.withUnsafeBytes({ LayoutJSONReader.events($0) }) != nil { fast += 1 }
            let new = Self.outcome { try bytes.withUnsafeBytes { try LayoutInput(json: $0, zone: zone) } }
            let old = Self.outcome { try bytes.withUnsafeBytes { try LayoutInput.viaGeneralPath(json: $0, zone: zone) } }
            guard new == old else { throw Failure("\(text)\nfast:    \(new)\ngeneral: \(old)") }
            return true
        }
        // The fast path must be the one most well-formed inputs take.
        XCTAssertGreaterThan(fast * 10, total, "fast path taken \(fast) of \(total) times")
    }

    /// `JSONDocument` (Kalends' one JSON reader) against Foundation's `JSONSerialization` on the same
    /// generated documents: where Foundation reads a document, so does it,
    /// to the same values, except what RFC 8259 does not allow and
    /// Foundation passes (a trailing comma) and a repeated key, which is an
    /// error here; where Foundation refuses one, so does it.
    func testTheDocumentReaderAgreesWithJSONSerialization() {
        var read = 0
        forAll(Self.document, runs: 3000) { text in
            let data = Data(text.utf8)
            let ours = Result { try data.withUnsafeBytes { bytes throws(JSONSyntaxError) in try JSONDocument.parse(bytes) } }
            let theirs = Result { try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) }
            switch (ours, theirs) {
            case (.success(let value), .success(let object)):
                read += 1
                guard Self.same(value, object) else { throw Failure("\(text): \(value) vs \(object)") }
            case (.failure, .success):
                guard text.range(of: #",\s*[\]}]"#, options: .regularExpression) != nil || Self.repeatsKey(text) else {
                    throw Failure("refused what Foundation reads: \(text)")
                }
            case (.success(let value), .failure):
                throw Failure("read what Foundation refuses: \(text) as \(value)")
            case (.failure, .failure):
                break
            }
            return true
        }
        XCTAssertGreaterThan(read, 0)
    }

    /// Whether some object of `text` has a key twice (checked with Foundation's own reading of pieces is not
    /// possible, so: a crude scan of `"key":` at the same depth).
    static func repeatsKey(_ text: String) -> Bool {
        var stack: [Set<String>] = []
        var index = text.startIndex
        var inString = false, current = "", escaped = false
        var lastString: String?
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if escaped { escaped = false; current.append(character) }
                else if character == "\\" { escaped = true; current.append(character) }
                else if character == "\"" { inString = false; lastString = current }
                else { current.append(character) }
            } else {
                switch character {
                case "\"": inString = true; current = ""
                case "{": stack.append([])
                case "}": _ = stack.popLast()
                case ":": if let key = lastString, !stack.isEmpty { if !stack[stack.count - 1].insert(key).inserted { return true } }
                default: if !character.isWhitespace { lastString = nil }
                }
            }
            index = text.index(after: index)
        }
        return false
    }

    static func same(_ value: JSONValue, _ object: Any) -> Bool {
        switch value {
        case .object(let members):
            guard let dictionary = object as? [String: Any], dictionary.count == members.count else { return false }
            return members.allSatisfy { member in dictionary[member.key].map { same(member.value, $0) } ?? false }
        case .array(let elements):
            guard let array = object as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { same($0, $1) }
        case .string(let text): return (object as? String) == text
        case .number(let text):
            guard let number = object as? NSNumber, String(cString: number.objCType) != "c" else { return false }
            return Double(text) == number.doubleValue || (Double(text)?.isInfinite ?? false)
        case .bool(let flag):
            guard let number = object as? NSNumber, String(cString: number.objCType) == "c" else { return false }
            return number.boolValue == flag
        case .null: return object is NSNull
        }
    }

    func testFloatingDateTimeMatchesParser() {
        let digits = Gen.int(in: 0...9).array(count: 19...19)
        let text = Gen<(Int, [Int])>.zip(Gen.int(in: 0...2_000_000_000), digits).map { seed, digits -> String in
            // A real time of 0001 ... 9999, or the same shape with random digits.
            if seed % 3 == 0 {
                return String(digits.enumerated().map { index, d in
                    [4, 7].contains(index) ? "-" : index == 10 ? "T" : [13, 16].contains(index) ? ":" : Character(String(d))
                })
            }
            let seconds = Int64(seed) * 157 - 62_000_000_000
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
            formatter.timeZone = TimeZone(identifier: "UTC")
            return String(formatter.string(from: date).prefix(19))
        }
        forAll(text, runs: 3000) { text in
            let general: LocalDateTime?
            switch try? ItemTime(iso8601: text) {
            case .floating(let local)?: general = local
            default: general = nil
            }
            let fast = LayoutInput.floatingDateTime(text)
            // The fast path may decline (the parser then reads it) but never differ.
            guard fast == nil || fast == general else { throw Failure("\(text): fast \(String(describing: fast)), parser \(String(describing: general))") }
            // The same with `Z`: the instant.
            let utcText = text + "Z"
            let instant: Instant?
            switch try? ItemTime(iso8601: utcText) {
            case .utc(let parsed)?: instant = parsed
            default: instant = nil
            }
            let fastInstant = LayoutInput.utcDateTime(utcText)
            guard fastInstant == nil || fastInstant == instant else {
                throw Failure("\(utcText): fast \(String(describing: fastInstant)), parser \(String(describing: instant))")
            }
            // The fast path must take every real time of years 1000 ... 9999, except a
            // leap second (`:60`), which it leaves to the general parser (safe: it only declines).
            if general != nil, (text.first ?? "0") != "0", !text.hasSuffix(":60") {
                guard fast != nil, fastInstant != nil else { throw Failure("\(text): fast path declined") }
            }
            return true
        }
    }

    func testWriterMatchesJSONObject() throws {
        let event = Gen<(Int, Int, Int, Int)>.zip(Gen.int(in: -7200...93_600), Gen.int(in: 0...20_000), Gen.int(in: 0...5), Gen.int(in: 0...999))
        // Ids the one-copy event writer takes, and ones it leaves to the member-by-member one (escapes, 600 bytes).
        let ids = ["a", "Q\"A", "tab\tx", "caf\u{e9}", "\u{1F600}", "back\\slash", "\u{1}", String(repeating: "long", count: 150)]
        // Days of up to 40 events, and one case in ten of 300 ... 700, over the 64 KiB a flush writes out.
        let eventLists = Gen.frequency([(9, event.array(count: 0...40)), (1, event.array(count: 300...700))])
        let cases = Gen<([(Int, Int, Int, Int)], String, LayoutMode, Int)>.zip(eventLists, Gen.element(of: Self.zones), Gen.element(of: LayoutMode.allCases), Gen.int(in: 0...4))
        // 100 BCE: times the one-copy writer's common form cannot write (a year before 0).
        let farDay = try ISODate(year: -100, month: 3, day: 15).dayNumber
        forAll(cases, runs: 400) { events, zoneName, mode, dayPick in
            let zone = try ZoneRules(identifier: zoneName)
            let day = [19_797, 19_792, 20_030, 15_338, farDay][dayPick]  // 2024-03-15, 2024-03-10, 2024-11-03, 2011-12-30, -0100-03-15
            // 2011-12-30 never happened in Pacific/Apia: there is no day to lay out.
            let timeline = try? TimelineDay(dayNumber: day, zone: zone)
            guard let timeline else { throw Discard("a day that never happened") }
            let timed = events.enumerated().map { index, e in
                let (start, length, id, fraction) = e
                let begin = Double(start) + Double(fraction) / 1000
                return LayoutInterval(id: ids[id % ids.count] + "\(index)", start: begin, end: begin + Double(length))
            }
            let allDay = (0..<(events.count % 4)).map { LayoutAllDaySpan(id: ids[$0 % ids.count], firstDay: -$0, lastDay: $0) }
            let layout = try DayLayout(events: timed, allDay: allDay, dayLength: Double(timeline.length), mode: mode)
            var bytes: [UInt8] = []
            LayoutJSONWriter.write(layout, day: timeline, into: &bytes)
            let expected = LayoutJSONWriter.object(layout, day: timeline).encoded
            guard String(decoding: bytes, as: UTF8.self) == expected else {
                throw Failure("writer differs:\n\(String(decoding: bytes, as: UTF8.self))\n\(expected)")
            }
            // Written in pieces, as the command streams it: the same bytes.
            var pieces: [UInt8] = [], rest: [UInt8] = []
            LayoutJSONWriter.write(layout, day: timeline, into: &rest) { pending in
                pieces += pending
                pending.removeAll()
            }
            guard pieces + rest == bytes else { throw Failure("the streamed bytes differ (\(pieces.count) flushed)") }
            return true
        }
    }

    func testNumbersAreTheirDescriptions() {
        // Any bit pattern (finite or not), and the fractions of a day the layout writes.
        let values = Gen.oneOf([Gen.uint64().map { Double(bitPattern: $0) }, Gen.double(in: 0...1),
                                Gen.int(in: 0...86_400).map { Double($0) / 86_400 }, Gen.int(in: 1...500).map { 1 / Double($0) }])
        forAll(values, runs: 100_000) { value in
            var bytes: [UInt8] = [7]
            LayoutJSONWriter.number(value, into: &bytes)
            let expected = value.isFinite ? value.description : "null"
            guard bytes == [7] + Array(expected.utf8) else {
                throw Failure("\(value.bitPattern): \(String(decoding: bytes.dropFirst(), as: UTF8.self)) for \(expected)")
            }
            return true
        }
    }
}
