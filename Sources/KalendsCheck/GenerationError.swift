/// Why a generator could not produce a value.
///
/// Invalid generator arguments are not trapped when the generator is built;
/// they surface here when a value is drawn, so the property fails with this
/// message instead of crashing the test process.
public enum GenerationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `filter` rejected `rejections` candidates in a row.
    case filterExhausted(rejections: Int, file: String, line: UInt)
    /// `element(of:)` or `oneOf` was given an empty list.
    case emptyChoices(function: String, file: String, line: UInt)
    /// `frequency` weights were negative, all zero, or overflowed.
    case invalidWeights(reason: String, file: String, line: UInt)
    /// An argument was out of its documented domain (e.g. a negative array count).
    case invalidArgument(function: String, reason: String, file: String, line: UInt)
    /// One case drew more than `limit` choices; usually a recursive generator without a base case.
    case tooManyChoices(limit: Int)
    /// One case nested more than `limit` `flatMap` stages; usually a recursive generator without a base case.
    case nestingTooDeep(limit: Int)

    /// A one-line explanation naming the offending generator and where it was built.
    public var description: String {
        switch self {
        case let .filterExhausted(rejections, file, line):
            return "Gen.filter at \(file):\(line) rejected \(rejections) candidates in a row; "
                + "loosen the predicate, raise maxRejections, or generate valid values directly"
        case let .emptyChoices(function, file, line):
            return "Gen.\(function) at \(file):\(line) was given an empty list; it needs at least one element"
        case let .invalidWeights(reason, file, line):
            return "Gen.frequency at \(file):\(line) has invalid weights: \(reason)"
        case let .invalidArgument(function, reason, file, line):
            return "Gen.\(function) at \(file):\(line): \(reason)"
        case let .tooManyChoices(limit):
            return "a single case drew more than \(limit) random choices; "
                + "is a recursive generator missing a base case?"
        case let .nestingTooDeep(limit):
            return "a single case nested more than \(limit) flatMap stages; "
                + "is a recursive generator missing a base case?"
        }
    }
}
