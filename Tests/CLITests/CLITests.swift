import Foundation
import Testing
import XapianIndex

/// Runs the built `searchlight` binary as a user would, in temporary folders.
struct CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = ProcessInfo.processInfo.environment["SEARCHLIGHT_BIN"] ?? packageRoot.appendingPathComponent(".build/debug/searchlight").path
    static let corpus = packageRoot.appendingPathComponent("Corpus").path

    let folder: String

    init() {
        folder = NSTemporaryDirectory() + "searchlight-cli-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    var index: String { folder + "/index" }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed]) }
    }

    @discardableResult
    func run(_ arguments: [String], withIndex: Bool = true) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments + (withIndex ? ["--index", index] : [])
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["SEARCHLIGHT_INDEX"] = nil
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    func count() throws -> Int {
        let stats = try run(["stats", "--json"])
        return (stats.json as? [String: Any])?["documents"] as? Int ?? -1
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }

    /// The corpus lines as parsed objects.
    static func corpusEntities() throws -> [[String: Any]] {
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus).filter { $0.hasSuffix(".jsonl") }.sorted()
        return try files.flatMap { name in
            try String(contentsOfFile: corpus + "/" + name, encoding: .utf8).split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
            }
        }
    }
}

@Suite(.serialized) struct CommandLine {
    @Test func indexingTheCorpusTwiceKeepsTheSameCount() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let first = try cli.run(["index", CLI.corpus, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let entities = try CLI.corpusEntities()
        #expect((first.json as? [String: Any])?["indexed"] as? Int == entities.count)
        #expect(try cli.count() == entities.count)
        #expect(try cli.run(["index", CLI.corpus]).status == 0)
        #expect(try cli.count() == entities.count)
    }

    @Test func aWordInSeveralTypesReturnsThemInOneRankedList() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        for word in ["waterfall", "granite", "glacier", "lake"] {
            let output = try cli.run(["search", "--json", "--limit", "100", word + " "])
            #expect(output.status == 0)
            let json = try #require(output.json as? [String: Any])
            let results = try #require(json["results"] as? [[String: Any]])
            let types = Set(results.compactMap { $0["type"] as? String })
            #expect(types.count >= 2, "\(word): \(types)")
            #expect(results.map { $0["rank"] as? Int } == Array(1...results.count).map { Optional($0) })
            // Ranked by score within each block the hint re-orders (Ranking.rerankBlock, 30).
            let scores = results.compactMap { $0["score"] as? Double }
            #expect(scores.count == results.count)
            for start in stride(from: 0, to: scores.count, by: 30) {
                let block = Array(scores[start..<min(start + 30, scores.count)])
                #expect(block == block.sorted(by: >), "\(word), ranks \(start + 1)…")
            }
            for key in ["rank", "type", "id", "score", "title", "subtitle", "url", "attributes"] {
                #expect(results.first?[key] != nil, "missing \(key)")
            }
        }
    }

    /// A one-shot search means complete words; `--typing` makes its last word a prefix.
    @Test func aOneShotSearchSearchesCompleteWordsAndTypingSearchesPrefixes() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        func ids(_ arguments: [String]) throws -> Set<String> {
            let output = try cli.run(["search", "--json", "--limit", "1000", "--no-snippets"] + arguments)
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
            let results = (output.json as? [String: Any])?["results"] as? [[String: Any]] ?? []
            return Set(results.compactMap { "\($0["type"] ?? ""):\($0["id"] ?? "")" })
        }
        for word in ["lake", "granite", "dome"] {
            #expect(try ids([word]) == (try ids([word + " "])), "\(word)")
            #expect(try ids(["--typing", word]).isSuperset(of: try ids([word])), "\(word)")
        }
        // A prefix alone finds what it begins only while being typed.
        #expect(try ids(["--typing", "gran"]).count > (try ids(["gran"])).count)
    }

    @Test func getReturnsTheEntityAsWritten() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        for entity in try CLI.corpusEntities().shuffled().prefix(8) {
            let reference = "\(entity["type"]!):\(entity["id"]!)"
            let output = try cli.run(["get", "--json", reference])
            #expect(output.status == 0, "\(output.stderr)")
            let got = try #require(output.json as? NSDictionary)
            #expect(got == entity as NSDictionary, "\(reference)")
        }
        let missing = try cli.run(["get", "--json", "trail:no-such-trail"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("trail:no-such-trail"))
    }

    @Test func deleteRemovesExactlyWhatItSays() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        let entities = try CLI.corpusEntities()
        var total = try cli.count()
        let victim = entities[0]
        let one = try cli.run(["delete", "--json", "\(victim["type"]!):\(victim["id"]!)"])
        #expect((one.json as? [String: Any])?["deleted"] as? Int == 1)
        total -= 1
        #expect(try cli.count() == total)

        let domain = try #require(entities.compactMap { $0["domain"] as? String }.first { $0 != victim["domain"] as? String })
        let inDomain = entities.filter { $0["domain"] as? String == domain }.count
        let byDomain = try cli.run(["delete", "--json", "--domain", domain])
        #expect((byDomain.json as? [String: Any])?["deleted"] as? Int == inDomain)
        total -= inDomain
        #expect(try cli.count() == total)

        let type = "collection"
        let ofType = entities.filter { $0["type"] as? String == type && $0["domain"] as? String != domain && !($0 as NSDictionary).isEqual(to: victim) }.count
        let byType = try cli.run(["delete", "--json", "--type", type])
        #expect((byType.json as? [String: Any])?["deleted"] as? Int == ofType)
        #expect(try cli.count() == total - ofType)

        #expect(try cli.run(["delete", "--all"]).stdout.contains("Deleted \(total - ofType) entities"))
        #expect(try cli.count() == 0)
    }

    /// An index whose entities an older build analysed (no text revision recorded) is searched with a
    /// warning on stderr, shown by `stats` and listed by `check`, which still exits 0; emptied and
    /// indexed again, it is current and nothing warns.
    @Test func anIndexAnalysedByAnOlderTextRevisionIsSearchedWithAWarning() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        let writer = try WritableDatabase(path: cli.index, mode: .open)
        try writer.setMetadata("searchlight.textRevision", [])
        try writer.commit()
        try writer.close()

        let search = try cli.run(["search", "--json", "trail"])
        #expect(search.status == 0)
        #expect(((search.json as? [String: Any])?["results"] as? [Any])?.isEmpty == false)
        #expect(search.stderr.contains("warning: index \(cli.index): its entities were analysed by text revision 1"), "\(search.stderr)")
        let stats = try cli.run(["stats", "--json"])
        #expect((stats.json as? [String: Any])?["textRevision"] as? Int == 1)
        let check = try cli.run(["check", "--json"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(((check.json as? [String: Any])?["warnings"] as? [String])?.first?.contains("delete every entity and index them again") == true)

        try cli.run(["delete", "--all"])
        try cli.run(["index", CLI.corpus])
        let fresh = try cli.run(["search", "--json", "trail"])
        #expect(fresh.stderr.isEmpty, "\(fresh.stderr)")
        #expect(((try cli.run(["check", "--json"]).json as? [String: Any])?["warnings"] as? [String])?.isEmpty == true)
    }

    @Test func aMalformedLineFailsWithFileAndLineAndLeavesTheCount() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        let before = try cli.count()
        let copy = cli.folder + "/corpus"
        try FileManager.default.copyItem(atPath: CLI.corpus, toPath: copy)
        let file = copy + "/trails.jsonl"
        var text = try String(contentsOfFile: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        text += (text.hasSuffix("\n") ? "" : "\n") + "{\"type\": \"trail\", \"id\": \"broken\", \"attributes\": {\"name\": \n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let output = try cli.run(["index", copy])
        #expect(output.status == 3)
        #expect(output.stderr.contains("trails.jsonl:\(lines + 1):"), "\(output.stderr)")
        #expect(try cli.count() == before)

        let fresh = CLI()
        defer { fresh.cleanUp() }
        #expect(try fresh.run(["index", copy]).status == 3)
        #expect(try fresh.run(["stats"]).status == 4, "a failed first run must not leave an index behind")
    }

    @Test func flatJSONLinesIndexWithoutASchema() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let file = cli.folder + "/docs.jsonl"
        try """
        {"id": "d1", "title": "Granite climbing guide", "body": "Routes on the big walls"}
        {"id": "d2", "title": "River crossings", "body": "How to ford a cold river safely"}
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let indexed = try cli.run(["index", "--type", "doc", file])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        let search = try cli.run(["search", "--json", "ford"])
        let results = try #require((search.json as? [String: Any])?["results"] as? [[String: Any]])
        #expect(results.map { $0["id"] as? String } == ["d2"])
        #expect(results.first?["title"] as? String == "River crossings")
        #expect(try cli.run(["get", "--json", "doc:d1"]).json as? NSDictionary ==
                ["type": "doc", "id": "d1", "attributes": ["title": "Granite climbing guide", "body": "Routes on the big walls"]] as NSDictionary)
    }

    @Test func propertyFiltersSortsFacetsAndSuggestionsFromTheCommandLine() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        let filtered = try cli.run(["search", "--json", "--limit", "1000", "--where", "rating >= 4.7 && difficulty == easy",
                                    "--sort", "rating:desc", "--facet", "type", ""])
        #expect(filtered.status == 0, "\(filtered.stderr)")
        let json = try #require(filtered.json as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        let expected = try CLI.corpusEntities().filter {
            let attributes = $0["attributes"] as! [String: Any]
            return ((attributes["rating"] as? Double) ?? 0) >= 4.7 && attributes["difficulty"] as? String == "easy"
        }
        #expect(results.count == expected.count)
        let ratings = results.compactMap { ($0["attributes"] as? [String: Any])?["rating"] as? Double }
        #expect(ratings == ratings.sorted(by: >))
        let facets = try #require((json["facets"] as? [String: Any])?["type"] as? [String: Int])
        #expect(facets.values.reduce(0, +) == json["total"] as? Int)

        // The binary carries no ICU (unlike this test process): relative times, case and diacritic folding.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 2
        let now = Date(), today = calendar.startOfDay(for: now)
        let bounds = ["today": today, "yesterday": calendar.date(byAdding: .day, value: -1, to: today)!,
                      "this_week": calendar.dateInterval(of: .weekOfYear, for: now)!.start,
                      "this_month(-30)": calendar.date(byAdding: .month, value: -30, to: calendar.dateInterval(of: .month, for: now)!.start)!,
                      "this_year(-2)": calendar.date(byAdding: .year, value: -2, to: calendar.dateInterval(of: .year, for: now)!.start)!]
        let day = DateFormatter()
        (day.dateFormat, day.timeZone) = ("yyyy-MM-dd", TimeZone(identifier: "UTC"))
        for (time, bound) in bounds {
            let found = try cli.run(["search", "--json", "--limit", "1000", "--where", "updated < $time.\(time)", ""])
            #expect(found.status == 0, "$time.\(time): \(found.stderr)")
            let expected = try CLI.corpusEntities().filter {
                (($0["attributes"] as! [String: Any])["updated"] as? String).flatMap { day.date(from: String($0.prefix(10))) }.map { $0 < bound } ?? false
            }
            #expect((found.json as? [String: Any])?["total"] as? Int == expected.count, "$time.\(time)")
        }
        let folded = try cli.run(["search", "--json", "--limit", "1000", "--where", #"name == "*JOKULL*"cd"#, ""])
        let ids = ((folded.json as? [String: Any])?["results"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
        let jokull = try CLI.corpusEntities().filter {
            (($0["attributes"] as! [String: Any])["name"] as? String)?.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .contains("jokull") ?? false
        }
        #expect(!jokull.isEmpty && Set(ids) == Set(jokull.map { "\($0["id"]!)" }), "\(ids) \(folded.stderr)")
        let stats = try cli.run(["stats", "--json"])
        #expect(((stats.json as? [String: Any])?["sizeBytes"] as? Int ?? 0) > 100_000)

        let broken = try cli.run(["search", "--where", "rating >= && x", ""])
        #expect(broken.status == 3)
        #expect(broken.stderr.contains("column 11"))

        let suggestions = try cli.run(["suggest", "--json", "gla"])
        let completions = try #require((suggestions.json as? [String: Any])?["completions"] as? [[String: Any]])
        #expect(!completions.isEmpty)
        #expect(completions.allSatisfy { ($0["text"] as? String)?.hasPrefix("gla") == true })
        #expect((suggestions.json as? [String: Any])?["entities"] is [[String: Any]])
    }

    @Test func explainAndSynonymsFromTheCommandLine() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        // Every other name in the sample also searches its entity's title, and finds that entity.
        let named = try CLI.corpusEntities().filter { (($0["attributes"] as! [String: Any])["alternateNames"] as? [String])?.isEmpty == false }
        #expect(!named.isEmpty)
        for entity in named.prefix(5) {
            let other = ((entity["attributes"] as! [String: Any])["alternateNames"] as! [String])[0]
            let found = try cli.run(["search", "--json", "--explain", other + " "])
            #expect(found.status == 0, "\(found.stderr)")
            let json = try #require(found.json as? [String: Any])
            let synonyms = try #require(json["synonyms"] as? [String])
            #expect(!synonyms.isEmpty, "\(other)")
            let results = try #require(json["results"] as? [[String: Any]])
            #expect(results.contains { $0["id"] as? String == entity["id"] as? String }, "\(other)")
            for result in results {
                let matched = try #require((result["explain"] as? [String: Any])?["matched"] as? [[String: Any]])
                #expect(matched.allSatisfy { $0["weight"] is Double && $0.keys.contains("expandedFrom") })
            }
        }
    }

    @Test func searchAndBenchLeaveSnippetsOutWhenAsked() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        func snippets(_ options: [String]) throws -> [Any] {
            let output = try cli.run(["search", "--json", "--limit", "20"] + options + ["granite "])
            #expect(output.status == 0, "\(output.stderr)")
            let results = try #require((output.json as? [String: Any])?["results"] as? [[String: Any]])
            #expect(results.count > 1)
            return results.map { $0["snippet"] as Any }
        }
        #expect(try snippets([]).contains { $0 is String })
        #expect(try snippets(["--no-snippets"]).allSatisfy { $0 is NSNull })

        let path = cli.folder + "/search.txt"
        try "granite\nwaterfall lake\n".write(toFile: path, atomically: true, encoding: .utf8)
        let counts = try [[], ["--no-snippets"]].map { options in
            let output = try cli.run(["bench", "--json", "--queries", path] + options)
            #expect(output.status == 0, "\(output.stderr)")
            return (output.json as? [String: Any])?["mean_results"] as? Double
        }
        #expect(counts[0] != nil && counts[0] == counts[1])
    }

    @Test func benchMeasuresEachModeAndNamesTheSlowestQueries() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        let entities = try CLI.corpusEntities()
        let words = ["granite", "waterfall", "lake", "zzzzqqq "]
        let files: [(mode: String, lines: [String])] = [
            ("search", words),
            ("suggest", ["gr", "wat", "l"]),
            ("get", entities.prefix(3).map { "\($0["type"]!):\($0["id"]!)" } + ["trail:no-such-trail"]),
        ]
        for (mode, lines) in files {
            let path = cli.folder + "/\(mode).txt"
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let output = try cli.run(["bench", "--json", "--queries", path, "--mode", mode, "--rounds", "3", "--slowest", "2"])
            #expect(output.status == 0, "\(output.stderr)")
            let report = try #require(output.json as? [String: Any])
            #expect(report["mode"] as? String == mode)
            #expect(report["queries"] as? Int == lines.count * 3)
            let percentiles = ["p50_us", "p95_us", "p99_us", "max_us"].compactMap { report[$0] as? Int }
            #expect(percentiles.count == 4 && percentiles == percentiles.sorted(), "\(report)")
            #expect(report["qps"] as? Double ?? 0 > 0)
            let slowest = try #require(report["slowest"] as? [[String: Any]])
            #expect(slowest.count == 2)
            #expect(slowest.allSatisfy { lines.contains($0["query"] as? String ?? "") })
            let medians = slowest.compactMap { $0["median_us"] as? Int }
            #expect(medians == medians.sorted(by: >) && medians.allSatisfy { $0 <= percentiles[3] })
        }
        // The wall times add up: the timed passes take the sum of their latencies and little more;
        // the two passes fit in the process's own wall time.
        let started = ContinuousClock.now
        let timed = try cli.run(["bench", "--json", "--queries", cli.folder + "/search.txt", "--warmup", "50", "--rounds", "50"])
        let wall = ContinuousClock.now - started
        let figures = try #require(timed.json as? [String: Any])
        let (timedSeconds, warmupSeconds) = (try #require(figures["timed_s"] as? Double), try #require(figures["warmup_s"] as? Double))
        let (queries, qps, mean) = (try #require(figures["queries"] as? Int), try #require(figures["qps"] as? Double),
                                    try #require(figures["mean_us"] as? Double))
        let latencies = Double(queries) * mean / 1e6
        #expect(latencies <= timedSeconds + 0.001 && timedSeconds <= latencies * 1.2 + 0.002, "\(figures)")
        #expect(abs(Double(queries) / qps - timedSeconds) <= 0.002, "\(figures)")
        #expect(warmupSeconds > 0 && timedSeconds + warmupSeconds < Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18)
        let noWarmup = try cli.run(["bench", "--json", "--queries", cli.folder + "/search.txt", "--warmup", "0"])
        #expect((noWarmup.json as? [String: Any])?["warmup_s"] as? Double == 0)

        // One unmatched word in four searches, one missing id in four lookups.
        let search = try cli.run(["bench", "--json", "--queries", cli.folder + "/search.txt"])
        #expect((search.json as? [String: Any])?["zero_result_pct"] as? Double == 25)
        // A filter and exact totals are measured as search runs them: fewer results, the same queries.
        let filtered = try cli.run(["bench", "--json", "--queries", cli.folder + "/search.txt", "--where", "rating > 4.8", "--exact-total"])
        #expect(filtered.status == 0, "\(filtered.stderr)")
        let unfiltered = try #require(search.json as? [String: Any])
        #expect((filtered.json as? [String: Any])?["mean_results"] as? Double ?? 99 < unfiltered["mean_results"] as? Double ?? 0)
        #expect(try cli.run(["bench", "--queries", cli.folder + "/search.txt", "--where", "rating >"]).status == 3)
        let get = try cli.run(["bench", "--json", "--queries", cli.folder + "/get.txt", "--mode", "get"])
        #expect((get.json as? [String: Any])?["mean_results"] as? Double == 0.8)
        let table = try cli.run(["bench", "--queries", cli.folder + "/search.txt", "--slowest", "1"])
        #expect(table.stdout.contains("P50 µs") && table.stdout.contains("SLOWEST QUERY") && table.stdout.contains("Timed passes"))

        try "granite\ntrail\n".write(toFile: cli.folder + "/bad-get.txt", atomically: true, encoding: .utf8)
        let bad = try cli.run(["bench", "--queries", cli.folder + "/bad-get.txt", "--mode", "get"])
        #expect(bad.status == 3)
        #expect(bad.stderr.contains("bad-get.txt:1: 'granite' is not TYPE:ID"))
        #expect(try cli.run(["bench", "--queries", cli.folder + "/nope.txt"]).status == 3)
        #expect(try cli.run(["bench", "--queries", cli.folder + "/search.txt", "--slowest", "-1"]).status == 64)
    }

    @Test func commandsExplainThemselvesAndFailWithMeaningfulCodes() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        for command in ["index", "search", "suggest", "get", "delete", "stats"] {
            let help = try cli.run([command, "--help"], withIndex: false)
            #expect(help.status == 0)
            #expect(help.stdout.contains("--index"))
        }
        let noIndex = try cli.run(["search", "x"])
        #expect(noIndex.status == 4)
        #expect(noIndex.stderr.contains("no index at"))
        let missingInput = try cli.run(["index", cli.folder + "/nope.jsonl"])
        #expect(missingInput.status == 3)
        #expect(missingInput.stderr.contains("nope.jsonl: no such file"))
        #expect(try cli.run(["delete"]).status == 64)
    }
}

@Suite struct Footprint {
    /// Foundation (swift-corelibs-foundation and ICU) would add 50 MB to the static binary and
    /// milliseconds to every one-shot start; the library and the CLI use FoundationEssentials.
    @Test func theLibraryAndTheCLIStayOffFoundation() throws {
        let sources = CLI.packageRoot.appendingPathComponent("Sources").path
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            // `import Foundation`, `@preconcurrency import Foundation`, `import struct Foundation.URL`, and ICU's way back in.
            let modules = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains(" import ") }
                .compactMap { $0.split(separator: " ").last?.split(separator: ".").first }
            #expect(!modules.contains { $0 == "Foundation" || $0 == "FoundationInternationalization" }, "\(file) imports Foundation")
        }
    }
}
