import Foundation

/// The KalendsCheck environment variables, parsed once per process.
///
/// Unusable values are ignored with a one-line warning on stderr; a typo in
/// an environment variable must never crash or silently skew a test run.
struct EnvironmentSettings: Sendable, Equatable {
    static let seedVariable = "KALENDS_SEED"
    static let runsVariable = "KALENDS_PROPERTY_RUNS"

    /// `KALENDS_SEED`: decimal or `0x`-prefixed hexadecimal UInt64.
    var seed: UInt64?
    /// `KALENDS_PROPERTY_RUNS`: a positive integer.
    var propertyRuns: Int?
    /// One line per ignored variable.
    var warnings: [String] = []

    /// The settings of this process; warnings are printed the first time it is read.
    static let process: EnvironmentSettings = {
        let settings = EnvironmentSettings(parsing: ProcessInfo.processInfo.environment)
        for warning in settings.warnings {
            FileHandle.standardError.write(Data("KalendsCheck: \(warning)\n".utf8))
        }
        return settings
    }()

    /// Parses the variables out of `environment`, collecting warnings for bad values.
    init(parsing environment: [String: String]) {
        if let raw = environment[Self.seedVariable] {
            if let seed = Self.parseSeed(raw) {
                self.seed = seed
            } else {
                warnings.append(
                    "ignoring \(Self.seedVariable)=\(raw.debugDescription): expected a decimal or 0x-hex UInt64; using a random seed")
            }
        }
        if let raw = environment[Self.runsVariable] {
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            if let runs = Int(trimmed), runs > 0 {
                propertyRuns = runs
            } else {
                warnings.append(
                    "ignoring \(Self.runsVariable)=\(raw.debugDescription): expected a positive integer; using \(CheckConfig.defaultRuns)")
            }
        }
    }

    /// Reads `12345` or `0x3039` (surrounding spaces allowed).
    static func parseSeed(_ raw: String) -> UInt64? {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            return UInt64(trimmed.dropFirst(2), radix: 16)
        }
        return UInt64(trimmed)
    }
}
