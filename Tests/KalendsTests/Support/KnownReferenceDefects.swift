@testable import Kalends

/// Tells documented ICU defects from real differences: a disagreement (on a
/// day, or in a year's months) is explained only when the calendar's defect
/// model (`ICUDefectModels`) reproduces the reference there.
struct KnownReferenceDefects {
    /// The model compared with the reference in the fast engine's place.
    let modelComparison: EngineComparison?

    init(_ comparison: EngineComparison) {
        modelComparison = ICUDefectModels.model(for: comparison.id).map {
            EngineComparison(id: comparison.id, fast: $0, reference: comparison.reference)
        }
    }

    /// True when every difference on `day` is reproduced by the defect model.
    func explains(day: Int) throws -> Bool {
        guard let modelComparison else { return false }
        return try modelComparison.differences(onDay: day, roundTrip: false).isEmpty
    }

    /// True when the months of `year` are the defect model's.
    func explains(year: Int) -> Bool {
        guard let modelComparison else { return false }
        return modelComparison.yearDifferences(year).isEmpty
    }
}
