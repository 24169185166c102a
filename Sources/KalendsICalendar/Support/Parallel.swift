import Kalends
#if canImport(Glibc)
import Glibc
#endif

/// Work split over the machine's cores in contiguous chunks, the results in
/// chunk order: what one thread would give, sooner. Small inputs (fewer
/// than two chunks of `minimumChunk`) run on the calling thread.
package enum Parallel {
    /// The processors online (at least 1).
    package static let processors = Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// Tests set how many workers to use whatever the processors (nil: as many as there
    /// are processors), so that the threaded paths run, and are shown to, on one core too.
    package static let forcedWorkers = Locked<Int?>(nil)
    /// The threads started so far: what a test reads to show that its work ran on several.
    package static let threadsStarted = Locked(0)

    /// The workers for `count` items in chunks of at least `minimumChunk`.
    static func workers(count: Int, minimumChunk: Int) -> Int {
        Swift.min(forcedWorkers.withLock { $0 } ?? processors, count / Swift.max(1, minimumChunk))
    }

    /// `body` over `0 ..< count` split into contiguous ranges of at least
    /// `minimumChunk` items, at most one per processor; the results in the
    /// order of the ranges. The first range runs on the calling thread, each
    /// other on a thread of its own (started directly: a pool's first
    /// start costs milliseconds).
    package static func chunks<T>(count: Int, minimumChunk: Int, _ body: (Range<Int>) -> T) -> [T] {
        let workers = Self.workers(count: count, minimumChunk: minimumChunk)
        guard workers > 1 else { return [body(0..<count)] }
        let ranges = (0..<workers).map { index in (count * index / workers)..<(count * (index + 1) / workers) }
        return withoutActuallyEscaping(body) { body in
            let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: workers)
            results.initialize(repeating: nil)
            defer {
                _ = results.deinitialize()
                results.deallocate()
            }
            // Each task writes its own slot only; the threads are joined before the slots are read.
            let tasks = (1..<workers).map { index in
                Task(run: { results[index] = body(ranges[index]) })
            }
            var threads: [pthread_t?] = []
            for task in tasks {
                var thread = pthread_t()
                let box = Unmanaged.passRetained(task).toOpaque()
                if pthread_create(&thread, nil, { raw in
                    guard let raw else { return nil }
                    Unmanaged<Task>.fromOpaque(raw).takeRetainedValue().run()
                    return nil
                }, box) == 0 {
                    threads.append(thread)
                    threadsStarted.withLock { $0 += 1 }
                } else {
                    // No thread to be had: the work is done here.
                    Unmanaged<Task>.fromOpaque(box).release()
                    task.run()
                    threads.append(nil)
                }
            }
            results[0] = body(ranges[0])
            for thread in threads { if let thread { pthread_join(thread, nil) } }
            return results.compactMap { $0 }
        }
    }

    /// A piece of work for a thread.
    private final class Task {
        let run: () -> Void
        init(run: @escaping () -> Void) { self.run = run }
    }
}
