
/// Who a calendar is: a built-in calendar (`CalendarIdentifier(.hebrew)`,
/// or `.hebrew`), or a calendar defined outside Kalends, which registers
/// its key once (`try CalendarIdentifier.register("my-calendar")`).
///
/// It is two bytes, so `CalendarDate` stays small. Registration is for
/// calendar types, not for data: reading a key from text or JSON
/// (`init(key:)`, `Decodable`) only looks it up, so no input can grow the
/// table, which holds at most `maximumRegistered` keys.
public struct CalendarIdentifier: Hashable, Comparable, Sendable, CustomStringConvertible {
    @usableFromInline let index: UInt16

    /// The identifier of a built-in calendar.
    @inlinable
    public init(_ id: CalendarID) {
        index = id.ordinal
    }

    init(index: UInt16) {
        self.index = index
    }

    /// The built-in calendar, or nil for a registered one.
    public var builtIn: CalendarID? {
        Int(index) < CalendarID.allCases.count ? CalendarID.allCases[Int(index)] : nil
    }

    /// The CLDR key of a built-in calendar (`islamic-umalqura`), or the
    /// registered key.
    public var key: String {
        if let builtIn { return builtIn.rawValue }
        return CalendarRegistry.key(of: self) ?? "calendar-\(index)"
    }

    public var description: String { key }

    /// Identifiers order by key.
    public static func < (a: CalendarIdentifier, b: CalendarIdentifier) -> Bool { a.key < b.key }

    /// How many calendars outside Kalends can register.
    public static let maximumRegistered = 256

    /// The identifier for a calendar type defined outside Kalends: the same
    /// key always gives the same identifier. Keys are lowercase ASCII letters,
    /// digits and hyphens (1 ... 40 of them) and must not name a built-in
    /// calendar or alias. Throws `.unknownCalendar` for a key it refuses.
    public static func register(_ key: String) throws(ConversionError) -> CalendarIdentifier {
        guard (1...40).contains(key.utf8.count), key.utf8.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }),
              (try? CalendarID(parsing: key)) == nil else {
            throw .unknownCalendar(key)
        }
        guard let identifier = CalendarRegistry.register(key) else { throw .unknownCalendar(key) }
        return identifier
    }

    /// The identifier of a built-in calendar (its key or an alias) or of a
    /// registered one; throws `.unknownCalendar` otherwise.
    public init(key: String) throws(ConversionError) {
        if let id = try? CalendarID(parsing: key) {
            self.init(id)
        } else if let registered = CalendarRegistry.identifier(of: key) {
            self = registered
        } else {
            throw .unknownCalendar(key)
        }
    }
}

extension CalendarIdentifier: Codable {
    /// Decodes the key; refuses a key that is neither built in nor registered.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let key = try container.decode(String.self)
        do {
            try self.init(key: key)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    /// Encodes the key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(key)
    }
}

extension CalendarIdentifier {
    /// Comparison with a built-in calendar: `date.calendar == .hebrew` reads as it did.
    @inlinable
    public static func == (a: CalendarIdentifier, b: CalendarID) -> Bool { a.index == b.ordinal }
    @inlinable
    public static func != (a: CalendarIdentifier, b: CalendarID) -> Bool { a.index != b.ordinal }
}

/// The built-in calendars by name: `CalendarIdentifier.hebrew`.
extension CalendarIdentifier {
    @inlinable public static var gregorian: CalendarIdentifier { CalendarIdentifier(.gregorian) }
    @inlinable public static var iso8601: CalendarIdentifier { CalendarIdentifier(.iso8601) }
    @inlinable public static var julian: CalendarIdentifier { CalendarIdentifier(.julian) }
    @inlinable public static var buddhist: CalendarIdentifier { CalendarIdentifier(.buddhist) }
    @inlinable public static var japanese: CalendarIdentifier { CalendarIdentifier(.japanese) }
    @inlinable public static var roc: CalendarIdentifier { CalendarIdentifier(.roc) }
    @inlinable public static var hebrew: CalendarIdentifier { CalendarIdentifier(.hebrew) }
    @inlinable public static var islamic: CalendarIdentifier { CalendarIdentifier(.islamic) }
    @inlinable public static var islamicCivil: CalendarIdentifier { CalendarIdentifier(.islamicCivil) }
    @inlinable public static var islamicTabular: CalendarIdentifier { CalendarIdentifier(.islamicTabular) }
    @inlinable public static var islamicUmmAlQura: CalendarIdentifier { CalendarIdentifier(.islamicUmmAlQura) }
    @inlinable public static var islamicRGSA: CalendarIdentifier { CalendarIdentifier(.islamicRGSA) }
    @inlinable public static var persian: CalendarIdentifier { CalendarIdentifier(.persian) }
    @inlinable public static var indian: CalendarIdentifier { CalendarIdentifier(.indian) }
    @inlinable public static var coptic: CalendarIdentifier { CalendarIdentifier(.coptic) }
    @inlinable public static var ethiopic: CalendarIdentifier { CalendarIdentifier(.ethiopic) }
    @inlinable public static var ethiopicAmeteAlem: CalendarIdentifier { CalendarIdentifier(.ethiopicAmeteAlem) }
    @inlinable public static var chinese: CalendarIdentifier { CalendarIdentifier(.chinese) }
    @inlinable public static var dangi: CalendarIdentifier { CalendarIdentifier(.dangi) }
}

/// The keys of registered calendars, in order of registration (their
/// index is the number of built-in calendars plus their position), and the
/// engines registered for them (`Calendars.register`).
enum CalendarRegistry {
    private static let keys = Locked<[String]>([])
    private static let engines = Locked<[UInt16: any CalendarSystem]>([:])

    /// Keeps `engine` for its identifier, which must be a registered one.
    static func register(engine: any CalendarSystem) -> Bool {
        guard key(of: engine.id) != nil else { return false }
        engines.withLock { $0[engine.id.index] = engine }
        return true
    }

    /// The engine registered for `identifier`, or nil.
    static func engine(of identifier: CalendarIdentifier) -> (any CalendarSystem)? {
        engines.withLock { $0[identifier.index] }
    }

    static func register(_ key: String) -> CalendarIdentifier? {
        keys.withLock { keys in
            if let position = keys.firstIndex(of: key) { return identifier(at: position) }
            guard keys.count < CalendarIdentifier.maximumRegistered else { return nil }
            keys.append(key)
            return identifier(at: keys.count - 1)
        }
    }

    static func identifier(of key: String) -> CalendarIdentifier? {
        keys.withLock { keys in keys.firstIndex(of: key).map(identifier(at:)) }
    }

    static func key(of identifier: CalendarIdentifier) -> String? {
        let position = Int(identifier.index) - CalendarID.allCases.count
        return keys.withLock { keys in keys.indices.contains(position) ? keys[position] : nil }
    }

    private static func identifier(at position: Int) -> CalendarIdentifier {
        CalendarIdentifier(index: UInt16(CalendarID.allCases.count + position))
    }
}
