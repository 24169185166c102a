/// Every benchmark area. Add yours here: `kalends-bench <name>` runs it.
enum BenchmarkRegistry {
    static let areas: [BenchmarkArea] = [
        LayoutBenchmarks.area,
        ArithmeticBenchmarks.area,
        RangesBenchmarks.area,
        ConvertBenchmarks.area,
        RecurrenceBenchmarks.area,
        ICalendarBenchmarks.area,
        StoreBenchmarks.area,
        SpanTreeBenchmarks.area,
        CLIBenchmarks.area,
        ContactBenchmarks.area,
    ]
}
