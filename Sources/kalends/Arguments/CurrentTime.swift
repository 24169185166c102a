import FoundationEssentials
import FoundationInternationalization
import Kalends

/// The one "now" of a run, which `now`, `today`, `tomorrow`, `yesterday` and
/// `month`'s default month are read against: the system clock, or
/// `KALENDS_NOW` (`@SECONDS` or an instant such as `2024-03-15T12:00:00Z`)
/// for tests and scripts. Read once, so every line of a batch sees the same now.
enum CurrentTime {
    static let variable = "KALENDS_NOW"

    /// Read on first use: the clock, or the variable (an error if it is malformed).
    private static let reading: Result<Instant, InputError> = read(ProcessInfo.processInfo.environment[variable])

    /// The current instant.
    static func instant() throws(InputError) -> Instant {
        try reading.get()
    }

    /// Today's day number in `zone`.
    static func dayNumber(in zone: ZoneRules) throws(InputError) -> Int {
        zone.dayNumber(of: try instant())
    }

    /// The instant `value` names (unset or empty: the system clock, to the
    /// whole second, as `date` prints it: output stays plain RFC 3339, and a
    /// recurrence, which counts whole seconds, can start `now`).
    static func read(_ value: String?) -> Result<Instant, InputError> {
        guard let value, !value.isEmpty else { return .success(Instant(seconds: Instant.now.seconds)) }
        if value.hasPrefix("@") {
            do {
                return .success(try UnixTimeText.parse(value))
            } catch {
                return .failure(problem(value, error.description))
            }
        }
        let iso = GregorianCalendar(.iso8601)
        guard let parsed = try? DateTimeText.parse(value, in: iso, overflow: .reject), parsed.time != nil, let zone = parsed.zone else {
            return .failure(problem(value, "expected @SECONDS or a date-time with an offset or Z (2024-03-15T12:00:00Z)"))
        }
        let offset: UTCOffset
        switch zone {
        case .utc: offset = .zero
        case .offset(let written): offset = written
        case .named(_, let written?): offset = written
        case .named: return .failure(problem(value, "give the offset with the zone name, or Z"))
        }
        let local = parsed.local
        let wall = local.dayNumber * 86_400 + local.nanosecondOfDay / 1_000_000_000
        return .success(Instant(seconds: wall - offset.seconds, nanosecond: local.nanosecondOfDay % 1_000_000_000))
    }

    /// `KALENDS_NOW`'s `value`, which names no instant, and why.
    private static func problem(_ value: String, _ reason: String) -> InputError {
        InputError(.environment(variable), input: value, underlying: ArgumentProblem.notAnInstant(reason: reason))
    }
}
