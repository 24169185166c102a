/// A stable least-significant-digit radix sort of (key, index) pairs: O(n)
/// for the engine's sorts by time and by id hash.
///
/// A comparison sort is O(n log n) and, past the size of the CPU caches,
/// each of its log n merge passes streams the whole array again; the layout
/// of 100,000 events spent half its time there. Radix sorting makes six
/// passes of 11-bit digits, always: skipping digits all keys share would be
/// faster on some inputs, but makes the cost jump with the spread of the
/// keys, and a layout engine should cost the same for the same n.
struct KeyedIndex {
    var key: UInt64
    var index: Int
}

enum RadixSort {
    /// Below this size a comparison sort is cheaper than the digit histograms.
    static let smallCount = 256

    /// Sorts `items` by `key`, keeping the existing order of equal keys.
    static func sort(_ items: inout [KeyedIndex]) {
        let count = items.count
        if count < smallCount {
            // Stable: Swift's sort is a stable merge sort.
            items.sort { $0.key < $1.key }
            return
        }
        let digitBits = 11
        let buckets = 1 << digitBits
        let mask = UInt64(buckets - 1)
        let passes = (64 + digitBits - 1) / digitBits

        // All histograms in one read of the data.
        var counts = [Int](repeating: 0, count: passes * buckets)
        items.withUnsafeBufferPointer { source in
            counts.withUnsafeMutableBufferPointer { counts in
                for item in source {
                    var key = item.key
                    for pass in 0..<passes {
                        counts[pass * buckets + Int(key & mask)] += 1
                        key >>= UInt64(digitBits)
                    }
                }
            }
        }

        var buffer = items
        for pass in 0..<passes {
            let shift = UInt64(pass * digitBits)
            let base = pass * buckets
            var offsets = [Int](repeating: 0, count: buckets)
            var running = 0
            for bucket in 0..<buckets {
                offsets[bucket] = running
                running += counts[base + bucket]
            }
            items.withUnsafeBufferPointer { source in
                buffer.withUnsafeMutableBufferPointer { destination in
                    offsets.withUnsafeMutableBufferPointer { offsets in
                        for item in source {
                            let bucket = Int((item.key >> shift) & mask)
                            destination[offsets[bucket]] = item
                            offsets[bucket] += 1
                        }
                    }
                }
            }
            swap(&items, &buffer)
        }
    }

    /// An unsigned key ordered like `value` (finite or infinite, not NaN);
    /// -0.0 and 0.0 get the same key, as they compare equal.
    static func key(_ value: Double) -> UInt64 {
        let bits = (value + 0.0).bitPattern
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }
}
