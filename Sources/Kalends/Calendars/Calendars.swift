/// Which engine answers a calendar's questions.
public enum CalendarEngine: String, Sendable, CaseIterable {
    /// Kalends' own engines, the default: the calendar's arithmetic rules, or
    /// for astronomical calendars month tables filled from the reference.
    case standard
    /// ICU (system ICU through CICU, or Foundation's newer ICU where its data
    /// is better): the reference every standard engine is tested against.
    case reference
    /// The system ICU (libicu through CICU) for every calendar.
    case icu
    /// Foundation's `Calendar` (its own, newer ICU), where it has the calendar.
    case foundation
}

/// The calendar engines, opened once and shared.
public enum Calendars {
    /// The engine for `id`. Opening ICU can fail only if the system ICU lacks
    /// the calendar, which the tests rule out for every supported `CalendarID`.
    public static func system(_ id: CalendarID, engine: CalendarEngine = .standard) throws(ConversionError) -> any CalendarSystem {
        switch engine {
        case .standard: try registry.standard(id)
        case .reference: try registry.reference(id)
        case .icu: try registry.raw(id, foundation: false)
        case .foundation: try registry.raw(id, foundation: true)
        }
    }

    /// The standard Hebrew engine (rules of the fixed calendar).
    public static let hebrew = HebrewCalendar()

    /// Makes a calendar defined outside Kalends open by its identifier and
    /// key like a built-in one (`system(_:)`, `system(named:)`, RSCALE):
    ///
    ///     try Calendars.register(MyCalendar())   // its id: CalendarIdentifier.register("my-calendar")
    ///     let rule = try RecurrenceRule(parsing: "RSCALE=MY-CALENDAR;FREQ=MONTHLY;BYMONTHDAY=-1")
    ///
    /// Registering again replaces the engine.
    /// - Throws: `.unknownCalendar` when `calendar.id` is not an identifier
    ///   from `CalendarIdentifier.register` (a built-in calendar's, say).
    public static func register(_ calendar: some CalendarSystem) throws(ConversionError) {
        guard calendar.id.builtIn == nil, CalendarRegistry.register(engine: calendar) else {
            throw .unknownCalendar(calendar.id.key)
        }
    }

    /// The standard engine of a built-in calendar, or the engine registered
    /// for a calendar defined outside Kalends.
    /// - Throws: `.unknownCalendar` for a registered key without an engine.
    public static func system(_ identifier: CalendarIdentifier) throws(ConversionError) -> any CalendarSystem {
        if let builtIn = identifier.builtIn { return try system(builtIn) }
        guard let engine = CalendarRegistry.engine(of: identifier) else { throw .unknownCalendar(identifier.key) }
        return engine
    }

    /// The engine of the calendar with this key or alias (`hebrew`, `jewish`,
    /// a registered `my-calendar`), case-insensitively.
    /// - Throws: `.unknownCalendar` when no calendar has the key.
    public static func system(named key: String) throws(ConversionError) -> any CalendarSystem {
        try system(try identifier(named: key))
    }

    /// The identifier of a built-in calendar or of a registered one with an
    /// engine, by key or alias, case-insensitively.
    /// - Throws: `.unknownCalendar` when no calendar has the key.
    public static func identifier(named key: String) throws(ConversionError) -> CalendarIdentifier {
        if let id = try? CalendarID(parsing: key) { return CalendarIdentifier(id) }
        guard let registered = CalendarRegistry.identifier(of: key.lowercased()), CalendarRegistry.engine(of: registered) != nil else {
            throw .unknownCalendar(key)
        }
        return registered
    }

    /// The facts of a built-in calendar, or of a registered one with an engine.
    static func facts(of identifier: CalendarIdentifier) -> AnyCalendarFacts? {
        if let builtIn = identifier.builtIn { return BuiltInFacts(builtIn).facts }
        return CalendarRegistry.engine(of: identifier).map(AnyCalendarFacts.init)
    }

    private static let registry = Registry()
}


/// Lazily opened engines, one per calendar and kind.
private final class Registry: @unchecked Sendable {
    private let lock = Lock()
    private var standardEngines: [CalendarID: any CalendarSystem] = [:]
    private var referenceEngines: [CalendarID: any CalendarSystem] = [:]
    private var icuEngines: [CalendarID: any CalendarSystem] = [:]
    private var foundationEngines: [CalendarID: any CalendarSystem] = [:]

    func standard(_ id: CalendarID) throws(ConversionError) -> any CalendarSystem {
        lock.lock()
        defer { lock.unlock() }
        if let engine = standardEngines[id] { return engine }
        let engine: any CalendarSystem
        switch id {
        case .gregorian, .iso8601: engine = GregorianCalendar(id)
        case .buddhist: engine = BuddhistCalendar()
        case .roc: engine = ROCCalendar()
        case .japanese: engine = JapaneseCalendar()
        case .julian: engine = JulianCalendar()
        case .hebrew: engine = Calendars.hebrew
        case .islamicCivil, .islamicTabular: engine = IslamicArithmeticCalendar(id)
        case .persian: engine = PersianCalendar()
        case .indian: engine = IndianCalendar()
        case .coptic: engine = CopticCalendar()
        case .ethiopic, .ethiopicAmeteAlem: engine = EthiopicCalendar(id)
        case .chinese, .dangi, .islamic, .islamicUmmAlQura, .islamicRGSA:
            // The baked years first; the reference opens only for other years.
            if let table = BakedYearTables.table(for: id.rawValue),
               let baked = MonthTableCalendar(id, table: table, reference: { [unowned self] () throws(ConversionError) in
                   try self.reference(id)
               }) {
                engine = baked
            } else {
                engine = MonthTableCalendar(id, reference: try makeReference(id))
            }
        }
        standardEngines[id] = engine
        return engine
    }

    func reference(_ id: CalendarID) throws(ConversionError) -> any CalendarSystem {
        lock.lock()
        defer { lock.unlock() }
        return try makeReference(id)
    }

    func raw(_ id: CalendarID, foundation: Bool) throws(ConversionError) -> any CalendarSystem {
        lock.lock()
        defer { lock.unlock() }
        let cache = foundation ? foundationEngines : icuEngines
        if let engine = cache[id] { return engine }
        let engine: any CalendarSystem
        if foundation {
            guard let backend = FoundationFieldBackend(id) else {
                throw .foundationLacksCalendar(id)
            }
            engine = try ReferenceCalendar(backend: backend)
            foundationEngines[id] = engine
        } else {
            engine = try ReferenceCalendar(backend: try ICUFieldBackend(id))
            icuEngines[id] = engine
        }
        return engine
    }

    /// Assumes `lock` is held.
    private func makeReference(_ id: CalendarID) throws(ConversionError) -> any CalendarSystem {
        if let engine = referenceEngines[id] { return engine }
        let engine: any CalendarSystem
        if let searchFrom = Self.foundationCutoffSearch(id), let backend = SplitFieldBackend(id, searchFrom: searchFrom) {
            engine = try ReferenceCalendar(backend: backend)
        } else {
            engine = try ReferenceCalendar(backend: try ICUFieldBackend(id))
        }
        referenceEngines[id] = engine
        return engine
    }

    /// Calendars whose data differ between the system ICU (72) and Foundation's
    /// newer ICU; the newer one is the reference (Docs/Conformance.md).
    static func usesFoundation(_ id: CalendarID) -> Bool { foundationCutoffSearch(id) != nil }

    /// For those calendars, the year from which to search for the cutoff
    /// between the system ICU and Foundation (whose instants start at JD 0);
    /// nil for the others.
    static func foundationCutoffSearch(_ id: CalendarID) -> Int? {
        switch id {
        case .chinese, .dangi: -3000
        case .islamic: -1000
        case .gregorian, .iso8601, .julian, .buddhist, .japanese, .roc, .hebrew, .islamicCivil, .islamicTabular,
             .islamicUmmAlQura, .islamicRGSA, .persian, .indian, .coptic, .ethiopic, .ethiopicAmeteAlem: nil
        }
    }
}
