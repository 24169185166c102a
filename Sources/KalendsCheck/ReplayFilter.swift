/// Builds the `swift test --filter` pattern printed in failure reports.
enum ReplayFilter {
    /// `<Module>.*<function>`, e.g. `KalendsCheckTests.*testShrinksInt`.
    ///
    /// The module is the folder holding the test file (SwiftPM's target
    /// layout); the pattern matches XCTest ids (`Module.Class/test`) and Swift
    /// Testing ids (`Module.Suite/test()`) alike.
    static func pattern(file: String, function: String) -> String {
        let components = file.split(separator: "/")
        let module = components.count >= 2 ? String(components[components.count - 2]) : ""
        let name = function.prefix { $0 != "(" }
        return module.isEmpty ? String(name) : "\(module).*\(name)"
    }
}
