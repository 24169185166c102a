/// A composable generator of test values with integrated shrinking.
///
/// A `Gen` reads its randomness from a recorded choice sequence, so a failing
/// value shrinks by editing that sequence and regenerating: shrinking follows
/// `map`, `flatMap`, `filter` and `zip` with no extra code.
///
///     let months = Gen.int(in: 1...12)
///     let dates = Gen.zip(Gen.int(in: 1900...2100), months)
public struct Gen<Value>: Sendable {
    // `Gen` is `Sendable` for any `Value`: it holds only a `@Sendable` recipe,
    // and every draw builds a fresh value, so generators can live in `static let`s.
    let draw: @Sendable (inout ChoiceSource) throws(GenerationError) -> Value

    init(draw: @escaping @Sendable (inout ChoiceSource) throws(GenerationError) -> Value) {
        self.draw = draw
    }
}

// MARK: - Combinators

extension Gen {
    /// A generator that applies `transform` to every value; shrinks as `self` does.
    public func map<T>(_ transform: @escaping @Sendable (Value) -> T) -> Gen<T> {
        Gen<T> { source throws(GenerationError) in
            transform(try self.draw(&source))
        }
    }

    /// A generator whose second stage depends on the first value; both stages shrink.
    public func flatMap<T>(_ next: @escaping @Sendable (Value) -> Gen<T>) -> Gen<T> {
        Gen<T> { source throws(GenerationError) in
            try source.nested { (inner: inout ChoiceSource) throws(GenerationError) in
                let first = try self.draw(&inner)
                return try next(first).draw(&inner)
            }
        }
    }

    /// A generator that keeps only values satisfying `isIncluded`.
    ///
    /// After `maxRejections` rejections in a row the property fails with a
    /// message naming this call's file and line; it never loops forever.
    public func filter(
        _ isIncluded: @escaping @Sendable (Value) -> Bool,
        maxRejections: Int = 100,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Gen<Value> {
        let fileName = "\(file)"
        return Gen { source throws(GenerationError) in
            guard maxRejections >= 0 else {
                throw .invalidArgument(
                    function: "filter", reason: "maxRejections must be >= 0, got \(maxRejections)",
                    file: fileName, line: line)
            }
            for _ in 0...maxRejections {
                // Each attempt is its own span, so shrinking can delete the
                // rejected attempts and keep only the accepted one.
                let candidate = try source.span { (inner: inout ChoiceSource) throws(GenerationError) in
                    try self.draw(&inner)
                }
                if isIncluded(candidate) { return candidate }
            }
            throw .filterExhausted(rejections: maxRejections + 1, file: fileName, line: line)
        }
    }

    /// A generator of pairs; shrinks the first component, then the second.
    public static func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> where Value == (A, B) {
        Gen<(A, B)> { source throws(GenerationError) in
            (try a.draw(&source), try b.draw(&source))
        }
    }

    /// A generator of triples; components are drawn and shrunk left to right.
    public static func zip<A, B, C>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>) -> Gen<(A, B, C)>
    where Value == (A, B, C) {
        Gen<(A, B, C)> { source throws(GenerationError) in
            (try a.draw(&source), try b.draw(&source), try c.draw(&source))
        }
    }

    /// A generator of quadruples; components are drawn and shrunk left to right.
    public static func zip<A, B, C, D>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>) -> Gen<(A, B, C, D)>
    where Value == (A, B, C, D) {
        Gen<(A, B, C, D)> { source throws(GenerationError) in
            (try a.draw(&source), try b.draw(&source), try c.draw(&source), try d.draw(&source))
        }
    }
}

// MARK: - Ad hoc sampling

extension Gen {
    /// Draws one value from `rng`; `size` (0...100) scales collection lengths.
    ///
    /// Throws only when the generator itself is invalid (an empty element
    /// list, zero total weight, an exhausted filter).
    public func generate(using rng: inout SplitMix64, size: Int = 100) throws(GenerationError) -> Value {
        var source = ChoiceSource(rng: rng.split(), size: size)
        return try draw(&source)
    }

    /// Draws `count` values deterministically from `seed`, e.g. to eyeball a generator.
    ///
    ///     try Gen.int(in: 0...9).sample(seed: 42, count: 10)   // same 10 Ints every time
    public func sample(seed: UInt64, count: Int, size: Int = 100) throws(GenerationError) -> [Value] {
        var rng = SplitMix64(seed: seed)
        var values: [Value] = []
        values.reserveCapacity(Swift.max(count, 0))
        for _ in 0..<Swift.max(count, 0) {
            values.append(try generate(using: &rng, size: size))
        }
        return values
    }
}
