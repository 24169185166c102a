#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's words for an `errno`, as the package's messages about files
/// give them (zone files, calendar files, the command line's inputs).
package enum SystemReason {
    /// `strerror`'s text with its first letter lowered, to sit inside a
    /// sentence: `cannot be read: no such file or directory`.
    package static func text(_ code: Int32) -> String {
        guard let text = strerror(code).map({ String(cString: $0) }), let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
