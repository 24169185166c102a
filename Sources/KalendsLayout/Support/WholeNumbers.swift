/// Rounding without libm. `Double.rounded(_:)` and `truncatingRemainder`
/// lower to calls into the C math library, which a module that imports
/// nothing does not link on Linux; the engine would then fail to link in any
/// client that does not import Glibc or Foundation. Converting to `Int64`
/// truncates in a single instruction, exact for |x| < 2⁵² (larger doubles
/// are integers already).
enum WholeNumbers {
    private static let integralFrom: Double = 4_503_599_627_370_496  // 2⁵²

    /// The greatest whole number <= x.
    static func floor(_ x: Double) -> Double {
        guard x.isFinite && x > -integralFrom && x < integralFrom else { return x }
        let truncated = Double(Int64(x))
        return truncated > x ? truncated - 1 : truncated
    }

    /// The least whole number >= x.
    static func ceil(_ x: Double) -> Double {
        -floor(-x)
    }

    /// The nearest whole number, halves away from zero (as `rounded()`).
    static func nearest(_ x: Double) -> Double {
        if x < 0 { return -nearest(-x) }
        // `x - floor(x)` is exact; `floor(x + 0.5)` is not (0.49999999999999994).
        let whole = floor(x)
        return x - whole >= 0.5 ? whole + 1 : whole
    }

    /// Whether x is a multiple of `step` (> 0).
    static func isMultiple(_ x: Double, of step: Double) -> Bool {
        let quotient = x / step
        return floor(quotient) == quotient
    }
}
