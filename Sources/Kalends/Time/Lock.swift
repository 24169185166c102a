#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex for the library's caches (`lock()` / `unlock()`, as NSLock), on
/// pthreads directly: the library needs no CoreFoundation, so a process
/// that converts one date does not pay its start (Docs/Performance.md,
/// "Start-up"). The mutex lives in memory this class owns, never moved.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }
}

/// A value behind a `Lock`, used as `Synchronization.Mutex` is
/// (`withLock { value in ... }`), but on a pthread mutex, whose order
/// ThreadSanitizer sees (it does not see Mutex's futex on Linux).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// `body` on the value, under the lock.
    package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
