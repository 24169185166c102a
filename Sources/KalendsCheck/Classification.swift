import Foundation

/// Labels and coverage requirements collected while one case's body runs.
///
/// A reference type because the body reaches it through a task-local while
/// the runner owns it; a lock keeps it safe if the body hops threads.
final class CaseClassification: @unchecked Sendable {
    /// The classification of the case whose body is running on this task, if any.
    @TaskLocal static var current: CaseClassification?

    private let lock = NSLock()
    private var labelSet: Set<String> = []
    private var requirements: [String: Double] = [:]

    /// The labels this case was given (each counts once per case).
    var labels: Set<String> {
        lock.withLock { labelSet }
    }

    /// Minimum percentages declared with `cover`, by label.
    var coverage: [String: Double] {
        lock.withLock { requirements }
    }

    func add(_ label: String) {
        lock.withLock { _ = labelSet.insert(label) }
    }

    func require(_ label: String, minPercent: Double) {
        lock.withLock { requirements[label] = Swift.max(requirements[label] ?? 0, minPercent) }
    }
}

/// Counts the current case under `name`; the result reports how many cases got each label.
///
/// Call it inside a property body; outside one it does nothing.
///
///     forAll(Gen.int(in: 1...3000)) { year in label(isLeap(year) ? "leap" : "common"); return ... }
public func label(_ name: String) {
    CaseClassification.current?.add(name)
}

/// Counts the current case under `name` when `condition` holds.
public func classify(_ condition: Bool, _ name: String) {
    if condition { label(name) }
}

/// Requires that at least `minPercent` % of cases be labelled `name` (by `label`/`classify`).
///
/// Checked after all cases pass; too few fails the property. Judged only when
/// at least `CheckConfig.minimumRunsForCoverage` cases ran, since fewer are too noisy.
public func cover(minPercent: Double, _ name: String) {
    CaseClassification.current?.require(name, minPercent: minPercent)
}

/// Labels the case `name` when `condition` holds and requires `minPercent` % of cases to be so labelled.
public func cover(minPercent: Double, _ condition: Bool, _ name: String) {
    cover(minPercent: minPercent, name)
    classify(condition, name)
}
