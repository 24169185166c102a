import Kalends

// Until the layout reader moves to the library (issue 24, KalendsTimeline):
// the names it still uses. Removed when it moves.
extension InputError {
    init(place: String, input: String? = nil, underlying: any Error) {
        self.init(.computing(place), input: input, underlying: underlying)
    }
}

extension DateTimeArgument {
    static func read(_ text: String, place: @autoclosure () -> String, _ reading: Reading) throws -> Read {
        try read(text, origin: .computing(place()), reading)
    }
}

extension AddCommand {
    static func zoneOption(_ name: String?) throws -> ZoneRules? {
        guard let name else { return nil }
        do { return try ZoneRules(identifier: name) } catch { throw InputError(.option("--tz"), input: name, underlying: error) }
    }
}

extension DaysCommand {
    static func systemZone() -> ZoneRules { ZoneOption.system }
}
