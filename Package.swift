// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kalends",
    products: [
        // Property-based testing engine used by every Kalends test target.
        .library(name: "KalendsCheck", targets: ["KalendsCheck"]),
    ],
    targets: [
        .target(
            name: "KalendsCheck",
            path: "Sources/KalendsCheck"
        ),
        .testTarget(
            name: "KalendsCheckTests",
            dependencies: ["KalendsCheck"],
            path: "Tests/KalendsCheckTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
