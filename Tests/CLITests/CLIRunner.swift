import Foundation
import XCTest

/// What one run of the built `kalends` binary printed and returned.
struct CLIResult {
    let status: Int32
    let stdout: String
    let stderr: String

    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

    /// Each stdout line parsed as a JSON object.
    func jsonLines(file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        lines.compactMap { text in
            guard let data = text.data(using: .utf8),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                XCTFail("not a JSON object: \(text)", file: file, line: line)
                return nil
            }
            return object
        }
    }
}

/// Runs the `kalends` executable that `swift build` put next to the tests.
enum CLI {
    /// The binary the CLI tests run: `KALENDS_CLI_BINARY` if set (CI runs
    /// them a second time on the static release binary this way), else the
    /// debug binary beside the tests.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["KALENDS_CLI_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return debugBinary
    }

    /// The repository's root directory.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The binary `swift build` put beside the tests.
    static var debugBinary: URL {
        // The test bundle lives in .build/<triple>/debug; the executable beside it.
        let products = Bundle.main.bundleURL
        let candidate = products.appendingPathComponent("kalends")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/kalends")
    }

    /// Runs `kalends` with `arguments` and optional standard input; a run
    /// longer than `timeout` seconds is killed and fails the test (no hangs).
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    timeout: TimeInterval = 60, binary: URL? = nil, directory: URL? = nil,
                    file: StaticString = #filePath, line: UInt = #line) -> CLIResult {
        let binary = binary ?? Self.binary
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = env["TZ"] ?? "UTC"
        // No configuration file unless a test gives one: the developer's own never reaches the tests.
        env["KALENDS_CONFIG"] = "/nonexistent/kalends-tests/config"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let finished = ChildProcess.run(process, stdin: stdin.map { Data($0.utf8) } ?? Data(), timeout: timeout)
        if let failure = finished.launchError {
            XCTFail("cannot run \(binary.path): \(failure)", file: file, line: line)
            return CLIResult(status: -1, stdout: "", stderr: "")
        }
        if finished.timedOut {
            XCTFail("kalends \(arguments) did not finish within \(timeout) s", file: file, line: line)
        }
        return CLIResult(status: finished.status, stdout: finished.stdout, stderr: finished.stderr)
    }
    /// Asserts the run failed with `status`, printed one `kalends: error:` line
    /// containing `fragment`, and nothing on stdout.
    static func assertError(_ result: CLIResult, status: Int32, contains fragment: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, status, "stderr: \(result.stderr)", file: file, line: line)
        let errorLines = result.stderr.split(separator: "\n")
        XCTAssertEqual(errorLines.count, 1, "one error line: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("kalends: error: "), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(fragment), "'\(fragment)' not in: \(result.stderr)", file: file, line: line)
        XCTAssertFalse(result.stderr.contains("Fatal error"), file: file, line: line)
    }
}

/// Runs a child process with standard input given, reading its stdout and
/// stderr concurrently (a large output cannot block it) and killing it after
/// `timeout` seconds, so no test can hang.
enum ChildProcess {
    struct Finished {
        let status: Int32
        let stdout: String
        let stderr: String
        let timedOut: Bool
        let launchError: (any Error)?
    }

    /// Runs `process`'s executable, arguments, environment and directory
    /// with posix_spawn and poll: Foundation's `Process.waitUntilExit`
    /// polls its run loop every 50 ms, which made each run cost that much.
    static func run(_ process: Process, stdin: Data, timeout: TimeInterval) -> Finished {
        guard let executable = process.executableURL?.path else {
            return Finished(status: -1, stdout: "", stderr: "", timedOut: false, launchError: CocoaError(.fileNoSuchFile))
        }
        // A child that exits before reading all its input must not kill the tests with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0, pipe(&errors) == 0 else {
            return Finished(status: -1, stdout: "", stderr: "", timedOut: false, launchError: POSIXError(.EMFILE))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in input + output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var arguments = [executable] + (process.arguments ?? [])
        var program = executable
        if let directory = process.currentDirectoryURL?.path {
            // posix_spawn has no portable chdir: a shell changes directory, then becomes the program.
            program = "/bin/sh"
            arguments = ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", directory] + arguments
        }
        let environment = (process.environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, &argv, &envp)
        close(input[0])
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(input[1]); close(output[0]); close(errors[0])
            return Finished(status: -1, stdout: "", stderr: "", timedOut: false, launchError: POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT))
        }
        // Write stdin and read both outputs together, so no pipe can fill and block the child.
        let pending = [UInt8](stdin)
        var written = 0
        var inputOpen = true
        if pending.isEmpty { close(input[1]); inputOpen = false }
        var outData = [UInt8](), errData = [UInt8]()
        var open: Set<Int32> = [output[0], errors[0]]
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty || inputOpen {
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if inputOpen { descriptors.append(pollfd(fd: input[1], events: Int16(POLLOUT), revents: 0)) }
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                timedOut = true
                kill(pid, SIGKILL)
                break
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining, 1) * 1000))
            if ready < 0 && errno != EINTR { break }
            for entry in descriptors where entry.revents != 0 {
                if inputOpen && entry.fd == input[1] {
                    let count = pending[written...].withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
                    if count > 0 { written += count }
                    if count < 0 || written >= pending.count {
                        close(input[1])
                        inputOpen = false
                    }
                    continue
                }
                let count = read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    if entry.fd == output[0] { outData += buffer[0..<count] } else { errData += buffer[0..<count] }
                } else {
                    close(entry.fd)
                    open.remove(entry.fd)
                }
            }
        }
        if inputOpen { close(input[1]) }
        for descriptor in open { close(descriptor) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // As Process reports it: the exit code, or the signal's number.
        let exited = status & 0x7F == 0
        let code = exited ? (status >> 8) & 0xFF : status & 0x7F
        return Finished(status: code, stdout: String(decoding: outData, as: UTF8.self),
                        stderr: String(decoding: errData, as: UTF8.self), timedOut: timedOut, launchError: nil)
    }
}
