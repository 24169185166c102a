// libFuzzer target: the iCalendar reader, lenient and strict, and what
// Kalends writes. Built and run by Scripts/fuzz.sh (Docs/Reliability.md).
// Properties checked on every input, besides "no trap, no hang":
// - every error and warning is placed inside the input (line and column);
// - a read in 2 or 3 parts is the one-pass read (the split read of large files);
// - a strict read's calendars, written by ICalendarWriter, read back the same.
@testable import KalendsICalendar
import Kalends

func place(_ error: ICalendarError, _ bytes: [UInt8]) {
    let lines = bytes.split(separator: 10, omittingEmptySubsequences: false).count
    guard error.line >= 1, error.line <= Swift.max(1, lines), error.column >= 1, error.column <= bytes.count + 1 else {
        fatalError("placed outside the input: \(error)")
    }
}

/// A tree as text, to compare; `written`: as the writer writes a line break
/// left in a value (a lone CR is one): `\n` in a value, RFC 6868's `^n` (read
/// back as LF) in a parameter.
func content(_ component: ICalendarComponent, written: Bool = false) -> String {
    func crAs(_ text: String, _ replacement: [UInt8]) -> String {
        written ? String(decoding: text.utf8.flatMap { $0 == 13 ? replacement : [$0] }, as: UTF8.self) : text
    }
    let properties = component.properties.map { property in
        property.name + property.parameters.map { ";" + $0.name + "=" + $0.values.map { crAs($0, [10]) }.joined(separator: "\u{1}") }.joined()
            + ":" + crAs(property.value, [92, 110])
    }
    return component.name + "|" + properties.joined(separator: "|") + "|" + component.components.map { content($0, written: written) }.joined(separator: "|") + "|END"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    for mode in [ICalendarReader.Mode.lenient, .strict] {
        let reader = ICalendarReader(source: "fuzz.ics", mode: mode)
        let one = bytes.withUnsafeBufferPointer { buffer in Result { () throws(ICalendarError) in try reader.read(buffer, parts: 1) } }
        switch one {
        case .success(let document):
            for warning in document.warnings { place(warning.error, bytes) }
            if mode == .strict {
                let written = document.calendars.flatMap(ICalendarWriter().component)
                let again = Result { () throws(ICalendarError) in try ICalendarReader(source: "w.ics", mode: .strict).read(written) }
                // The writer writes a line break left in a value (a lone CR is one) as `\n`, by design.
                let expected = document.calendars.map { content($0, written: true) }
                guard case .success(let reread) = again, reread.calendars.map({ content($0) }) == expected else {
                    fatalError("what the writer wrote does not read back the same: \(again.map { _ in "read" })")
                }
            }
        case .failure(let error): place(error, bytes)
        }
        for parts in 2...3 {
            let split = bytes.withUnsafeBufferPointer { buffer in Result { () throws(ICalendarError) in try reader.read(buffer, parts: parts) } }
            guard split == one else { fatalError("a read in \(parts) parts differs from the one-pass read") }
        }
    }
    return 0
}
