import Foundation
import Searchlight

/// Shared fixtures for the harnesses: the corpus folder, its schema, and a tiny on-disk index.
public enum FuzzSupport {
    /// `Corpus/` of the main package: `$SEARCHLIGHT_CORPUS`, else found from this source file.
    public static let corpus: String = {
        if let path = ProcessInfo.processInfo.environment["SEARCHLIGHT_CORPUS"] { return path }
        // Tests/Fuzz/Sources/FuzzSupport/FuzzSupport.swift -> Corpus/
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Corpus").path
    }()

    public static let schema: Schema = {
        let path = corpus + "/schema.json"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fatalError("cannot read \(path)") }
        do { return try Schema(jsonText: text, source: path) } catch { fatalError("\(error)") }
    }()

    /// A fresh temporary folder (removed at exit is not attempted: it lives under the temp dir).
    public static func temporaryFolder(_ name: String) -> String {
        let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let path = "\(base)/searchlight-fuzz-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// 20 entities from the corpus (8 trails, 7 landmarks, 5 collections) indexed once, read-write.
    public static let tinyIndex: EntityIndex = {
        let folder = temporaryFolder("tiny")
        var lines: [Substring] = []
        for (file, count) in [("trails", 8), ("landmarks", 7), ("collections", 5)] {
            let path = "\(corpus)/\(file).jsonl"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fatalError("cannot read \(path)") }
            lines += text.split(separator: "\n").prefix(count)
        }
        let input = folder + "/tiny.jsonl"
        _ = FileManager.default.createFile(atPath: input, contents: Data(lines.joined(separator: "\n").utf8))
        do {
            let index = try EntityIndex(path: folder + "/index", mode: .readWrite)
            try index.register(schema)
            let report = try JSONLinesIngest(index: index, files: [input], options: .init(schema: schema, skipInvalid: true)).run()
            guard report.indexed > 0 else { fatalError("tiny index is empty: \(report.skipped)") }
            return index
        } catch {
            fatalError("cannot build the tiny index: \(error)")
        }
    }()
}

/// libFuzzer's driver (in libclang_rt.fuzzer, linked by `-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

extension FuzzSupport {
    /// The body of each harness's entry point. SwiftPM links executables on Linux with
    /// `--defsym main=<Target>_main`; with `-parse-as-library` no such symbol is generated, so
    /// each harness defines it with `@_cdecl` and hands control to libFuzzer here.
    public static func runFuzzer(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                                 _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt {
        var argc = argc
        var argv = argv
        return LLVMFuzzerRunDriver(&argc, &argv, callback)
    }
}
