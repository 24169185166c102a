/// One attribute, its value already formatted: `.n` for numbers (compact,
/// no exponent), `.s` for text (XML-escaped).
struct SVGAttribute {
    let name: String
    let value: String

    static func n(_ name: String, _ value: Double) -> SVGAttribute {
        SVGAttribute(name: name, value: SVGText.number(value))
    }

    static func s(_ name: String, _ value: String) -> SVGAttribute {
        SVGAttribute(name: name, value: SVGText.escaped(value))
    }
}

/// Builds SVG text element by element, attributes in the order given, so
/// the output is deterministic.
struct SVGDocument {
    private(set) var text = ""
    private var depth = 0
    private var clipCount = 0

    mutating func nextClipID() -> String {
        clipCount += 1
        return "clip\(clipCount)"
    }

    mutating func open(_ name: String, _ attributes: SVGAttribute...) {
        text += indentation + "<" + name + render(attributes) + ">\n"
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        text += indentation + "</" + name + ">\n"
    }

    mutating func element(_ name: String, _ attributes: SVGAttribute...) {
        text += indentation + "<" + name + render(attributes) + "/>\n"
    }

    mutating func textElement(_ content: String, _ attributes: [SVGAttribute]) {
        text += indentation + "<text" + render(attributes) + ">" + SVGText.escaped(content) + "</text>\n"
    }

    private var indentation: String { String(repeating: "  ", count: depth) }

    private func render(_ attributes: [SVGAttribute]) -> String {
        var result = ""
        for attribute in attributes {
            result += " " + attribute.name + "=\"" + attribute.value + "\""
        }
        return result
    }
}
