import Kalends
import KalendsICalendar

/// vCard's value types (RFC 6350 section 4, with RFC 2426's) as the shared
/// content-line reader checks them. Nothing is checked in a lenient read
/// (the contact model reads what it uses and keeps a value that is no date
/// as text, with a warning); a strict read checks every typed value.
public enum VCardValueType {
    /// Each value that `check` accepts.
    private static func type(_ name: String, _ check: @escaping @Sendable (Substring, String) -> ContentLineError?) -> ICalendarValueType {
        ICalendarValueType(name: name, isCheckedWhenLenient: false, check: check)
    }

    private static func unchecked(_ name: String) -> ICalendarValueType { type(name) { _, _ in nil } }

    private static func dateCheck(_ allowsDate: Bool, _ allowsTime: Bool) -> @Sendable (Substring, String) -> ContentLineError? {
        { value, property in
            // Apple's form of a date in another calendar (`0078000110L15`), which CALSCALE allows: read by the contact model.
            if allowsDate, AlternateDates.appleFields(Array(value.utf8)) != nil { return nil }
            do throws(ContentLineError) {
                // The form only: the day is checked in the calendar the card names (CALSCALE) when the contact is read.
                let date = try VCardDate(parsing: String(value), property: property, checkingGregorianDays: false)
                let hasDate = date.year != nil || date.month != nil || date.day != nil
                if (hasDate && !allowsDate) || (date.time != nil && !allowsTime) || (!hasDate && date.time == nil) {
                    throw ContentLineError(.malformedValue(type: allowsDate ? (allowsTime ? "DATE-TIME" : "DATE") : "TIME", text: String(value)),
                                           property: property)
                }
                return nil
            } catch {
                return error
            }
        }
    }

    /// TEXT: any text (escapes `\n \, \; \\`).
    public static let text = unchecked("TEXT")
    /// URI: not checked (writers put bare addresses and numbers there).
    public static let uri = unchecked("URI")
    /// DATE: `19850412`, `1985-04-12`, `--0412`, `---12`, `1985-04`, `1985`.
    public static let date = type("DATE", dateCheck(true, false))
    /// TIME: `102200`, `10:22:00Z`, `1022-0500`.
    public static let time = type("TIME") { value, property in
        dateCheck(false, true)("T" + value, property)
    }
    /// DATE-TIME: a date and a time (`19961022T140000`, `--1022T1400`).
    public static let dateTime = type("DATE-TIME", dateCheck(true, true))
    /// DATE-AND-OR-TIME: a date, a date-time, or `T` and a time.
    public static let dateAndOrTime = type("DATE-AND-OR-TIME", dateCheck(true, true))
    /// TIMESTAMP: a complete date-time (REV).
    public static let timestamp = type("TIMESTAMP", dateCheck(true, true))
    /// BOOLEAN, INTEGER, FLOAT, UTC-OFFSET: as iCalendar's.
    public static let boolean = ICalendarValueType(name: "BOOLEAN", isCheckedWhenLenient: false) { value, property in
        ICalendarValueType.boolean.problem(in: value, property: property)
    }
    public static let integer = ICalendarValueType(name: "INTEGER", isCheckedWhenLenient: false) { value, property in
        ICalendarValueType.integer.problem(in: value, property: property)
    }
    public static let float = ICalendarValueType(name: "FLOAT", isCheckedWhenLenient: false) { value, property in
        ICalendarValueType.float.problem(in: value, property: property)
    }
    /// UTC-OFFSET: `-0500`, `-05`, `-05:00`.
    public static let utcOffset = type("UTC-OFFSET") { value, property in
        dateCheck(false, true)("T00" + value, property)
    }
    /// LANGUAGE-TAG: not checked.
    public static let languageTag = unchecked("LANGUAGE-TAG")
    /// BINARY (vCard 3.0 `VALUE=binary` with `ENCODING=b`): not checked here.
    public static let binary = unchecked("BINARY")

    /// Every type, by name.
    public static let all: [String: ICalendarValueType] = Dictionary(uniqueKeysWithValues: [
        text, uri, date, time, dateTime, dateAndOrTime, timestamp, boolean, integer, float, utcOffset, languageTag, binary,
    ].map { ($0.name, $0) })
}

extension PropertyKindTable {
    /// vCard 4.0 (RFC 6350, RFC 6474's BIRTHPLACE, DEATHPLACE and
    /// DEATHDATE) with the properties of 3.0 (RFC 2426) and 2.1 that later
    /// versions dropped, and Apple's X-ALTBDAY and X-ABDATE: one table for
    /// every version. Each VCARD is an item; its syntax adds groups
    /// (`item1.TEL`), 2.1's bare parameters and quoted-printable soft breaks.
    public static let vCard: PropertyKindTable = {
        let types = VCardValueType.self
        let card: Set<String> = ["VCARD"]
        let dates = [types.date, types.dateTime, types.dateAndOrTime, types.text, types.timestamp]
        func kind(_ name: String, _ type: ICalendarValueType, also: [ICalendarValueType] = [], list: Bool = false) -> PropertyKind {
            PropertyKind(name, type, also: also, shape: list ? .commaList : .one, components: card)
        }
        let kinds: [PropertyKind] = [
            // General and identification (RFC 6350 6.1, 6.2).
            kind("VERSION", types.text), kind("SOURCE", types.uri), kind("KIND", types.text), kind("XML", types.text),
            kind("FN", types.text), kind("N", types.text), kind("NICKNAME", types.text, list: true),
            kind("PHOTO", types.uri, also: [types.binary]),
            kind("BDAY", types.dateAndOrTime, also: dates), kind("ANNIVERSARY", types.dateAndOrTime, also: dates),
            kind("GENDER", types.text),
            // RFC 6474.
            kind("BIRTHPLACE", types.text, also: [types.uri]), kind("DEATHPLACE", types.text, also: [types.uri]),
            kind("DEATHDATE", types.dateAndOrTime, also: dates),
            // Delivery addressing, communications (6.3, 6.4).
            kind("ADR", types.text), kind("LABEL", types.text),
            kind("TEL", types.text, also: [types.uri]), kind("EMAIL", types.text), kind("MAILER", types.text),
            kind("IMPP", types.uri), kind("LANG", types.languageTag),
            // Geographical, organizational (6.5, 6.6).
            kind("TZ", types.text, also: [types.uri, types.utcOffset]), kind("GEO", types.uri, also: [types.float, types.text]),
            kind("TITLE", types.text), kind("ROLE", types.text), kind("LOGO", types.uri, also: [types.binary]),
            kind("ORG", types.text), kind("MEMBER", types.uri), kind("RELATED", types.uri, also: [types.text]),
            kind("AGENT", types.text, also: [types.uri]),
            // Explanatory, security, calendar (6.7, 6.8, 6.9).
            kind("CATEGORIES", types.text, list: true), kind("NOTE", types.text), kind("PRODID", types.text),
            kind("REV", types.timestamp, also: [types.dateTime, types.date, types.dateAndOrTime]), kind("SOUND", types.uri, also: [types.binary]),
            kind("UID", types.uri, also: [types.text]), kind("CLIENTPIDMAP", types.text), kind("URL", types.uri),
            kind("KEY", types.uri, also: [types.text, types.binary]), kind("FBURL", types.uri), kind("CALADRURI", types.uri),
            kind("CALURI", types.uri),
            // vCard 3.0's own (RFC 2426).
            kind("NAME", types.text), kind("PROFILE", types.text), kind("SORT-STRING", types.text), kind("CLASS", types.text),
            // Apple's alternate birthday and labelled dates.
            // X-ALTBDAY's value is Apple's own form (`0078000110L15`), read by the contact model.
            kind("X-ALTBDAY", types.text), kind("X-ABDATE", types.dateAndOrTime, also: dates),
            // vCard 3.0's anniversary and death date as Evolution and khard write them.
            kind("X-ANNIVERSARY", types.dateAndOrTime, also: dates), kind("X-DEATHDATE", types.dateAndOrTime, also: dates),
        ]
        return PropertyKindTable(format: "vCard", root: "VCARD", itemsAtRoot: true, syntax: .vCard, kinds: kinds,
                                 valueTypes: VCardValueType.all, needed: ["VCARD": []])
    }()
}
