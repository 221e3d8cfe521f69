// swift-tools-version:6.0
// An app that uses Searchlight as a library: it depends on the `Searchlight` product alone, as any
// other package would (here by path; elsewhere by URL). `swift run` in this folder, or `make test` at the top.
import PackageDescription

let package = Package(
    name: "BookSearch",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Searchlight", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "BookSearch",
            dependencies: [.product(name: "Searchlight", package: "Searchlight")]
        ),
    ]
)
