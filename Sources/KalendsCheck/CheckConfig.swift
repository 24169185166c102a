/// How a property is run: how many cases, from which seed, how hard to shrink.
///
/// `Property.check` uses a config literally. The `forAll` glue builds one with
/// `CheckConfig.fromEnvironment(runs:)` so `KALENDS_SEED` and
/// `KALENDS_PROPERTY_RUNS` apply.
public struct CheckConfig: Sendable, Equatable {
    /// Cases per property when neither `runs:` nor `KALENDS_PROPERTY_RUNS` says otherwise.
    public static let defaultRuns = 1000
    /// Coverage (`cover`) is judged only when at least this many cases ran.
    public static let minimumRunsForCoverage = 100
    /// Share of the cases tried a property may discard (`assume`) unless its config says otherwise.
    public static let defaultMaxDiscardPercent = 50.0
    /// Discards always allowed (when `maxDiscardPercent` is above 0), so a
    /// property of a handful of cases is not failed on the noise of a few.
    public static let minimumDiscardBudget = 10

    /// Number of cases to generate; must be positive.
    public var runs: Int
    /// Seed of the first case; `nil` picks a random one (printed on failure).
    public var seed: UInt64?
    /// Maximum number of candidate replays while shrinking one failure.
    public var maxShrinks: Int
    /// Percentage 0...100 of each collection's count range that fresh cases use.
    public var size: Int
    /// Largest share, in percent (0 up to but excluding 100), of the cases
    /// tried that may be discarded; beyond it the property fails.
    public var maxDiscardPercent: Double

    /// Creates a config; the defaults are 1000 cases, a random seed, up to
    /// 5000 shrink replays and at most half of the cases tried discarded.
    public init(runs: Int = CheckConfig.defaultRuns, seed: UInt64? = nil, maxShrinks: Int = 5000, size: Int = 100,
                maxDiscardPercent: Double = CheckConfig.defaultMaxDiscardPercent) {
        self.runs = runs
        self.seed = seed
        self.maxShrinks = maxShrinks
        self.size = size
        self.maxDiscardPercent = maxDiscardPercent
    }

    /// How many discards a run may make before it fails: the most that keeps
    /// them within `maxDiscardPercent` of the cases tried once `runs` cases
    /// have passed, and at least `minimumDiscardBudget` (none at 0%).
    ///
    /// Exceeding it means the share is already over the limit, so the run
    /// stops there instead of trying cases it cannot use.
    public var discardBudget: Int {
        guard maxDiscardPercent > 0, runs > 0 else { return 0 }
        // discards / (runs + discards) <= p / 100  <=>  discards <= runs * p / (100 - p)
        let exact = (Double(runs) * maxDiscardPercent / (100 - maxDiscardPercent)).rounded(.down)
        let budget = exact.isFinite && exact < Double(Int.max / 2) ? Int(exact) : Int.max / 2
        return Swift.max(budget, Self.minimumDiscardBudget)
    }

    /// A config for a property declared with `runs:` (nil = default), adjusted by the environment.
    ///
    /// `KALENDS_SEED` fixes the seed. `KALENDS_PROPERTY_RUNS=N` replaces the
    /// default and scales explicit runs to `runs * N / 1000` (at least 1).
    public static func fromEnvironment(runs: Int? = nil) -> CheckConfig {
        fromEnvironment(runs: runs, settings: EnvironmentSettings.process)
    }

    static func fromEnvironment(runs: Int?, settings: EnvironmentSettings) -> CheckConfig {
        CheckConfig(
            runs: resolvedRuns(explicit: runs, environmentRuns: settings.propertyRuns),
            seed: settings.seed)
    }

    /// This config with `maxDiscardPercent` replaced when `percent` is given.
    func allowingDiscards(_ percent: Double?) -> CheckConfig {
        var config = self
        if let percent { config.maxDiscardPercent = percent }
        return config
    }

    /// The number of cases for a property declared with `explicit` runs under `KALENDS_PROPERTY_RUNS`.
    ///
    /// Unset variable: `explicit ?? 1000`. Set to N: `N` for default
    /// properties, `explicit * N / 1000` (at least 1) for explicit ones.
    public static func resolvedRuns(explicit: Int?, environmentRuns: Int?) -> Int {
        guard let environmentRuns else { return explicit ?? defaultRuns }
        guard let explicit else { return environmentRuns }
        // Non-positive explicit runs pass through so the runner reports them.
        guard explicit > 0 else { return explicit }
        let (product, overflow) = explicit.multipliedReportingOverflow(by: environmentRuns)
        if !overflow { return Swift.max(1, product / defaultRuns) }
        // Huge values: divide first, saturating if that still overflows.
        let (coarse, stillOverflows) = (explicit / defaultRuns).multipliedReportingOverflow(by: environmentRuns)
        return stillOverflows ? Int.max : Swift.max(1, coarse)
    }
}
