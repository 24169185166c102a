/// Why a property failed.
public enum PropertyFailure: Sendable, CustomStringConvertible {
    /// The body returned `false`.
    case falsified
    /// The body threw this error.
    case threw(any Error)
    /// The generator could not produce a value (invalid arguments, exhausted filter).
    case generationFailed(GenerationError)
    /// All cases passed but some `cover` requirements were not met.
    case insufficientCoverage([CoverageShortfall])
    /// The `CheckConfig` itself was unusable (e.g. zero runs).
    case invalidConfiguration(String)
    /// More than `maxDiscardPercent` of the cases tried were discarded (`assume`, `Discard`).
    case tooManyDiscards(discarded: Int, tried: Int, maxDiscardPercent: Double)

    /// A one-line explanation for reports.
    public var description: String {
        switch self {
        case .falsified:
            return "the property returned false"
        case let .threw(error):
            return "the property threw \(String(reflecting: type(of: error))): \(error)"
        case let .generationFailed(error):
            return "the generator failed: \(error)"
        case let .insufficientCoverage(shortfalls):
            return "insufficient coverage: " + shortfalls.map(\.description).joined(separator: "; ")
        case let .invalidConfiguration(reason):
            return "invalid configuration: \(reason)"
        case let .tooManyDiscards(discarded, tried, maxPercent):
            let share = tried == 0 ? 0 : Double(discarded) * 100 / Double(tried)
            return "too many discards: \(discarded) of \(tried) cases tried were discarded (\(formatPercent(share))), "
                + "more than the \(formatPercent(maxPercent)) allowed; generate values that meet the assumption "
                + "directly, or raise maxDiscardPercent"
        }
    }
}

/// A `cover` requirement that too few cases met.
public struct CoverageShortfall: Sendable, Equatable, CustomStringConvertible {
    /// The label named in `cover`.
    public var label: String
    /// The percentage `cover` asked for.
    public var requiredPercent: Double
    /// The percentage of cases that got the label.
    public var actualPercent: Double

    /// E.g. `"leap month" reached 0.4% of cases, required 5%`.
    public var description: String {
        "\(label.debugDescription) reached \(formatPercent(actualPercent)) of cases, required \(formatPercent(requiredPercent))"
    }
}

/// The outcome of running a property: verdict, seed, counterexample and label counts.
public struct CheckResult<Value> {
    /// Why the property failed (for the shrunk counterexample); `nil` if it passed.
    public let failure: PropertyFailure?
    /// Why the originally generated counterexample failed, before shrinking.
    public let originalFailure: PropertyFailure?
    /// The seed that replays this run's failing case first (`KALENDS_SEED`); the first case's seed if it passed.
    public let seed: UInt64
    /// Cases actually run, including a failing one; discarded cases are not counted.
    public let runs: Int
    /// Cases the run was configured for.
    public let plannedRuns: Int
    /// Cases discarded (`assume`, `Discard`): tried but neither passed nor failed.
    public let discards: Int
    /// Number of discarded cases by `Discard.reason`.
    public let discardReasons: [String: Int]
    /// The shrunk failing value.
    public let counterexample: Value?
    /// The failing value as first generated.
    public let original: Value?
    /// Shrinks accepted (each made the counterexample simpler).
    public let shrinkSteps: Int
    /// Candidates replayed while shrinking.
    public let shrinkAttempts: Int
    /// Number of cases that got each label (`label`, `classify`, `cover`).
    public let labels: [String: Int]

    /// True when every case passed and every coverage requirement was met.
    public var passed: Bool { failure == nil }
    /// True when the property failed for any reason.
    public var failed: Bool { failure != nil }

    /// Percentage (0...100) of run cases that got `label`.
    public func percentage(of label: String) -> Double {
        runs == 0 ? 0 : Double(labels[label] ?? 0) * 100 / Double(runs)
    }

    /// The human-readable report, with a replay command that runs the whole test target.
    public var message: String { report(testFilter: nil) }

    /// The report with a replay command `KALENDS_SEED=<seed> swift test --filter '<testFilter>'`.
    public func report(testFilter: String?) -> String {
        var lines: [String] = []
        let discarded = discards > 0 ? ", \(discards) discarded" : ""
        guard let failure else {
            lines.append("KalendsCheck: property passed \(runs) cases (seed \(seed)\(discarded)).")
            lines.append(contentsOf: discardLines())
            lines.append(contentsOf: labelLines())
            return lines.joined(separator: "\n")
        }
        lines.append("KalendsCheck: property failed after \(runs) of \(plannedRuns) cases\(discarded): \(failure)")
        if let counterexample {
            let how = "shrunk in \(shrinkSteps) steps, \(shrinkAttempts) replays"
            lines.append("  Counterexample (\(how)): \(String(reflecting: counterexample))")
        }
        if let original {
            lines.append("  Original: \(String(reflecting: original))")
        }
        if let originalFailure, "\(originalFailure)" != "\(failure)" {
            lines.append("  Original failure: \(originalFailure)")
        }
        lines.append("  Seed: \(seed)")
        lines.append(contentsOf: discardLines())
        lines.append(contentsOf: labelLines())
        let filter = testFilter.map { " --filter '\($0)'" } ?? ""
        lines.append("  Replay: \(EnvironmentSettings.seedVariable)=\(seed) swift test\(filter)")
        return lines.joined(separator: "\n")
    }

    private func discardLines() -> [String] {
        guard discards > 0 else { return [] }
        let sorted = discardReasons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return ["  Discarded \(discards) of \(runs + discards) cases tried:"] + sorted.map { "    \($0.value) \($0.key)" }
    }

    private func labelLines() -> [String] {
        guard !labels.isEmpty else { return [] }
        let sorted = labels.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return ["  Labels:"] + sorted.map { "    \(formatPercent(percentage(of: $0.key))) \($0.key) (\($0.value))" }
    }
}

extension CheckResult: Sendable where Value: Sendable {}

/// `12.5%`, with one decimal at most.
private func formatPercent(_ value: Double) -> String {
    let tenths = (value * 10).rounded() / 10
    // Int(_:) traps outside its range; user-supplied percentages can be anything.
    guard tenths.isFinite, tenths.magnitude < 1e15 else { return "\(value)%" }
    return tenths == tenths.rounded() ? "\(Int(tenths))%" : "\(tenths)%"
}
