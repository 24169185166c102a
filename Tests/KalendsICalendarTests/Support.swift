import Kalends
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
