// swift-tools-version:6.0
// libFuzzer harnesses for Searchlight. A separate package so the main one stays free of
// sanitizer flags; see README.md here for the build and run commands.
import PackageDescription

let package = Package(
    name: "SearchlightFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Searchlight", path: "../.."),
    ],
    targets: [
        // Builds the tiny shared index the query and predicate harnesses search.
        .target(name: "FuzzSupport", dependencies: [.product(name: "Searchlight", package: "Searchlight")]),
        .executableTarget(name: "FuzzQuery", dependencies: ["FuzzSupport", .product(name: "Searchlight", package: "Searchlight")]),
        .executableTarget(name: "FuzzPredicate", dependencies: ["FuzzSupport", .product(name: "Searchlight", package: "Searchlight")]),
        .executableTarget(name: "FuzzIngest", dependencies: ["FuzzSupport", .product(name: "Searchlight", package: "Searchlight")]),
    ]
)
