// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Searchlight",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Searchlight", targets: ["Searchlight"]),
        .library(name: "XapianIndex", targets: ["XapianIndex"]),
        .executable(name: "searchlight", targets: ["searchlight"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // C ABI over Xapian: C++ inside, a pure C header in include/.
        .target(
            name: "CXapian",
            linkerSettings: [.linkedLibrary("xapian"), .linkedLibrary("stemmer")]
        ),
        // Xapian's block reads served from memory-mapped table files: defines pread, pread64 and close
        // for the whole process, so only the command-line tool links it, never the libraries.
        .target(name: "CMappedReads"),
        // zstd, for stored entity data (Xapian's zlib would cost a third of a `get`).
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: [.apt(["libzstd-dev"])]),
        // zlib, for gzip-compressed inputs of the command-line tool (`index data.jsonl.gz`).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Thin, safe Swift over the shim.
        .target(name: "XapianIndex", dependencies: ["CXapian"]),
        // Entities, schema, index and queries in the App Intents / Core Spotlight vocabulary.
        .target(name: "Searchlight", dependencies: ["XapianIndex", "CZstd"], exclude: ["Text/generate-han-variants.py"]),
        // The command-line tool.
        .executableTarget(
            name: "searchlight",
            dependencies: [
                "Searchlight",
                "CMappedReads",
                "CZlib",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // A fixed-address executable: the loader has no relocations to apply to the 30 MB
            // binary (with the Swift runtime linked in) and fewer pages are copied on write, which
            // takes about 1 ms off every one-shot `searchlight search` (Benchmarks/RESULTS.md).
            linkerSettings: [.unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release))]
        ),
        .testTarget(name: "XapianIndexTests", dependencies: ["XapianIndex"]),
        // Mapped reads under a reader, a reopened reader and a reused descriptor. On Linux every test
        // target is linked into one test binary: once this suite turns mapping on, the other suites'
        // reads are mapped too, as in the tool.
        .testTarget(name: "MappedReadsTests", dependencies: ["CMappedReads", "XapianIndex"]),
        // A stock xapian-tcpsrv serving a shard on 127.0.0.1, for the tests of remote shards.
        .target(name: "ShardServer", path: "Tests/ShardServer"),
        .testTarget(name: "SearchlightTests", dependencies: ["Searchlight", "ShardServer"]),
        .testTarget(name: "CLITests", dependencies: ["Searchlight", "ShardServer"]),
    ],
    cxxLanguageStandard: .cxx17
)
