import Foundation
import Testing

/// Command-line options: every value is used as given or refused as a usage error (exit 64).
@Suite struct Options {
    /// Each numeric option with values out of its range, or negative (read as the value, not as a flag).
    static let outOfRange: [(arguments: [String], message: String)] = [
        (["search", "--offset", "4294967296", "python"], "--offset 4294967296 is out of range: it must be between 0 and 1000000000"),
        (["search", "--offset", "-1", "python"], "--offset -1 is out of range"),
        (["search", "--limit", "-1", "python"], "--limit -1 is out of range: it must be between 0 and 10000"),
        (["search", "--limit", "10001", "python"], "--limit 10001 is out of range"),
        (["suggest", "--limit", "-3", "py"], "--limit -3 is out of range: it must be between 1 and 100"),
        (["suggest", "--limit", "0", "py"], "--limit 0 is out of range"),
        (["index", "--batch-size", "-1", "x.jsonl"], "--batch-size -1 is out of range: it must be between 1 and 1000000"),
        (["index", "--batch-size", "0", "x.jsonl"], "--batch-size 0 is out of range"),
        (["index", "--wait", "-1", "x.jsonl"], "--wait -1 is out of range: it must be between 0 and 86400 seconds"),
        (["delete", "--all", "--wait", "1e300"], "--wait 1e+300 is out of range"),
        (["compact", "--wait", "nan"], "--wait nan is out of range"),
        (["bench", "--queries", "q.txt", "--limit", "-1"], "--limit -1 is out of range: it must be between 1 and 10000"),
        (["bench", "--queries", "q.txt", "--warmup", "-1"], "--warmup -1 is out of range: it must be between 0 and 1000"),
        (["bench", "--queries", "q.txt", "--rounds", "9223372036854775807"], "--rounds 9223372036854775807 is out of range"),
        (["bench", "--queries", "q.txt", "--slowest", "-2"], "--slowest -2 is out of range: it must be between 0 and 10000"),
    ]

    @Test(arguments: 0..<outOfRange.count)
    func aNumericOptionOutOfRangeIsAUsageError(_ which: Int) throws {
        let (arguments, message) = Self.outOfRange[which]
        let cli = CLI()
        defer { cli.cleanUp() }
        let output = try cli.run(arguments)
        #expect(output.status == 64, "\(arguments): \(output.stderr)")
        #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        #expect(!output.stderr.contains("Missing value"), "\(arguments): \(output.stderr)")
    }

    /// ArgumentParser kept the last of a repeated single-value option; each is now a usage error.
    static let repeated: [[String]] = [
        ["search", "--index", "a", "--index", "b", "x"],
        ["search", "--limit", "1", "--limit", "2", "x"],
        ["search", "--offset", "1", "--offset", "2", "x"],
        ["search", "--match", "all", "--match", "any", "x"],
        ["search", "--fields", "a", "--fields", "b", "x"],
        ["suggest", "--limit", "1", "--limit", "2", "x"],
        ["index", "--schema", "a", "--schema", "b", "x.jsonl"],
        ["index", "--type", "a", "--type", "b", "x.jsonl"],
        ["index", "--batch-size", "1", "--batch-size", "2", "x.jsonl"],
        ["index", "--wait", "1", "--wait", "2", "x.jsonl"],
        ["get", "--all", "trail", "--all", "landmark"],
        ["get", "--enum", "a", "--enum", "b"],
        ["delete", "--type", "a", "--type", "b"],
        ["delete", "--domain", "a", "--domain", "b"],
        ["compact", "--wait", "1", "--wait", "2"],
        ["stats", "--index", "a", "--index", "b"],
        ["bench", "--queries", "a", "--queries", "b"],
        ["bench", "--queries", "a", "--rounds", "1", "--rounds", "2"],
        ["bench", "--queries", "a", "--mode", "get", "--mode", "search"],
    ]

    @Test(arguments: 0..<repeated.count)
    func aSingleValueOptionGivenTwiceIsAUsageError(_ which: Int) throws {
        let arguments = Self.repeated[which]
        let cli = CLI()
        defer { cli.cleanUp() }
        let output = try cli.run(arguments, withIndex: false)
        let option = arguments.first { name in name.hasPrefix("--") && arguments.filter { $0 == name }.count == 2 }!
        #expect(output.status == 64, "\(arguments): \(output.stderr)")
        #expect(output.stderr.contains("\(option) was given 2 times; give it once"), "\(arguments): \(output.stderr)")
    }

    @Test func repeatedWhereFiltersMustAllHold() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        func ids(_ arguments: [String]) throws -> [String] {
            let output = try cli.run(["search", "--json", "--limit", "1000"] + arguments + [""])
            #expect(output.status == 0, "\(output.stderr)")
            return (((output.json as? [String: Any])?["results"] as? [[String: Any]]) ?? []).map { "\($0["type"] ?? ""):\($0["id"] ?? "")" }.sorted()
        }
        let both = try ids(["--where", "rating >= 4.5", "--where", "difficulty == easy"])
        #expect(both == (try ids(["--where", "rating >= 4.5 && difficulty == easy"])))
        #expect(!both.isEmpty)
        #expect(both.count < (try ids(["--where", "difficulty == easy"])).count)
        #expect(both.count < (try ids(["--where", "rating >= 4.5"])).count)
        let help = try cli.run(["search", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(repeatable: every filter must hold)"))
    }

    @Test(arguments: [["index", "--index", "", "x.jsonl"], ["search", "--index", "", "x"], ["stats", "--index", ""]])
    func anEmptyIndexPathIsAUsageError(arguments: [String]) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let output = try cli.run(arguments, withIndex: false)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("--index is empty: give the index folder's path"), "\(output.stderr)")
    }

    @Test func theLargestOffsetIsAnEmptyPage() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        let output = try cli.run(["search", "--json", "--offset", "1000000000", "--limit", "10000", "granite"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(((output.json as? [String: Any])?["results"] as? [Any])?.isEmpty == true)
    }
}

/// A word that begins with one dash is no option: it is refused with the way to search for it.
@Suite struct DashWords {
    @Test(arguments: ["-wireshrak", "-java", "-wiresrak"])
    func aDashWordBeforeTheQueryIsAUsageErrorThatSaysHowToSearchIt(word: String) throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        let refused = try cli.run(["search", word])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("Unknown option '\(word)'"), "\(refused.stderr)")
        #expect(refused.stderr.contains("(searchlight search -- \(word))"), "\(refused.stderr)")
        #expect(!refused.stdout.contains("OVERVIEW"), "the help is not printed: \(refused.stdout)")
        let searched = try cli.run(["search", "--index", cli.index, "--json", "--", word], withIndex: false)
        #expect(searched.status == 0, "\(searched.stderr)")
    }

    @Test func theWayToSearchItIsQuotedForTheShellAndNamesTheCommand() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let refused = try cli.run(["suggest", "-wireshrak it's"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains(#"(searchlight suggest -- '-wireshrak it'\''s')"#), "\(refused.stderr)")
    }

    @Test func negativeNumbersStayValuesAndQueries() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        try cli.run(["index", CLI.corpus])
        #expect(try cli.run(["search", "--limit", "-1", "x"]).stderr.contains("--limit -1 is out of range"))
        #expect(try cli.run(["search", "--index", cli.index, "--json", "--", "-12"], withIndex: false).status == 0)
    }
}
