/// Why `Easter` has no date for a year.
public enum EasterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The year lies outside the computus's years (Gregorian 1583 ... 9999,
    /// Julian 1 ... 9999).
    case yearOutOfRange(Easter.Computus, year: Int, allowed: ClosedRange<Int>)
    /// The Julian date could not be built (not expected for a year in range).
    case conversion(ConversionError)

    public var description: String {
        switch self {
        case .yearOutOfRange(let computus, let year, let allowed):
            return "the \(computus.rawValue) computus covers years \(allowed.lowerBound) ... \(allowed.upperBound), not \(year)"
        case .conversion(let error):
            return error.description
        }
    }
}
