import Kalends
import KalendsICalendar

/// A component of a file being changed, as lines: each property and child
/// that is not changed keeps its bytes exactly (folding and line ends
/// included); changed and new ones are written by the writer.
struct ComponentText {
    enum Item {
        case property(ICalendarProperty, original: ArraySlice<UInt8>?)
        case child(ICalendarComponent, original: ArraySlice<UInt8>?)

        var name: String {
            switch self {
            case .property(let property, _): property.name
            case .child(let component, _): component.name
            }
        }
    }

    var begin: [UInt8]
    var items: [Item]
    var end: [UInt8]
    let writer: ICalendarWriter

    /// A component read from `bytes`, its items in the order of the file.
    init(_ component: ICalendarComponent, in bytes: [UInt8], writer: ICalendarWriter) {
        self.writer = writer
        var found: [(Int, Item)] = component.properties.map { ($0.byteRange.lowerBound, .property($0, original: bytes[$0.byteRange])) }
        found += component.components.map { ($0.byteRange.lowerBound, .child($0, original: bytes[$0.byteRange])) }
        found.sort { $0.0 < $1.0 }
        items = found.map(\.1)
        let range = component.byteRange
        let firstItem = component.properties.map(\.byteRange.lowerBound) + component.components.map(\.byteRange.lowerBound)
        let lastItem = component.properties.map(\.byteRange.upperBound) + component.components.map(\.byteRange.upperBound)
        var beginEnd = firstItem.min() ?? range.upperBound
        if firstItem.isEmpty, let newline = bytes[range].firstIndex(of: 10) { beginEnd = newline + 1 }
        begin = Array(bytes[range.lowerBound..<beginEnd])
        end = Array(bytes[(lastItem.max() ?? beginEnd)..<range.upperBound])
    }

    /// A new component, all written.
    init(new component: ICalendarComponent, writer: ICalendarWriter) {
        self.writer = writer
        begin = writer.fold(Array("BEGIN:\(component.name)".utf8))
        end = writer.fold(Array("END:\(component.name)".utf8))
        items = component.properties.map { .property($0, original: nil) } + component.components.map { .child($0, original: nil) }
    }

    /// The properties named `name`.
    func all(_ name: String) -> [ICalendarProperty] {
        items.compactMap { if case .property(let property, _) = $0, property.name == name { property } else { nil } }
    }

    func first(_ name: String) -> ICalendarProperty? { all(name).first }

    /// Every property named `name` replaced by `properties`, where the first
    /// of them was (else after the last property).
    mutating func set(_ name: String, _ properties: [ICalendarProperty]) {
        let at = items.firstIndex { if case .property(let property, _) = $0 { property.name == name } else { false } }
        items.removeAll { if case .property(let property, _) = $0 { property.name == name } else { false } }
        let position = at ?? lastPropertyEnd
        items.insert(contentsOf: properties.map { .property($0, original: nil) }, at: Swift.min(position, items.count))
    }

    mutating func set(_ property: ICalendarProperty) { set(property.name, [property]) }

    mutating func remove(_ name: String) { set(name, []) }

    /// Added after the last property of that name (else after the last property).
    mutating func add(_ property: ICalendarProperty) {
        let last = items.lastIndex { if case .property(let other, _) = $0 { other.name == property.name } else { false } }
        items.insert(.property(property, original: nil), at: last.map { $0 + 1 } ?? lastPropertyEnd)
    }

    /// The index after the last property.
    private var lastPropertyEnd: Int {
        (items.lastIndex { if case .property = $0 { true } else { false } }).map { $0 + 1 } ?? 0
    }

    mutating func add(child: ICalendarComponent) {
        items.append(.child(child, original: nil))
    }

    /// The bytes: kept lines as they were, new ones written.
    var bytes: [UInt8] {
        var result = begin
        for item in items {
            switch item {
            case .property(_, let original?), .child(_, let original?): result += original
            case .property(let property, nil): result += writer.line(property)
            case .child(let component, nil): result += writer.component(component)
            }
        }
        return result + end
    }
}

extension ComponentText {
    /// SEQUENCE incremented, DTSTAMP renewed to `now`.
    mutating func touch(now: Instant) {
        let sequence = first("SEQUENCE").flatMap { try? $0.integer() } ?? 0
        set(ICalendarProperty("SEQUENCE", integer: sequence.clampedSum(1)))
        set(ComponentText.stamp(now))
    }

    /// DTSTAMP of `now`.
    static func stamp(_ now: Instant) -> ICalendarProperty {
        ICalendarProperty(name: "DTSTAMP", value: ICalendarValue.DateTime.write(now))
    }

    /// A DURATION of a length.
    static func duration(_ length: ItemLength) -> ICalendarProperty {
        switch length {
        case .exact(let seconds): return ICalendarProperty("DURATION", days: 0, seconds: seconds)
        case .nominal(let days, let seconds): return ICalendarProperty("DURATION", days: days, seconds: seconds)
        }
    }

    /// A VALARM: its action (DISPLAY by default) with the item's title as its text, at its trigger.
    static func alarm(_ alarm: Alarm, title: String) -> ICalendarComponent {
        let trigger: ICalendarProperty
        switch alarm.trigger {
        case .relative(let seconds, let toEnd):
            trigger = ICalendarProperty("TRIGGER", days: 0, seconds: seconds,
                                        parameters: toEnd ? [ICalendarParameter(name: "RELATED", values: ["END"])] : [])
        case .absolute(let instant):
            trigger = ICalendarProperty(name: "TRIGGER", parameters: [ICalendarParameter(name: "VALUE", values: ["DATE-TIME"])],
                                        value: ICalendarValue.DateTime.write(instant))
        }
        var properties = [ICalendarProperty(name: "ACTION", value: alarm.action), trigger, ICalendarProperty("DESCRIPTION", text: alarm.notes ?? title)]
        if alarm.repeatCount > 0 && alarm.repeatInterval > 0 {
            properties.append(ICalendarProperty("REPEAT", integer: alarm.repeatCount))
            properties.append(ICalendarProperty("DURATION", days: 0, seconds: alarm.repeatInterval))
        }
        return ICalendarComponent(name: "VALARM", properties: properties)
    }
}

extension ComponentText {
    /// Text read from another source (an import, another file of an export)
    /// with the line ends of `writer`: every other byte as read, folding included.
    static func lineEnds(_ text: ArraySlice<UInt8>, as writer: ICalendarWriter) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count + text.count / 32)
        var previous: UInt8 = 0
        for byte in text {
            if byte == 10 {
                if writer.lineEnd == .crlf {
                    if previous != 13 { result.append(13) }
                } else if previous == 13 {
                    result.removeLast()
                }
            }
            result.append(byte)
            previous = byte
        }
        return result
    }
}
