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
    /// The pieces of work given to other threads so far (started for them, or of the pool): what a
    /// test reads to show that its work ran on several.
    package static let threadsStarted = Locked(0)

    /// The workers for `count` items in chunks of at least `minimumChunk`.
    static func workers(count: Int, minimumChunk: Int) -> Int {
        Swift.min(forcedWorkers.withLock { $0 } ?? processors, count / Swift.max(1, minimumChunk))
    }

    /// `body` over `0 ..< count` split into contiguous ranges of at least
    /// `minimumChunk` items, at most one per processor; the results in the
    /// order of the ranges. The first range runs on the calling thread, each
    /// other on a thread of the pool (`Workers`: started on first use, parked
    /// between uses, so that later calls neither start threads nor begin with
    /// a thread's memory cold). A call made while the pool is taken (from
    /// inside another call's work, or from another thread) starts threads of
    /// its own (a Dispatch pool's first start costs milliseconds).
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
            // Each piece of work writes its own slot only; all are finished before the slots are read.
            let tasks = (1..<workers).map { index in
                Task(run: { results[index] = body(ranges[index]) })
            }
            if let pool = Workers.take(tasks.count) {
                for (worker, task) in zip(pool, tasks) { worker.start(task) }
                results[0] = body(ranges[0])
                for worker in pool { worker.wait() }
                Workers.give(pool)
                threadsStarted.withLock { $0 += tasks.count }
            } else {
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
            }
            return results.compactMap { $0 }
        }
    }

    /// Starts the pool's threads now, when work for them will come soon (a
    /// read that will certify thousands of events): a thread's start, and the
    /// waking of an idle processor, then happen while the caller reads its
    /// file, not when the work is handed out.
    package static func prepare() {
        let wanted = (forcedWorkers.withLock { $0 } ?? processors) - 1
        guard wanted > 0, let pool = Workers.take(wanted) else { return }
        Workers.give(pool)
    }

    /// A piece of work for a thread.
    private final class Task {
        let run: () -> Void
        init(run: @escaping () -> Void) { self.run = run }
    }

    /// The pool: threads that wait for a piece of work, do it, and wait again
    /// (for the life of the process). One caller holds them at a time.
    private final class Workers: @unchecked Sendable {
        /// The idle pool (nil while a caller holds it).
        private static let idle = Locked<[Worker]?>([])

        /// `count` workers, the pool grown to them if need be; nil when another
        /// caller holds the pool or a thread cannot be started.
        static func take(_ count: Int) -> [Worker]? {
            guard var pool = idle.withLock({ (pool: inout [Worker]?) -> [Worker]? in
                defer { pool = nil }
                return pool
            }) else { return nil }
            while pool.count < count {
                guard let worker = Worker.started() else {
                    give(pool)
                    return nil
                }
                pool.append(worker)
            }
            return pool
        }

        /// The pool back, idle.
        static func give(_ pool: [Worker]) {
            idle.withLock { $0 = pool }
        }
    }

    /// One thread of the pool and its slot for a piece of work.
    private final class Worker: @unchecked Sendable {
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// The work to do (nil: none given); `done` once it is done and let go of.
        private var task: Task?
        private var done = true

        private init() {
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        /// (Only a worker whose thread could not be started ends: the others serve for the process's life.)
        deinit {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            condition.deallocate()
            mutex.deallocate()
        }

        /// A worker whose thread waits for work; nil when no thread can be started.
        static func started() -> Worker? {
            let worker = Worker()
            var thread = pthread_t()
            let box = Unmanaged.passRetained(worker).toOpaque()
            guard pthread_create(&thread, nil, { raw in
                guard let raw else { return nil }
                Unmanaged<Worker>.fromOpaque(raw).takeRetainedValue().serve()
                return nil
            }, box) == 0 else {
                Unmanaged<Worker>.fromOpaque(box).release()
                return nil
            }
            pthread_detach(thread)
            return worker
        }

        /// `task` done on this worker's thread (`wait` until it is).
        func start(_ task: Task) {
            pthread_mutex_lock(mutex)
            self.task = task
            done = false
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }

        func wait() {
            pthread_mutex_lock(mutex)
            while !done { pthread_cond_wait(condition, mutex) }
            pthread_mutex_unlock(mutex)
        }

        /// The thread's life: each piece of work given, done, and let go of before it is said done
        /// (the caller's closures must not outlive its call).
        private func serve() {
            while true {
                runNext()
                pthread_mutex_lock(mutex)
                done = true
                pthread_cond_broadcast(condition)
                pthread_mutex_unlock(mutex)
            }
        }

        /// Waits for a piece of work and does it; it is let go of on return.
        private func runNext() {
            pthread_mutex_lock(mutex)
            while task == nil { pthread_cond_wait(condition, mutex) }
            let work = task
            task = nil
            pthread_mutex_unlock(mutex)
            work?.run()
        }
    }
}
