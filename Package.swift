// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kalends",
    products: [
        .library(name: "KalendsLayout", targets: ["KalendsLayout"]),
        .executable(name: "kalends-bench", targets: ["kalends-bench"]),
    ],
    targets: [
        // The timeline layout engine: pure Swift, no Foundation, no dependency.
        .target(name: "KalendsLayout"),
        // Literal, slow reference implementations the tests and the benchmarks
        // compare the engine with. Not a product: nobody should ship them.
        .target(name: "KalendsLayoutReference", dependencies: ["KalendsLayout"]),
        .executableTarget(
            name: "kalends-bench",
            dependencies: ["KalendsLayout", "KalendsLayoutReference"]
        ),
        .testTarget(
            name: "KalendsLayoutTests",
            dependencies: ["KalendsLayout", "KalendsLayoutReference"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
