// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kalends",
    products: [
        .library(name: "Kalends", targets: ["Kalends"]),
        // The timeline layout engine: pure Swift, no Foundation, no dependency.
        .library(name: "KalendsLayout", targets: ["KalendsLayout"]),
        // Kalends' zoned events and calendar days as KalendsLayout's numbers
        // and back; the layout JSON codec.
        .library(name: "KalendsTimeline", targets: ["KalendsTimeline"]),
        // RFC 5545 iCalendar: content lines, the component tree, values, VTIMEZONE.
        .library(name: "KalendsICalendar", targets: ["KalendsICalendar"]),
        // Property-based testing engine used by every Kalends test target.
        .library(name: "KalendsCheck", targets: ["KalendsCheck"]),
        // Calendar files as an event store: events, reminders, alarms, window queries.
        .library(name: "KalendsStore", targets: ["KalendsStore"]),
        // The address book: vCard 2.1, 3.0 and 4.0 on the same content lines and codec; contacts, their dates in any calendar.
        .library(name: "KalendsContacts", targets: ["KalendsContacts"]),
        // Views of a calendar store: a day's timeline, a week, a month grid in any calendar; text renderers.
        .library(name: "KalendsViews", targets: ["KalendsViews"]),
        // `kalends serve`: a small bounded HTTP/1.1 server of the views, with drag-to-edit.
        .library(name: "KalendsServer", targets: ["KalendsServer"]),
        .executable(name: "kalends", targets: ["kalends"]),
        .executable(name: "kalends-bench", targets: ["kalends-bench"]),
    ],
    targets: [
        // Plain C over the system ICU; see Docs/Architecture.md, "ICU".
        .target(
            name: "CICU",
            // ICU is C++ and uses libm: named after it, for the static link of
            // the release binary, where nothing else brings them in.
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata"),
                             .linkedLibrary("stdc++"), .linkedLibrary("m")]
        ),
        .target(name: "Kalends", dependencies: ["CICU"]),
        // Linux's renameat2 (an atomic exchange), which Swift's Glibc module does not declare; see SafeFile.
        .target(name: "CFileSystem"),
        .target(name: "KalendsLayout"),
        .target(name: "KalendsICalendar", dependencies: ["Kalends", "CICU"]),
        .target(name: "KalendsTimeline", dependencies: ["Kalends", "KalendsLayout"]),
        // Literal, slow reference implementations the tests and the benchmarks
        // compare the engine with. Not a product: nobody should ship them.
        .target(name: "KalendsLayoutReference", dependencies: ["KalendsLayout"]),
        .target(name: "KalendsCheck", dependencies: ["Kalends"]),
        .target(name: "KalendsStore", dependencies: ["Kalends", "KalendsICalendar", "CFileSystem"]),
        .target(name: "KalendsContacts", dependencies: ["Kalends", "KalendsICalendar", "KalendsStore"]),
        .target(name: "KalendsViews", dependencies: ["Kalends", "KalendsICalendar", "KalendsStore", "KalendsLayout", "KalendsTimeline"]),
        .target(name: "KalendsServer", dependencies: ["Kalends", "KalendsICalendar", "KalendsStore", "KalendsLayout", "KalendsTimeline", "KalendsViews"]),
        .executableTarget(
            name: "kalends", dependencies: ["Kalends", "KalendsICalendar", "KalendsStore", "KalendsContacts", "KalendsLayout", "KalendsTimeline", "KalendsViews", "KalendsServer"],
            // The release binary is fully static (the Swift runtime,
            // Foundation, the system ICU's archives, glibc): no dynamic loader
            // and no shared libraries at start (Docs/Performance.md,
            // "Start-up"). Unsafe flags on the executable only, so packages
            // that depend on the Kalends library see none.
            swiftSettings: [.unsafeFlags(["-static-executable"], .when(configuration: .release))],
            linkerSettings: [.unsafeFlags(["-static-executable", "-Xlinker", "--undefined=$s30FoundationInternationalization18IntegerFormatStyleV10collectionAA06NumberdE13ConfigurationO10CollectionVvpfi"], .when(configuration: .release))]
        ),
        .executableTarget(name: "kalends-bench", dependencies: ["Kalends", "KalendsICalendar", "KalendsStore", "KalendsContacts", "KalendsLayout", "KalendsLayoutReference", "KalendsTimeline"]),
        .testTarget(name: "KalendsTests", dependencies: ["Kalends", "KalendsICalendar", "KalendsCheck", "CICU"], exclude: ["Recurrence/Vectors"]),
        .testTarget(name: "KalendsLayoutTests", dependencies: ["KalendsLayout", "KalendsLayoutReference", "KalendsCheck"]),
        .testTarget(name: "KalendsICalendarTests", dependencies: ["KalendsICalendar", "KalendsCheck"]),
        .testTarget(name: "KalendsTimelineTests", dependencies: ["KalendsTimeline", "KalendsCheck"]),
        .testTarget(name: "KalendsCheckTests", dependencies: ["KalendsCheck"]),
        .testTarget(name: "KalendsStoreTests", dependencies: ["KalendsStore", "KalendsICalendar", "Kalends", "KalendsCheck"]),
        .testTarget(name: "KalendsContactsTests", dependencies: ["KalendsContacts", "KalendsICalendar", "KalendsStore", "Kalends", "KalendsCheck"]),
        .testTarget(name: "KalendsServerTests", dependencies: ["KalendsServer", "KalendsViews", "KalendsStore", "KalendsICalendar", "Kalends", "KalendsCheck"]),
        .testTarget(name: "KalendsViewsTests", dependencies: ["KalendsViews", "KalendsStore", "KalendsICalendar", "KalendsLayout", "KalendsTimeline", "Kalends", "KalendsCheck"]),
        // A calendar the library does not ship (Symmetry454), defined in the
        // test target through the public API only, run through the shared
        // invariants, arithmetic, slicing and month grids.
        .testTarget(name: "CalendarSystemConformanceTests", dependencies: ["Kalends", "KalendsCheck"]),
        // Runs the built `kalends` binary against the command-line contract (Docs/CLI.md).
        .testTarget(name: "CLITests", dependencies: ["kalends", "KalendsCheck"]),
    ],
    swiftLanguageModes: [.v6]
)
