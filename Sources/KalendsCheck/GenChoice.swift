extension Gen where Value: Sendable {
    /// Always `value`; draws no choices, so it never shrinks.
    public static func constant(_ value: Value) -> Gen<Value> {
        Gen { _ throws(GenerationError) in value }
    }

    /// A uniformly chosen element of `elements`; shrinks toward the first element.
    ///
    /// An empty list fails the property with a message naming this call site.
    public static func element(of elements: [Value], file: StaticString = #fileID, line: UInt = #line) -> Gen<Value> {
        let fileName = "\(file)"
        return Gen { source throws(GenerationError) in
            guard !elements.isEmpty else {
                throw .emptyChoices(function: "element(of:)", file: fileName, line: line)
            }
            let index = try source.drawUniform(max: UInt64(elements.count - 1))
            return elements[Int(index)]
        }
    }
}

extension Gen {
    /// A value from one of `generators`, picked uniformly; shrinks toward the first generator.
    ///
    /// An empty list fails the property with a message naming this call site.
    public static func oneOf(_ generators: [Gen<Value>], file: StaticString = #fileID, line: UInt = #line) -> Gen<Value> {
        let fileName = "\(file)"
        return Gen { source throws(GenerationError) in
            guard !generators.isEmpty else {
                throw .emptyChoices(function: "oneOf", file: fileName, line: line)
            }
            let index = try source.drawUniform(max: UInt64(generators.count - 1))
            return try generators[Int(index)].draw(&source)
        }
    }

    /// A value from one of the generators, picked in proportion to its weight.
    ///
    /// Shrinks toward the first generator with a positive weight. Negative
    /// weights or a zero total fail the property with a message naming this call site.
    public static func frequency(_ pairs: [(Int, Gen<Value>)], file: StaticString = #fileID, line: UInt = #line) -> Gen<Value> {
        let fileName = "\(file)"
        let weights = pairs.map(\.0)
        let generators = pairs.map(\.1)
        return Gen { source throws(GenerationError) in
            let total = try checkedTotal(weights, file: fileName, line: line)
            let index = try source.draw(max: UInt64(generators.count - 1)) { rng in
                var ticket = rng.next(upTo: total - 1)
                for (position, weight) in weights.enumerated() {
                    if ticket < UInt64(weight) { return UInt64(position) }
                    ticket -= UInt64(weight)
                }
                return UInt64(generators.count - 1)
            }
            return try generators[positiveWeightIndex(near: Int(index), in: weights)].draw(&source)
        }
    }
}

/// The sum of `weights` as a non-zero `UInt64`, or the reason it is unusable.
private func checkedTotal(_ weights: [Int], file: String, line: UInt) throws(GenerationError) -> UInt64 {
    guard !weights.isEmpty else {
        throw .emptyChoices(function: "frequency", file: file, line: line)
    }
    var total: UInt64 = 0
    for (position, weight) in weights.enumerated() {
        guard weight >= 0 else {
            throw .invalidWeights(reason: "weight #\(position) is \(weight); weights must be >= 0", file: file, line: line)
        }
        let (sum, overflow) = total.addingReportingOverflow(UInt64(weight))
        guard !overflow else {
            throw .invalidWeights(reason: "the weights' total overflows", file: file, line: line)
        }
        total = sum
    }
    guard total > 0 else {
        throw .invalidWeights(reason: "all \(weights.count) weights are 0", file: file, line: line)
    }
    return total
}

/// `index` if its weight is positive, else the nearest positive-weight index
/// after it, else before it. A shrunk choice may land on a zero-weight
/// generator, which must never run.
private func positiveWeightIndex(near index: Int, in weights: [Int]) -> Int {
    if let after = weights.indices[index...].first(where: { weights[$0] > 0 }) {
        return after
    }
    return weights.indices[..<index].last(where: { weights[$0] > 0 }) ?? index
}
