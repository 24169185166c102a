import Kalends
import KalendsICalendar

/// A vCard 2.1 card rewritten as 3.0, as an edit does before changing it
/// (3.0 is what khard, Apple and Google read and write): each value's
/// quoted-printable and charset decoded to UTF-8 and escaped as 3.0 text
/// (`\,` `\;` `\\` `\n`), 2.1's bare types as `TYPE=`, `ENCODING=BASE64`
/// as `ENCODING=b`, every other property and parameter kept.
enum VCardUpgrade {
    /// Properties whose value is not text (dates, binary data, codes), kept as decoded.
    static let verbatim: Set<String> = ["VERSION", "BDAY", "ANNIVERSARY", "DEATHDATE", "X-ALTBDAY", "X-ABDATE", "X-ANNIVERSARY", "X-DEATHDATE",
                                        "REV", "PHOTO", "LOGO", "SOUND", "KEY", "GEO", "TZ"]
    static let compound: Set<String> = ["N", "ADR", "ORG"]
    static let lists: Set<String> = ["NICKNAME", "CATEGORIES"]

    /// The card's bytes as vCard 3.0.
    /// - Throws: `ContactEditError.unreadable` for a value in a charset nobody knows.
    static func version3(_ card: ICalendarComponent, lineEnd: ICalendarWriter.LineEnd, path: String) throws(ContactEditError) -> [UInt8] {
        var properties: [ICalendarProperty] = []
        for property in card.properties {
            do throws(ContentLineError) {
                properties.append(try converted(property))
            } catch {
                throw .unreadable(path: path, cause: ICalendarError(.value(error), source: path, line: property.line, column: property.valueColumn))
            }
        }
        return VCardWriter(version: .v30, lineEnd: lineEnd).component(properties)
    }

    static func converted(_ property: ICalendarProperty) throws(ContentLineError) -> ICalendarProperty {
        var result = property
        if property.name == "VERSION" {
            result.value = "3.0"
            return result
        }
        let base64 = property.parameters.contains { $0.name == "ENCODING" && $0.values.contains { $0.uppercased() == "BASE64" } }
        result.parameters = property.parameters.compactMap { parameter in
            switch parameter.name {
            case "CHARSET": return nil
            case "ENCODING":
                if parameter.values.contains(where: { $0.uppercased() == "QUOTED-PRINTABLE" }) { return nil }
                return base64 ? ICalendarParameter(name: "ENCODING", values: ["b"]) : parameter
            default: return parameter
            }
        }
        // 2.1's bare types (`TEL;WORK;VOICE`) as one TYPE list.
        let types = result.parameters.filter { $0.name == "TYPE" }.flatMap(\.values)
        if let first = result.parameters.firstIndex(where: { $0.name == "TYPE" }) {
            result.parameters = result.parameters.enumerated().compactMap { index, parameter in
                guard parameter.name == "TYPE" else { return parameter }
                return index == first ? ICalendarParameter(name: "TYPE", values: types) : nil
            }
        }
        if base64 {
            // 2.1 folds base64 with indented lines: the data without its spaces.
            result.value = String(property.value.filter { $0 != " " && $0 != "\t" })
            return result
        }
        let raw = try VCardText.raw(property)
        if verbatim.contains(property.name) {
            result.value = raw
        } else if compound.contains(property.name) {
            result.value = try VCardText.components(property, version: "2.1").map(ICalendarValue.Text.write).joined(separator: ";")
        } else if lists.contains(property.name) {
            result.value = ICalendarValue.Text.writeList(try VCardText.list(property, version: "2.1"))
        } else {
            result.value = ICalendarValue.Text.write(raw)
        }
        return result
    }
}
