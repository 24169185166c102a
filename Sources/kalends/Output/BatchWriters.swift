import Kalends

/// The byte writers of a `convert -` batch, one per target calendar, each
/// keeping the months it has written (a single date uses none).
struct BatchWriters {
    var json: [DateJSONWriter]
    var text: [TextLineWriter]

    /// Writers for `targets` calendars, of JSON or of text lines.
    init(targets: Int, json: Bool) {
        self.json = json ? (0..<targets).map { _ in DateJSONWriter() } : []
        self.text = json ? [] : (0..<targets).map { _ in TextLineWriter() }
    }
}
