import Kalends
import KalendsCheck
@testable import KalendsICalendar

/// A property's failure with what was seen.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Writes components back as content lines, for the round-trip properties:
/// each line folded every `foldWidth` bytes (0: never), anywhere, even inside
/// a UTF-8 sequence, with `lineEnd` ("\r\n" or "\n") and a space or tab.
struct TestWriter {
    var lineEnd = "\r\n"
    var foldWidth = 0
    var foldWith: UInt8 = 32

    func line(_ property: ICalendarProperty) -> [UInt8] {
        var text = property.name
        for parameter in property.parameters { text += ";" + parameter.description }
        return fold(Array((text + ":" + property.value).utf8))
    }

    func fold(_ bytes: [UInt8]) -> [UInt8] {
        guard foldWidth > 0, bytes.count > foldWidth else { return bytes + Array(lineEnd.utf8) }
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index > 0 { result += Array(lineEnd.utf8); result.append(foldWith) }
            let end = Swift.min(index + foldWidth, bytes.count)
            result += bytes[index..<end]
            index = end
        }
        return result + Array(lineEnd.utf8)
    }

    func write(_ component: ICalendarComponent) -> [UInt8] {
        var result = fold(Array("BEGIN:\(component.name)".utf8))
        for property in component.properties { result += line(property) }
        for child in component.components { result += write(child) }
        return result + fold(Array("END:\(component.name)".utf8))
    }
}

extension ICalendarProperty {
    /// Name, parameters and value only (no place), for comparing trees.
    var content: String { name + parameters.map { ";" + $0.name + "=" + $0.values.joined(separator: "\u{1}") }.joined() + ":" + value }
}

extension ICalendarComponent {
    /// The tree without places, for comparing.
    var content: String {
        "BEGIN:\(name)|" + properties.map(\.content).joined(separator: "|") + "|" + components.map(\.content).joined(separator: "|") + "|END"
    }
}

/// Damage done to iCalendar bytes, for the properties on damaged input: each
/// edit (kind, at, length, noise) removes, inserts noise, cuts, replaces, or
/// inserts one of `pieces` (lines that open and close components, a fold).
enum Damage {
    static func edits(in bytes: [UInt8], maximumLength: Int, count: ClosedRange<Int>) -> Gen<[(Int, Int, Int, [Int])]> {
        Gen.zip(Gen<Int>.int(in: 0...4), Gen<Int>.int(in: 0...Swift.max(0, bytes.count - 1)), Gen<Int>.int(in: 0...maximumLength),
                Gen<Int>.int(in: 0...255).array(count: 1...6)).array(count: count)
    }

    static func apply(_ edits: [(Int, Int, Int, [Int])], to original: [UInt8], pieces: [String]) -> [UInt8] {
        var bytes = original
        for (kind, at, length, noise) in edits {
            let start = Swift.min(at, bytes.count), end = Swift.min(start + length, bytes.count)
            switch kind {
            case 0: bytes.removeSubrange(start..<end)
            case 1: bytes.insert(contentsOf: noise.map { UInt8($0) }, at: start)
            case 2: bytes = Array(bytes[..<start])
            case 3: bytes.replaceSubrange(start..<end, with: noise.map { UInt8($0) })
            default: bytes.insert(contentsOf: Array(pieces[length % pieces.count].utf8), at: start)
            }
        }
        return bytes
    }
}
