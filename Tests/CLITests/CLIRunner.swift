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
    static var binary: URL {
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
                    timeout: TimeInterval = 60, file: StaticString = #filePath, line: UInt = #line) -> CLIResult {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["TZ"] = env["TZ"] ?? "UTC"
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

    static func run(_ process: Process, stdin: Data, timeout: TimeInterval) -> Finished {
        let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        do {
            try process.run()
        } catch {
            return Finished(status: -1, stdout: "", stderr: "", timedOut: false, launchError: error)
        }
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = outPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            errData = errPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        if !stdin.isEmpty { inPipe.fileHandleForWriting.write(stdin) }
        try? inPipe.fileHandleForWriting.close()
        var timedOut = false
        if group.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
        }
        process.waitUntilExit()
        group.wait()
        return Finished(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                        stderr: String(decoding: errData, as: UTF8.self), timedOut: timedOut, launchError: nil)
    }
}
