extension Gen {
    /// Arrays of `self`'s values with a length in `count`.
    ///
    /// Beyond the minimum length each element is preceded by a "continue"
    /// choice, so shrinking deletes elements by deleting choices, then
    /// shrinks the elements that remain. A negative bound fails the property.
    public func array(count: ClosedRange<Int>, file: StaticString = #fileID, line: UInt = #line) -> Gen<[Value]> {
        let fileName = "\(file)"
        return Gen<[Value]> { source throws(GenerationError) in
            guard count.lowerBound >= 0 else {
                throw .invalidArgument(
                    function: "array(count:)",
                    reason: "count must not be negative, got \(count.lowerBound)...\(count.upperBound)",
                    file: fileName, line: line)
            }
            var elements: [Value] = []
            // Chosen lazily on the first fresh "continue" choice; never used on replay.
            var plannedLength: Int?
            while elements.count < count.upperBound {
                let drawn = try source.span { (inner: inout ChoiceSource) throws(GenerationError) -> Value? in
                    if elements.count >= count.lowerBound {
                        let size = inner.size
                        let more = try inner.draw(max: 1) { rng in
                            let length = plannedLength ?? Self.plannedLength(count, size: size, &rng)
                            plannedLength = length
                            return elements.count < length ? 1 : 0
                        }
                        if more == 0 { return nil }
                    }
                    return try self.draw(&inner)
                }
                guard let drawn else { break }
                elements.append(drawn)
            }
            return elements
        }
    }

    /// A length for a fresh array: sometimes a bound, otherwise uniform over
    /// the part of `count` that `size` (a percentage) allows.
    private static func plannedLength(_ count: ClosedRange<Int>, size: Int, _ rng: inout SplitMix64) -> Int {
        let span = UInt64(count.upperBound - count.lowerBound)
        let roll = rng.next(upTo: 99)
        if roll < 10 { return count.lowerBound }
        if roll < 15 { return count.upperBound }
        // span * size / 100 without overflow for huge spans.
        let (scaled, overflow) = span.multipliedReportingOverflow(by: UInt64(size))
        let reach = overflow ? span / 100 * UInt64(size) : scaled / 100
        return count.lowerBound + Int(rng.next(upTo: Swift.max(reach, 0)))
    }
}
