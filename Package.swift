// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kalends",
    products: [
        .library(name: "Kalends", targets: ["Kalends"]),
        // Property-based testing engine used by every Kalends test target.
        .library(name: "KalendsCheck", targets: ["KalendsCheck"]),
        .executable(name: "kalends", targets: ["kalends"]),
    ],
    targets: [
        // Plain C over the system ICU; see Docs/Architecture.md, "ICU".
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .target(name: "Kalends", dependencies: ["CICU"]),
        .target(name: "KalendsCheck", dependencies: ["Kalends"]),
        .executableTarget(name: "kalends", dependencies: ["Kalends"]),
        .testTarget(name: "KalendsTests", dependencies: ["Kalends", "KalendsCheck", "CICU"]),
        .testTarget(name: "KalendsCheckTests", dependencies: ["KalendsCheck"]),
        // Runs the built `kalends` binary against shared/cli-contract.md.
        .testTarget(name: "CLITests", dependencies: ["kalends"]),
    ],
    swiftLanguageModes: [.v6]
)
