import Kalends

/// `--tz ZONE` and the system's zone, read the same way by every command.
enum ZoneOption {
    static let name = "--tz"

    /// The zone `--tz` names (an IANA name, a POSIX TZ string, `UTC`), or nil
    /// when it is not given.
    /// - Throws: `InputError` at `--tz` when no zone has that name.
    static func read(_ arguments: ParsedArguments) throws -> ZoneRules? {
        guard let text = arguments.value(name) else { return nil }
        do {
            return try ZoneRules(identifier: text)
        } catch {
            throw InputError(.option(name), input: text, underlying: error)
        }
    }

    /// `--tz`, else the system's zone.
    /// - Throws: `InputError` at `--tz` when no zone has that name.
    static func readOrSystem(_ arguments: ParsedArguments) throws -> ZoneRules {
        try read(arguments) ?? system
    }

    /// The system's zone: `TZ` as the C library reads it (a name, a path, a
    /// POSIX TZ string), else /etc/localtime; UTC when neither names a zone.
    static var system: ZoneRules { ZoneRules.system }
}

/// `--locale L`: every reader of it names the option and the locale in its
/// errors the same way.
enum LocaleOption {
    static let name = "--locale"

    /// The locale as typed, or nil.
    static func typed(_ arguments: ParsedArguments) -> String? {
        arguments.value(name)
    }

    /// `body`'s result; an error it throws is placed at `--locale` with
    /// `locale` as the input (a locale ICU does not know, a calendar it
    /// cannot write).
    static func reading<T>(_ locale: String?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(.option(name), input: locale, underlying: error)
        }
    }
}
