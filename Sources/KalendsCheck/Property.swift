/// Runs properties: generates cases, finds a failure, shrinks it, reports.
///
/// Framework-agnostic: it returns a `CheckResult` and records nothing; the
/// `forAll` (XCTest) and `forAllTesting` / `Property.expect` (Swift Testing)
/// glue turn a failed result into one test failure.
public enum Property {
    /// Checks that `body` holds for `config.runs` values of `gen`.
    ///
    /// A case fails if `body` returns `false` or throws. The first failing
    /// case is shrunk. `config` is used as given; use
    /// `CheckConfig.fromEnvironment(runs:)` to honour `KALENDS_SEED`.
    public static func check<T>(
        _ gen: Gen<T>,
        config: CheckConfig = CheckConfig(),
        _ body: (T) throws -> Bool
    ) -> CheckResult<T> {
        if let problem = configurationProblem(config) {
            return CheckResult(
                failure: .invalidConfiguration(problem), originalFailure: nil, seed: config.seed ?? 0,
                runs: 0, plannedRuns: config.runs, counterexample: nil, original: nil,
                shrinkSteps: 0, shrinkAttempts: 0, labels: [:])
        }
        var systemRandom = SystemRandomNumberGenerator()
        let firstSeed = config.seed ?? systemRandom.next()
        // Case 0 uses the configured seed itself, so a failing case's seed,
        // replayed via KALENDS_SEED, regenerates that case first.
        var seedStream = SplitMix64(seed: firstSeed)
        var caseSeed = firstSeed
        var labelCounts: [String: Int] = [:]
        var coverage: [String: Double] = [:]

        for caseIndex in 0..<config.runs {
            if caseIndex > 0 { caseSeed = seedStream.next() }
            var source = ChoiceSource(rng: SplitMix64(seed: caseSeed), size: config.size)
            let value: T
            do {
                value = try gen.draw(&source)
            } catch {
                return CheckResult(
                    failure: .generationFailed(error), originalFailure: nil, seed: caseSeed,
                    runs: caseIndex + 1, plannedRuns: config.runs, counterexample: nil, original: nil,
                    shrinkSteps: 0, shrinkAttempts: 0, labels: labelCounts)
            }
            let classification = CaseClassification()
            let failure = evaluate(body, value, classification)
            for label in classification.labels {
                labelCounts[label, default: 0] += 1
            }
            coverage.merge(classification.coverage) { Swift.max($0, $1) }
            guard let failure else { continue }

            let failing = ShrinkProbe(choices: source.choices, spans: source.spans, payload: (value, failure))
            let shrunk = shrink(failing, gen: gen, config: config, body: body)
            return CheckResult(
                failure: shrunk.bestPayload.1, originalFailure: failure, seed: caseSeed,
                runs: caseIndex + 1, plannedRuns: config.runs,
                counterexample: shrunk.bestPayload.0, original: value,
                shrinkSteps: shrunk.steps, shrinkAttempts: shrunk.attempts, labels: labelCounts)
        }

        let shortfalls = coverageShortfalls(coverage, labelCounts: labelCounts, runs: config.runs)
        return CheckResult(
            failure: shortfalls.isEmpty ? nil : .insufficientCoverage(shortfalls), originalFailure: nil,
            seed: firstSeed, runs: config.runs, plannedRuns: config.runs, counterexample: nil, original: nil,
            shrinkSteps: 0, shrinkAttempts: 0, labels: labelCounts)
    }

    /// Runs `body` on `value` with `classification` as the task-local label sink.
    private static func evaluate<T>(
        _ body: (T) throws -> Bool, _ value: T, _ classification: CaseClassification
    ) -> PropertyFailure? {
        do {
            let holds = try CaseClassification.$current.withValue(classification) { try body(value) }
            return holds ? nil : .falsified
        } catch {
            return .threw(error)
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
                // Labels from shrink replays are not counted.
                guard let failure = evaluate(body, value, CaseClassification()) else { return nil }
                return ShrinkProbe(choices: replay.choices, spans: replay.spans, payload: (value, failure))
            }
            shrinker.shrink()
            return (shrinker.bestPayload, shrinker.steps, shrinker.attempts)
        }
    }

    private static func configurationProblem(_ config: CheckConfig) -> String? {
        if config.runs <= 0 { return "runs must be positive, got \(config.runs)" }
        if config.maxShrinks < 0 { return "maxShrinks must be >= 0, got \(config.maxShrinks)" }
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
