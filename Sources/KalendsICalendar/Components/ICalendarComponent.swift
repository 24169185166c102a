/// A component (`BEGIN:NAME` ... `END:NAME`, RFC 5545 section 3.4 and 3.6):
/// its properties and child components in order, unknown and `X-` ones kept.
///
///     let event = document.calendars[0].components[0]
///     event.name                       // "VEVENT"
///     event.first("SUMMARY")?.text     // "Bastille Day Party"
///     event.components.map(\.name)     // ["VALARM"]
public struct ICalendarComponent: Hashable, Sendable {
    /// The name, upper-cased (`VEVENT`, `X-THING`).
    public var name: String
    /// The properties in the order written.
    public var properties: [ICalendarProperty]
    /// The child components in the order written.
    public var components: [ICalendarComponent]
    /// The 1-based line of its BEGIN.
    public var line: Int
    /// The bytes of the source from the start of its BEGIN line to the end
    /// of its END line (line end included): what a writer replaces to change
    /// exactly this component. Empty for a component made in code.
    public var byteRange: Range<Int>

    /// A component made in code, or read from a source.
    public init(name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = [],
                line: Int = 0, byteRange: Range<Int> = 0..<0) {
        self.name = ASCIICase.upper(name)
        self.properties = properties
        self.components = components
        self.line = line
        self.byteRange = byteRange
    }

    /// The first property named `name` (upper-case), if any.
    public func first(_ name: String) -> ICalendarProperty? {
        properties.first { $0.name == name }
    }

    /// Every property named `name` (upper-case), in order.
    public func all(_ name: String) -> [ICalendarProperty] {
        properties.filter { $0.name == name }
    }

    /// The child components named `name` (upper-case), in order.
    public func components(named name: String) -> [ICalendarComponent] {
        components.filter { $0.name == name }
    }

    /// Its UID's value, if it has one.
    public var uid: String? { first("UID")?.value }
}
