import Kalends

/// Exit statuses of the contract.
enum ExitStatus {
    static let success: Int32 = 0
    /// Understood but invalid input (a date that does not exist, a bad rule).
    static let invalid: Int32 = 1
    /// Usage error (unknown subcommand or option, missing argument).
    static let usage: Int32 = 2
}

/// Bad input with the place it came from (an argument, a line of stdin).
struct InputError: Error, CustomStringConvertible {
    let place: String
    let underlying: any Error

    var description: String { "\(place): \(underlying)" }
}

/// The one place where errors become `kalends: error:` lines and exit statuses.
enum ErrorReporting {
    static func report(_ error: any Error) -> Int32 {
        printError("kalends: error: \(message(error))")
        return status(error)
    }

    static func message(_ error: any Error) -> String {
        let text = String(describing: error)
        // One line, whatever the message holds.
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    static func status(_ error: any Error) -> Int32 {
        switch error {
        case is UsageError: ExitStatus.usage
        case let input as InputError: status(input.underlying)
        default: ExitStatus.invalid
        }
    }
}
