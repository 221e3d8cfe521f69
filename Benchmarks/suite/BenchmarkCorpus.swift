import Foundation
import Searchlight

/// A corpus the suite indexes and queries: its JSON Lines files, its schema and its query lists.
///
/// ```swift
/// let corpus = BenchmarkCorpus.sample
/// let index = try corpus.ingest(into: folder)
/// ```
struct BenchmarkCorpus: Sendable {
    /// What a benchmark name starts with ("sample", "debian-x1").
    let name: String
    let schemaPath: String
    let files: [String]
    /// One query per line, as `searchlight bench --mode search` reads them.
    let searchQueries: [String]
    /// Typed prefixes, as `--mode suggest` reads them.
    let prefixes: [String]
    /// TYPE:ID lines, as `--mode get` reads them.
    let references: [String]
    /// Where the queried index is kept between runs; nil builds it in a temporary folder each run.
    let cachedIndexPath: String?

    /// The folder holding Package.swift (Benchmarks/), found from this file so the suite runs from any
    /// working directory.
    static let packageFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path

    /// The bundled corpus (Corpus/: 325 trails, landmarks and collections) with fixed query lists:
    /// small enough that the whole suite runs in a minute or two anywhere.
    static var sample: BenchmarkCorpus {
        let folder = packageFolder + "/../Corpus"
        return BenchmarkCorpus(
            name: "sample",
            schemaPath: folder + "/schema.json",
            files: ["collections", "landmarks", "trails"].map { folder + "/\($0).jsonl" },
            searchQueries: SampleQueries.search,
            prefixes: SampleQueries.prefixes,
            references: SampleQueries.references,
            cachedIndexPath: nil
        )
    }

    /// A corpus built by Corpus/debian/build.py into Benchmarks/work/corpus/NAME, with the query files
    /// Benchmarks/queries/generate.py wrote into Benchmarks/work/queries-NAME (run.py makes both). Its
    /// index is built once and kept in Benchmarks/work/suite-index-NAME.
    static func generated(_ name: String) throws -> BenchmarkCorpus {
        let work = packageFolder + "/work"
        let folder = work + "/corpus/" + name
        let queries = work + "/queries-" + name
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".jsonl") }
            .sorted()
            .map { folder + "/" + $0 }
        guard !files.isEmpty else { throw SuiteError("\(folder) holds no .jsonl files (build it with Corpus/debian/build.py)") }
        return BenchmarkCorpus(
            name: name,
            schemaPath: folder + "/schema.json",
            files: files,
            searchQueries: try lines(of: queries + "/search.txt"),
            prefixes: try lines(of: queries + "/prefix.txt"),
            references: try lines(of: queries + "/ids.txt"),
            cachedIndexPath: work + "/suite-index-" + name
        )
    }

    /// Indexes the corpus into `folder` the way `searchlight index --schema FILE FILES…` does, and
    /// returns the writer (dropping it commits nothing more and releases the write lock).
    @discardableResult
    func ingest(into folder: String, schemaText: String) throws -> (index: EntityIndex, report: JSONLinesIngest.Report) {
        let schema = try Schema(jsonText: schemaText, source: schemaPath)
        let index = try EntityIndex(path: folder, mode: .readWrite)
        let report = try JSONLinesIngest(index: index, files: files, options: .init(schema: schema)).run()
        return (index, report)
    }

    func schemaText() throws -> String {
        guard let text = try? String(contentsOfFile: schemaPath, encoding: .utf8) else { throw SuiteError("cannot read \(schemaPath)") }
        return text
    }

    /// The index the query benchmarks read, opened read-only as `searchlight bench` opens it: the cached
    /// one when it is complete and newer than every corpus file, else one built now.
    func queriedIndex() throws -> QueriedIndex {
        let files = FileManager.default
        guard let cachedIndexPath else {
            let folder = temporaryIndexFolder()
            try ingest(into: folder, schemaText: schemaText())
            return QueriedIndex(index: try EntityIndex(path: folder, mode: .readOnly), removingOnRelease: folder)
        }
        let stamp = cachedIndexPath + "/.suite-complete"
        let built = (try? files.attributesOfItem(atPath: stamp)[.modificationDate] as? Date) ?? .distantPast
        let changed = try (self.files + [schemaPath]).contains { path in
            (try files.attributesOfItem(atPath: path)[.modificationDate] as? Date ?? .distantFuture) > built
        }
        if changed || (try? EntityIndex(path: cachedIndexPath, mode: .readOnly)) == nil {
            try? files.removeItem(atPath: cachedIndexPath)
            print("Indexing \(name) into \(cachedIndexPath) (once; kept for later runs)")
            let (_, report) = try ingest(into: cachedIndexPath, schemaText: schemaText())
            print("Indexed \(report.indexed) entities in \(String(format: "%.1f", report.seconds)) s")
            _ = files.createFile(atPath: stamp, contents: nil)
        }
        return QueriedIndex(index: try EntityIndex(path: cachedIndexPath, mode: .readOnly), removingOnRelease: nil)
    }

    /// The non-empty lines of a query file.
    private static func lines(of path: String) throws -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SuiteError("cannot read \(path) (Benchmarks/run.py writes the query files)")
        }
        let lines = text.split(separator: "\n").map(String.init)
        guard !lines.isEmpty else { throw SuiteError("\(path) holds no queries") }
        return lines
    }
}

/// An index opened read-only for the query benchmarks; a temporary one is deleted by `release()`.
final class QueriedIndex: @unchecked Sendable {
    private(set) var index: EntityIndex?
    private let temporaryFolder: String?

    init(index: EntityIndex, removingOnRelease temporaryFolder: String?) {
        self.index = index
        self.temporaryFolder = temporaryFolder
    }

    func release() {
        index = nil
        if let temporaryFolder { try? FileManager.default.removeItem(atPath: temporaryFolder) }
    }
}

/// A new folder name under the system's temporary folder; the index creates the folder.
func temporaryIndexFolder() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("searchlight-bench-\(UUID().uuidString)").path
}

struct SuiteError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
