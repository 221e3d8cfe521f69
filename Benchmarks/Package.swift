// swift-tools-version:6.1
// The package-benchmark (ordo-one/benchmark) suite, in its own package so that the main build stays
// light: `make benchmarks`, or `swift package --disable-sandbox benchmark` in this folder.
import PackageDescription

let package = Package(
    name: "SearchlightBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Searchlight", path: ".."),
        // Naming the trait turns off the benchmark package's defaults, among them RuntimeInterposer
        // (ARC counts on Linux with Swift 6.3), whose package the local mirror does not carry.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The plugin runs the executable targets whose folder sits directly in a folder named Benchmarks.
        .executableTarget(
            name: "SearchlightBenchmarks",
            dependencies: [
                .product(name: "Searchlight", package: "Searchlight"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "suite",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
