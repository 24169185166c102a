import Kalends

/// Defects in what a component needs that real writers make and whose
/// meaning is plain, read as that meaning by a lenient read (with a
/// warning) instead of costing the component; a strict read refuses them.
///
/// - An empty `RRULE:` (calendarlabs.com's holiday exports) is no rule: a one-off event.
/// - `COUNT=-1` (or 0) beside UNTIL (Confluence) is no count: UNTIL ends the rule.
/// - An empty `RDATE:` or `EXDATE:` is no date.
enum Salvage {
    /// What a lenient read does with a defective `property`.
    enum Outcome {
        /// The property is left out; the warning says it is ignored.
        case ignored
        /// The property is read as this one; the warning says how.
        case readAs(ICalendarProperty, String)
    }

    /// The reading of `property` when its defect is one of those above; nil otherwise.
    static func outcome(_ property: ICalendarProperty) -> Outcome? {
        let blank = property.value.utf8.allSatisfy { $0 == 32 || $0 == 9 }
        switch property.name {
        case "RRULE", "EXRULE":
            if blank { return .ignored }
            var parts = property.value.split(separator: ";", omittingEmptySubsequences: false)
            let names = parts.map { $0.split(separator: "=", maxSplits: 1).first.map(ASCIICase.upper) ?? "" }
            guard names.contains("UNTIL"), let count = names.firstIndex(of: "COUNT") else { return nil }
            let value = parts[count].split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            guard let number = Int(value), number <= 0 else { return nil }
            parts.remove(at: count)
            var fixed = property
            fixed.value = parts.joined(separator: ";")
            guard (try? fixed.rule()) != nil else { return nil }
            return .readAs(fixed, "read without COUNT=\(number): UNTIL ends the rule")
        case "RDATE", "EXDATE":
            return blank ? .ignored : nil
        default:
            return nil
        }
    }
}
