/// Where a piece of the command line's input came from: the positional
/// argument, the option, the environment variable, the file or the line of
/// standard input. Every `InputError` carries one, and error messages begin
/// with it (`--tz 'Mars/Base': ...`, `line 3 START '2024-02-30': ...`).
indirect enum InputOrigin: Hashable, Sendable, CustomStringConvertible {
    /// A positional argument, by the name the usage gives it: `DATE`, `YEAR-MONTH`.
    case argument(String)
    /// An option's value: `--tz`.
    case option(String)
    /// One of the values of an option that takes two: `--between START`.
    case optionValue(option: String, value: String)
    /// An environment variable: `KALENDS_NOW`.
    case environment(String)
    /// Standard input as a whole (a read error, its size).
    case standardInput
    /// A file named by an argument: `ICAL-FILE '/tmp/x.ics'`.
    case file(argument: String, path: String)
    /// What was read from a file, named by its path alone: `/tmp/x.ics`.
    case path(String)
    /// Line `number` of the input the command reads line by line (`line 3`),
    /// or of a named input (`standard input: line 3`).
    case line(Int, of: InputOrigin? = nil)
    /// One value of a line or item that holds several: `line 3 START`.
    case field(String, of: InputOrigin)
    /// One item of a file's contents: `day.json: event 3 ("a")`.
    case item(String, of: InputOrigin)
    /// What the command computed from its input when it failed, where it did
    /// so: `adding P1M to 2024-01-31`, `line 3: from A to B`, `the window`.
    case computing(String, at: InputOrigin? = nil)

    var description: String {
        switch self {
        case .argument(let name), .option(let name), .environment(let name): name
        case .optionValue(let option, let value): "\(option) \(value)"
        case .standardInput: "standard input"
        case .file(let argument, let path): "\(argument) \(Echo.quoted(path))"
        case .path(let path): Echo.escaped(path, limit: Echo.limit)
        case .line(let number, nil): "line \(number)"
        case .line(let number, let input?): "\(input): line \(number)"
        case .field(let name, let origin): "\(origin) \(name)"
        case .item(let name, let origin): "\(origin): \(name)"
        case .computing(let what, nil): what
        case .computing(let what, let origin?): "\(origin): \(what)"
        }
    }
}
