extension KeyedDecodingContainer {
    /// `DecodingError.dataCorrupted` at `key`, whose message starts with the
    /// key's name so that it says where the value was refused.
    func corrupted(_ key: Key, _ message: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "key '\(key.stringValue)': \(message)")
    }
}

/// Values coded as one string (a rule's RRULE text, a duration's ISO text,
/// a zone's name): the text is read back through the value's own checked
/// parser, so a decoder cannot build an invalid value.
enum TextCoding {
    /// The value `make` reads from the decoder's single string.
    static func decode<T>(_ decoder: any Decoder, _ make: (String) throws -> T) throws -> T {
        try make(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes `text` as a single string.
    static func encode(_ text: String, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
