import Kalends

/// Answers of a pure function kept for the whole process, shared by every
/// thread: the answer for a key is made once (outside the lock) and kept
/// while fewer than `limit` are; past that, made anew each time. Only for
/// functions whose answer depends on nothing but the key.
final class KeptAnswers<Key: Hashable, Value>: @unchecked Sendable {
    private let table = Locked<[Key: Value]>([:])
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// The kept answer for `key`, else `make()`'s, kept when there is room.
    /// - Throws: what `make` throws (nothing is kept then).
    func answer<E: Error>(_ key: Key, _ make: () throws(E) -> Value) throws(E) -> Value {
        if let known = table.withLock({ $0[key] }) { return known }
        let made = try make()
        table.withLock { kept in
            if kept.count < limit { kept[key] = made }
        }
        return made
    }
}
