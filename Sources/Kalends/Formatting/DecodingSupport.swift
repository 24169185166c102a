extension KeyedDecodingContainer {
    /// `DecodingError.dataCorrupted` at `key`, whose message starts with the
    /// key's name so that it says where the value was refused.
    func corrupted(_ key: Key, _ message: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "key '\(key.stringValue)': \(message)")
    }
}
