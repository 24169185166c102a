/// A small, fast, deterministic pseudo-random generator (SplitMix64).
///
/// The same seed always yields the same stream on every platform and toolchain,
/// which is what makes `KALENDS_SEED` replays exact.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    /// The current internal state; a generator rebuilt from it continues the same stream.
    public private(set) var state: UInt64

    /// Creates a generator whose stream is fully determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// Returns the next 64 random bits and advances the stream.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// Returns an independent generator seeded from this stream, advancing this one once.
    public mutating func split() -> SplitMix64 {
        // Mixing the drawn seed again keeps the child's stream from overlapping
        // the parent's shifted by one step.
        var child = SplitMix64(seed: next() ^ 0xD1B5_4A32_D192_ED03)
        _ = child.next()
        return child
    }

    /// Returns a uniformly distributed value in `0...upper`.
    ///
    /// Written out here (Lemire's multiply-and-reject) instead of using the
    /// standard library so that seeds replay identically across toolchains.
    public mutating func next(upTo upper: UInt64) -> UInt64 {
        if upper == .max { return next() }
        let span = upper + 1
        var product = next().multipliedFullWidth(by: span)
        if product.low < span {
            let threshold = (0 &- span) % span
            while product.low < threshold {
                product = next().multipliedFullWidth(by: span)
            }
        }
        return product.high
    }

    /// Returns a uniformly distributed double in `0..<1` with 53 bits of precision.
    public mutating func nextUnitDouble() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
