/// A small XML 1.0 well-formedness checker, enough for SVG output: one root
/// element, matching tags, quoted and unique attributes, known entities
/// only, no `<` in text or attribute values, no characters XML forbids.
/// Returns nil when well-formed, else what is wrong and where.
func xmlWellFormednessProblem(_ document: String) -> String? {
    let scalars = Array(document.unicodeScalars)
    var position = 0
    var open: [String] = []
    var roots = 0

    func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_:.".unicodeScalars.contains(scalar)
    }
    func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x9 || value == 0xA || value == 0xD { return true }
        return value >= 0x20 && value != 0xFFFE && value != 0xFFFF
    }
    func starts(with text: String) -> Bool {
        let wanted = Array(text.unicodeScalars)
        return position + wanted.count <= scalars.count && Array(scalars[position..<position + wanted.count]) == wanted
    }
    func readName() -> String? {
        let start = position
        while position < scalars.count && isNameScalar(scalars[position]) { position += 1 }
        guard position > start, !("0"..."9").contains(scalars[start]), scalars[start] != "-" else { return nil }
        return String(String.UnicodeScalarView(scalars[start..<position]))
    }
    func skipSpace() {
        while position < scalars.count && " \t\r\n".unicodeScalars.contains(scalars[position]) { position += 1 }
    }
    /// At `&`: a known entity or a character reference.
    func readEntity() -> Bool {
        for entity in ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"] where starts(with: entity) {
            position += entity.unicodeScalars.count
            return true
        }
        guard starts(with: "&#") else { return false }
        position += 2
        let hex = position < scalars.count && scalars[position] == "x"
        if hex { position += 1 }
        let start = position
        while position < scalars.count && scalars[position] != ";" {
            let scalar = scalars[position]
            let digit = ("0"..."9").contains(scalar) || (hex && ("a"..."f").contains(scalar)) || (hex && ("A"..."F").contains(scalar))
            if !digit { return false }
            position += 1
        }
        guard position < scalars.count, position > start else { return false }
        position += 1
        return true
    }

    if starts(with: "<?xml") {
        while position < scalars.count && !starts(with: "?>") { position += 1 }
        position += 2
    }
    while position < scalars.count {
        let scalar = scalars[position]
        if !isAllowed(scalar) { return "forbidden character U+\(String(scalar.value, radix: 16)) at \(position)" }
        if starts(with: "<!--") {
            while position < scalars.count && !starts(with: "-->") { position += 1 }
            guard position < scalars.count else { return "unterminated comment" }
            position += 3
        } else if starts(with: "</") {
            position += 2
            guard let name = readName() else { return "bad closing tag name at \(position)" }
            skipSpace()
            guard position < scalars.count, scalars[position] == ">" else { return "unterminated closing tag </\(name)" }
            position += 1
            guard open.popLast() == name else { return "closing </\(name)> does not match the open element" }
        } else if scalar == "<" {
            position += 1
            guard let name = readName() else { return "bad tag name at \(position)" }
            if open.isEmpty {
                roots += 1
                if roots > 1 { return "second root element <\(name)>" }
            }
            var attributes: Set<String> = []
            while true {
                let hadSpace = position < scalars.count && " \t\r\n".unicodeScalars.contains(scalars[position])
                skipSpace()
                guard position < scalars.count else { return "unterminated tag <\(name)" }
                if starts(with: "/>") { position += 2; break }
                if scalars[position] == ">" { position += 1; open.append(name); break }
                guard hadSpace, let attribute = readName() else { return "bad attribute in <\(name)> at \(position)" }
                guard attributes.insert(attribute).inserted else { return "duplicate attribute \(attribute) in <\(name)>" }
                skipSpace()
                guard position < scalars.count, scalars[position] == "=" else { return "attribute \(attribute) without =" }
                position += 1
                skipSpace()
                guard position < scalars.count, scalars[position] == "\"" || scalars[position] == "'" else {
                    return "unquoted attribute \(attribute) in <\(name)>"
                }
                let quote = scalars[position]
                position += 1
                while position < scalars.count && scalars[position] != quote {
                    let value = scalars[position]
                    if value == "<" || !isAllowed(value) { return "bad character in attribute \(attribute) of <\(name)>" }
                    if value == "&" {
                        if !readEntity() { return "bad entity in attribute \(attribute) of <\(name)>" }
                    } else {
                        position += 1
                    }
                }
                guard position < scalars.count else { return "unterminated attribute \(attribute)" }
                position += 1
            }
        } else if scalar == "&" {
            if open.isEmpty { return "entity outside the root element" }
            if !readEntity() { return "bad entity in text at \(position)" }
        } else {
            if open.isEmpty && !" \t\r\n".unicodeScalars.contains(scalar) { return "text outside the root element" }
            position += 1
        }
    }
    if let unclosed = open.last { return "element <\(unclosed)> is never closed" }
    return roots == 1 ? nil : "no root element"
}
