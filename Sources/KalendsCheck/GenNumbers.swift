extension Gen where Value == Int {
    /// Integers in `range`, biased toward 0, ±1 and the bounds.
    ///
    /// Shrinks toward 0 when the range contains it, else toward the bound nearest 0.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        Gen<Int64>.int64(in: Int64(range.lowerBound)...Int64(range.upperBound))
            // Exact: every value lies inside the original Int range.
            .map { Int(truncatingIfNeeded: $0) }
    }
}

extension Gen where Value == Int64 {
    /// 64-bit integers in `range`, with the same bias and shrinking as `int(in:)`.
    public static func int64(in range: ClosedRange<Int64> = Int64.min...Int64.max) -> Gen<Int64> {
        let encoding = SignedIntegerEncoding(range)
        return Gen<Int64> { source throws(GenerationError) in
            let choice = try source.draw(max: encoding.maxChoice) { rng in encoding.freshChoice(&rng) }
            return encoding.value(for: choice)
        }
    }
}

extension Gen where Value == UInt64 {
    /// Unsigned 64-bit integers in `range`, biased toward the bounds; shrinks toward the lower bound.
    public static func uint64(in range: ClosedRange<UInt64> = UInt64.min...UInt64.max) -> Gen<UInt64> {
        let encoding = UnsignedIntegerEncoding(range)
        return Gen<UInt64> { source throws(GenerationError) in
            let choice = try source.draw(max: encoding.maxChoice) { rng in encoding.freshChoice(&rng) }
            return encoding.value(for: choice)
        }
    }
}

extension Gen where Value == Double {
    /// Doubles in `range`, biased toward 0, small integers and the bounds.
    ///
    /// Shrinks toward 0 (or the bound nearest 0), preferring whole numbers.
    /// Never produces NaN; infinite bounds are produced only as the bounds themselves.
    public static func double(in range: ClosedRange<Double>) -> Gen<Double> {
        let encoding = DoubleEncoding(range)
        return Gen<Double> { source throws(GenerationError) in
            let kind = try source.draw(max: DoubleEncoding.maxKind) { rng in encoding.freshKind(&rng) }
            let payload = try source.draw(max: encoding.maxPayload(kind: kind)) { rng in
                encoding.freshPayload(kind: kind, &rng)
            }
            return encoding.value(kind: kind, payload: payload)
        }
    }
}

extension Gen where Value == Bool {
    /// `false` or `true` with equal odds; shrinks toward `false`.
    public static var bool: Gen<Bool> {
        Gen<Bool> { source throws(GenerationError) in
            try source.drawUniform(max: 1) == 1
        }
    }
}
