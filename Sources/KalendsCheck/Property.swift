/// Runs properties: generates cases, finds a failure, shrinks it, reports.
///
/// Framework-agnostic: it returns a `CheckResult` and records nothing; the
/// `forAll` (XCTest) and `forAllTesting` / `Property.expect` (Swift Testing)
/// glue turn a failed result into one test failure.
public enum Property {
    /// Checks that `body` holds for `config.runs` values of `gen`.
    ///
    /// A case fails if `body` returns `false` or throws; it is discarded,
    /// neither passing nor failing, if `body` throws `Discard` (`assume`).
    /// Cases are drawn until `config.runs` have passed, or until discards
    /// exceed `config.discardBudget`, which fails the property. The first
    /// failing case is shrunk. `config` is used as given; use
    /// `CheckConfig.fromEnvironment(runs:)` to honour `KALENDS_SEED`.
    public static func check<T>(
        _ gen: Gen<T>,
        config: CheckConfig = CheckConfig(),
        _ body: (T) throws -> Bool
    ) -> CheckResult<T> {
        if let problem = configurationProblem(config) {
            return CheckResult(
                failure: .invalidConfiguration(problem), originalFailure: nil, seed: config.seed ?? 0,
                runs: 0, plannedRuns: config.runs, discards: 0, discardReasons: [:], counterexample: nil, original: nil,
                shrinkSteps: 0, shrinkAttempts: 0, labels: [:])
        }
        var systemRandom = SystemRandomNumberGenerator()
        let firstSeed = config.seed ?? systemRandom.next()
        // Case 0 uses the configured seed itself, so a failing case's seed,
        // replayed via KALENDS_SEED, regenerates that case first. Discarded
        // cases take seeds from the same stream, so a replay tries them again.
        var seedStream = SplitMix64(seed: firstSeed)
        var caseSeed = firstSeed
        var labelCounts: [String: Int] = [:]
        var coverage: [String: Double] = [:]
        var passed = 0
        var discards = 0
        var discardReasons: [String: Int] = [:]
        let discardBudget = config.discardBudget

        while passed < config.runs {
            if passed + discards > 0 { caseSeed = seedStream.next() }
            var source = ChoiceSource(rng: SplitMix64(seed: caseSeed), size: config.size)
            let value: T
            do {
                value = try gen.draw(&source)
            } catch {
                return CheckResult(
                    failure: .generationFailed(error), originalFailure: nil, seed: caseSeed,
                    runs: passed + 1, plannedRuns: config.runs, discards: discards, discardReasons: discardReasons,
                    counterexample: nil, original: nil, shrinkSteps: 0, shrinkAttempts: 0, labels: labelCounts)
            }
            let classification = CaseClassification()
            let outcome = evaluate(body, value, classification)
            coverage.merge(classification.coverage) { Swift.max($0, $1) }
            let failure: PropertyFailure
            switch outcome {
            case .discarded(let reason):
                // A discarded case's labels are not counted: it is not one of the runs.
                discards += 1
                discardReasons[reason, default: 0] += 1
                guard discards <= discardBudget else {
                    // The first seed replays the whole run, discards included.
                    return CheckResult(
                        failure: .tooManyDiscards(discarded: discards, tried: passed + discards,
                                                  maxDiscardPercent: config.maxDiscardPercent),
                        originalFailure: nil, seed: firstSeed, runs: passed, plannedRuns: config.runs,
                        discards: discards, discardReasons: discardReasons, counterexample: nil, original: nil,
                        shrinkSteps: 0, shrinkAttempts: 0, labels: labelCounts)
                }
                continue
            case .passed:
                passed += 1
                for label in classification.labels {
                    labelCounts[label, default: 0] += 1
                }
                continue
            case .failed(let caseFailure):
                for label in classification.labels {
                    labelCounts[label, default: 0] += 1
                }
                failure = caseFailure
            }

            let failing = ShrinkProbe(choices: source.choices, spans: source.spans, payload: (value, failure))
            let shrunk = shrink(failing, gen: gen, config: config, body: body)
            return CheckResult(
                failure: shrunk.bestPayload.1, originalFailure: failure, seed: caseSeed,
                runs: passed + 1, plannedRuns: config.runs, discards: discards, discardReasons: discardReasons,
                counterexample: shrunk.bestPayload.0, original: value,
                shrinkSteps: shrunk.steps, shrinkAttempts: shrunk.attempts, labels: labelCounts)
        }

        let shortfalls = coverageShortfalls(coverage, labelCounts: labelCounts, runs: config.runs)
        return CheckResult(
            failure: shortfalls.isEmpty ? nil : .insufficientCoverage(shortfalls), originalFailure: nil,
            seed: firstSeed, runs: config.runs, plannedRuns: config.runs, discards: discards, discardReasons: discardReasons,
            counterexample: nil, original: nil, shrinkSteps: 0, shrinkAttempts: 0, labels: labelCounts)
    }

    /// What one case's body did.
    private enum CaseOutcome {
        case passed
        case discarded(reason: String)
        case failed(PropertyFailure)
    }

    /// Runs `body` on `value` with `classification` as the task-local label sink.
    private static func evaluate<T>(
        _ body: (T) throws -> Bool, _ value: T, _ classification: CaseClassification
    ) -> CaseOutcome {
        do {
            let holds = try CaseClassification.$current.withValue(classification) { try body(value) }
            return holds ? .passed : .failed(.falsified)
        } catch let discard as Discard {
            return .discarded(reason: discard.reason)
        } catch {
            return .failed(.threw(error))
        }
    }

    private static func shrink<T>(
        _ failing: ShrinkProbe<(T, PropertyFailure)>,
        gen: Gen<T>,
        config: CheckConfig,
        body: (T) throws -> Bool
    ) -> (bestPayload: (T, PropertyFailure), steps: Int, attempts: Int) {
        // The shrinker (which holds the replay closure) never outlives this
        // block, so the body need not escape; only plain results leave it.
        withoutActuallyEscaping(body) { body in
            var shrinker = ChoiceShrinker(failing: failing, maxAttempts: config.maxShrinks) { candidate in
                var replay = ChoiceSource(replaying: candidate, size: config.size)
                // A candidate the generator rejects (exhausted filter, too many
                // choices) is simply not a counterexample.
                guard let value = try? gen.draw(&replay) else { return nil }
                // Labels from shrink replays are not counted; a candidate
                // that passes or is discarded is not a counterexample.
                guard case .failed(let failure) = evaluate(body, value, CaseClassification()) else { return nil }
                return ShrinkProbe(choices: replay.choices, spans: replay.spans, payload: (value, failure))
            }
            shrinker.shrink()
            return (shrinker.bestPayload, shrinker.steps, shrinker.attempts)
        }
    }

    private static func configurationProblem(_ config: CheckConfig) -> String? {
        if config.runs <= 0 { return "runs must be positive, got \(config.runs)" }
        if config.maxShrinks < 0 { return "maxShrinks must be >= 0, got \(config.maxShrinks)" }
        if !(config.maxDiscardPercent >= 0 && config.maxDiscardPercent < 100) {
            return "maxDiscardPercent must be at least 0 and below 100, got \(config.maxDiscardPercent)"
        }
        return nil
    }

    private static func coverageShortfalls(
        _ coverage: [String: Double], labelCounts: [String: Int], runs: Int
    ) -> [CoverageShortfall] {
        guard runs >= CheckConfig.minimumRunsForCoverage else { return [] }
        return coverage.compactMap { label, required in
            let actual = Double(labelCounts[label] ?? 0) * 100 / Double(runs)
            return actual < required ? CoverageShortfall(label: label, requiredPercent: required, actualPercent: actual) : nil
        }
        .sorted { $0.label < $1.label }
    }
}
