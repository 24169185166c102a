import Kalends

/// The check of a property's value as a reader reads it, through a
/// format's table of property kinds: the type (`VALUE=` or the default)
/// must be one the kind allows, and each value must read as that type.
/// A lenient read checks the types the event model reads
/// (`ICalendarValueType.isCheckedWhenLenient`); a strict one every type.
/// Zones are not resolved here (an unknown TZID is not a defect of the value).
enum ValueCheck {
    /// What is wrong with `property`'s value, if anything; placed in `source`.
    static func problem(_ property: ICalendarProperty, table: PropertyKindTable, strict: Bool, source: String) -> ICalendarError? {
        guard let kind = table.kind(property.name) else { return nil }
        func located(_ error: ContentLineError) -> ICalendarError {
            ICalendarError(.value(error), source: source, line: property.line, column: error.column ?? property.valueColumn)
        }
        var type = kind.defaultType
        if let named = property.parameter("VALUE") {
            let upper = ASCIICase.upper(named)
            guard let found = table.valueTypes[upper], kind.allowedTypes.contains(found) else {
                return located(ContentLineError(.unknownValueType(upper, allowed: kind.allowedTypes.map(\.name)),
                                                property: property.name, column: property.valueColumn))
            }
            type = found
        }
        guard strict || type.isCheckedWhenLenient else { return nil }
        if type == .recur {
            do {
                _ = try property.rule()
                return nil
            } catch {
                return ICalendarError(.rule(error), source: source, line: property.line, column: property.valueColumn)
            }
        }
        do throws(ContentLineError) {
            switch kind.shape {
            case .one:
                if (type == .dateTime || type == .date) && property.value.utf8.contains(UInt8(ascii: ",")) {
                    throw ContentLineError(.startNotOneValue, property: property.name, column: property.valueColumn)
                }
                if let problem = type.problem(in: Substring(property.value), property: property.name) { throw problem }
            case .commaList:
                // A TEXT list's commas may be escaped; its items are any text.
                guard type != .text else { return nil }
                try property.forEachItem { (item) throws(ContentLineError) in
                    if let problem = type.problem(in: item, property: property.name) { throw problem }
                }
            case .semicolonPair:
                let parts = property.value.split(separator: ";", omittingEmptySubsequences: false)
                guard parts.count == 2 else {
                    throw ContentLineError(.malformedValue(type: "\(type.name);\(type.name) pair", text: property.value), property: property.name)
                }
                for part in parts {
                    if let problem = type.problem(in: part, property: property.name) { throw problem }
                }
            }
        } catch {
            return located(error)
        }
        return nil
    }
}
