/// What a property of a content-line format is: its value type (the
/// default, and those `VALUE=` may choose), whether its value is a list,
/// the parameters it takes beside `VALUE` and the `X-` ones, and the
/// components it belongs to. The readers check every value through it.
public struct PropertyKind: Hashable, Sendable {
    /// How the value text holds its values.
    public enum Shape: Hashable, Sendable {
        /// One value.
        case one
        /// Values separated by commas (for TEXT, commas a backslash does not escape).
        case commaList
        /// Two values separated by `;` (GEO: latitude and longitude).
        case semicolonPair
    }

    /// The name, in capitals.
    public let name: String
    /// The type of a value without `VALUE=`.
    public let defaultType: ICalendarValueType
    /// The types `VALUE=` may give it (the default first).
    public let allowedTypes: [ICalendarValueType]
    /// How the value text holds its values.
    public let shape: Shape
    /// The parameters it takes, besides VALUE, the `X-` ones and those every property may have (LANGUAGE, ALTREP...).
    public let parameters: Set<String>
    /// The components it belongs to.
    public let components: Set<String>

    /// A kind of property.
    public init(_ name: String, _ defaultType: ICalendarValueType, also: [ICalendarValueType] = [], shape: Shape = .one,
                parameters: Set<String> = [], components: Set<String>) {
        self.name = ASCIICase.upper(name)
        self.defaultType = defaultType
        allowedTypes = [defaultType] + also
        self.shape = shape
        self.parameters = parameters
        self.components = components
    }
}

/// The property kinds of a format, by name, and, for each component, the
/// properties it needs: a defect in one of those leaves the component out,
/// a defect in another costs only that property. Another format (vCard)
/// is another table over the same content lines and value types.
///
///     let kind = PropertyKindTable.iCalendar.kind("DTSTART")
///     kind?.allowedTypes.map(\.name)   // ["DATE-TIME", "DATE"]
public struct PropertyKindTable: Sendable {
    /// The format's name (`iCalendar`, `vCard`).
    public let format: String
    /// The component a file of the format starts with (`VCALENDAR`, `VCARD`).
    public let root: String
    /// Whether each root component is an item (a vCard's VCARD) rather than
    /// a container of items (a VCALENDAR of VEVENTs): a defect leaves out
    /// the root itself, and one missing its END is left out too.
    public let itemsAtRoot: Bool
    /// What the format adds to the content-line syntax.
    public let syntax: ContentLineSyntax
    /// The kinds, by name.
    public let kinds: [String: PropertyKind]
    /// The value types `VALUE=` may name, by name.
    public let valueTypes: [String: ICalendarValueType]
    /// For each component, the properties it cannot do without.
    public let needed: [String: Set<String>]

    /// A table of `kinds`.
    public init(format: String, root: String = "VCALENDAR", itemsAtRoot: Bool = false, syntax: ContentLineSyntax = .iCalendar,
                kinds: [PropertyKind], valueTypes: [String: ICalendarValueType], needed: [String: Set<String>]) {
        self.format = format
        self.root = ASCIICase.upper(root)
        self.itemsAtRoot = itemsAtRoot
        self.syntax = syntax
        var byName: [String: PropertyKind] = [:]
        for kind in kinds { byName[kind.name] = kind }
        self.kinds = byName
        self.valueTypes = valueTypes
        self.needed = needed
    }

    /// The kind of the property named `name` (in capitals), if the format defines it.
    public func kind(_ name: String) -> PropertyKind? { kinds[name] }

    /// Whether `component` cannot do without a property named `name` (a defect in it costs the component).
    public func isNeeded(_ name: String, in component: String) -> Bool {
        needed[component]?.contains(name) ?? false
    }
}

extension PropertyKindTable {
    /// RFC 5545 (section 3.7 and 3.8), with RFC 7986's and RFC 9074's properties.
    public static let iCalendar: PropertyKindTable = {
        let types = ICalendarValueType.self
        let items: Set<String> = ["VEVENT", "VTODO", "VJOURNAL"]
        let scheduled: Set<String> = ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY"]
        let observances: Set<String> = ["STANDARD", "DAYLIGHT"]
        let dateParameters: Set<String> = ["TZID"]
        let kinds: [PropertyKind] = [
            // Calendar properties (3.7).
            PropertyKind("CALSCALE", types.text, components: ["VCALENDAR"]),
            PropertyKind("METHOD", types.text, components: ["VCALENDAR"]),
            PropertyKind("PRODID", types.text, components: ["VCALENDAR"]),
            PropertyKind("VERSION", types.text, components: ["VCALENDAR"]),
            // Descriptive (3.8.1).
            PropertyKind("ATTACH", types.uri, also: [types.binary], parameters: ["FMTTYPE", "ENCODING"], components: items.union(["VALARM"])),
            PropertyKind("CATEGORIES", types.text, shape: .commaList, components: items),
            PropertyKind("CLASS", types.text, components: items),
            PropertyKind("COMMENT", types.text, components: scheduled.union(observances)),
            PropertyKind("DESCRIPTION", types.text, components: items.union(["VALARM"])),
            PropertyKind("GEO", types.float, shape: .semicolonPair, components: ["VEVENT", "VTODO"]),
            PropertyKind("LOCATION", types.text, components: ["VEVENT", "VTODO"]),
            PropertyKind("PERCENT-COMPLETE", types.integer, components: ["VTODO"]),
            PropertyKind("PRIORITY", types.integer, components: ["VEVENT", "VTODO"]),
            PropertyKind("RESOURCES", types.text, shape: .commaList, components: ["VEVENT", "VTODO"]),
            PropertyKind("STATUS", types.text, components: items),
            PropertyKind("SUMMARY", types.text, components: items.union(["VALARM"])),
            // Date and time (3.8.2).
            PropertyKind("COMPLETED", types.dateTime, components: ["VTODO"]),
            PropertyKind("DTEND", types.dateTime, also: [types.date], parameters: dateParameters, components: ["VEVENT", "VFREEBUSY"]),
            PropertyKind("DUE", types.dateTime, also: [types.date], parameters: dateParameters, components: ["VTODO"]),
            PropertyKind("DTSTART", types.dateTime, also: [types.date], parameters: dateParameters,
                         components: scheduled.union(observances)),
            PropertyKind("DURATION", types.duration, components: ["VEVENT", "VTODO", "VALARM"]),
            PropertyKind("FREEBUSY", types.period, shape: .commaList, parameters: ["FBTYPE"], components: ["VFREEBUSY"]),
            PropertyKind("TRANSP", types.text, components: ["VEVENT"]),
            // Time zone (3.8.3).
            PropertyKind("TZID", types.text, components: ["VTIMEZONE"]),
            PropertyKind("TZNAME", types.text, components: observances),
            PropertyKind("TZOFFSETFROM", types.utcOffset, components: observances),
            PropertyKind("TZOFFSETTO", types.utcOffset, components: observances),
            PropertyKind("TZURL", types.uri, components: ["VTIMEZONE"]),
            // Relationship (3.8.4).
            PropertyKind("ATTENDEE", types.calAddress, parameters: ["CUTYPE", "MEMBER", "ROLE", "PARTSTAT", "RSVP", "DELEGATED-TO",
                                                                    "DELEGATED-FROM", "SENT-BY", "CN", "DIR"], components: scheduled.union(["VALARM"])),
            PropertyKind("CONTACT", types.text, components: scheduled),
            PropertyKind("ORGANIZER", types.calAddress, parameters: ["CN", "DIR", "SENT-BY"], components: scheduled),
            PropertyKind("RECURRENCE-ID", types.dateTime, also: [types.date], parameters: dateParameters.union(["RANGE"]), components: items),
            PropertyKind("RELATED-TO", types.text, parameters: ["RELTYPE"], components: items),
            PropertyKind("URL", types.uri, components: scheduled),
            PropertyKind("UID", types.text, components: scheduled),
            // Recurrence (3.8.5).
            PropertyKind("EXDATE", types.dateTime, also: [types.date], shape: .commaList, parameters: dateParameters, components: items),
            PropertyKind("RDATE", types.dateTime, also: [types.date, types.period], shape: .commaList, parameters: dateParameters,
                         components: items.union(observances)),
            PropertyKind("RRULE", types.recur, components: items.union(observances)),
            PropertyKind("EXRULE", types.recur, components: items),
            // Alarm (3.8.6).
            PropertyKind("ACTION", types.text, components: ["VALARM"]),
            PropertyKind("REPEAT", types.integer, components: ["VALARM"]),
            PropertyKind("TRIGGER", types.duration, also: [types.dateTime], parameters: ["RELATED"], components: ["VALARM"]),
            // Change management (3.8.7).
            PropertyKind("CREATED", types.dateTime, components: items),
            PropertyKind("DTSTAMP", types.dateTime, components: scheduled),
            PropertyKind("LAST-MODIFIED", types.dateTime, components: items.union(["VTIMEZONE"])),
            PropertyKind("SEQUENCE", types.integer, components: items),
            // Miscellaneous (3.8.8).
            PropertyKind("REQUEST-STATUS", types.text, components: scheduled),
            // RFC 7986.
            PropertyKind("NAME", types.text, components: ["VCALENDAR"]),
            PropertyKind("REFRESH-INTERVAL", types.duration, components: ["VCALENDAR"]),
            PropertyKind("SOURCE", types.uri, components: ["VCALENDAR"]),
            PropertyKind("COLOR", types.text, components: ["VCALENDAR", "VEVENT", "VTODO", "VJOURNAL"]),
            PropertyKind("IMAGE", types.uri, also: [types.binary], parameters: ["FMTTYPE", "ENCODING", "DISPLAY"],
                         components: ["VCALENDAR", "VEVENT", "VTODO", "VJOURNAL"]),
            PropertyKind("CONFERENCE", types.uri, parameters: ["FEATURE", "LABEL"], components: ["VEVENT", "VTODO"]),
            // RFC 9074.
            PropertyKind("ACKNOWLEDGED", types.dateTime, components: ["VALARM"]),
            PropertyKind("PROXIMITY", types.text, components: ["VALARM"]),
        ]
        // What places each item in time and names it: a defect there cannot be passed over.
        let timing: Set<String> = ["UID", "DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID"]
        return PropertyKindTable(
            format: "iCalendar", kinds: kinds, valueTypes: ICalendarValueType.iCalendarTypes,
            needed: ["VEVENT": timing, "VTODO": timing.union(["DUE"]), "VJOURNAL": timing,
                     "VFREEBUSY": ["UID", "DTSTART", "DTEND", "FREEBUSY"], "VTIMEZONE": ["TZID"],
                     "STANDARD": ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO", "RRULE", "RDATE"],
                     "DAYLIGHT": ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO", "RRULE", "RDATE"],
                     "VALARM": ["ACTION", "TRIGGER", "DURATION", "REPEAT"]])
    }()
}
