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

    /// Number of cases to generate; must be positive.
    public var runs: Int
    /// Seed of the first case; `nil` picks a random one (printed on failure).
    public var seed: UInt64?
    /// Maximum number of candidate replays while shrinking one failure.
    public var maxShrinks: Int
    /// Percentage 0...100 of each collection's count range that fresh cases use.
    public var size: Int

    /// Creates a config; the defaults are 1000 cases, a random seed and up to 5000 shrink replays.
    public init(runs: Int = CheckConfig.defaultRuns, seed: UInt64? = nil, maxShrinks: Int = 5000, size: Int = 100) {
        self.runs = runs
        self.seed = seed
        self.maxShrinks = maxShrinks
        self.size = size
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
