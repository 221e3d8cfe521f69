import Testing
@testable import Searchlight

/// A search that names an entity by its whole title among a few words about it ("pandoc
/// markdown", "vlc media player") finds that entity first among those with every word.
@Suite struct NamedEntities {
    static let schema = try! Schema(jsonText: """
        {"types": [{"name": "package", "display": {"title": "name", "subtitle": "summary"},
          "attributes": [{"key": "name", "kind": "text", "weight": 8}, {"key": "summary", "kind": "text", "weight": 3},
                         {"key": "description", "kind": "text"}]}]}
        """, source: "test")

    static func package(_ name: String, _ summary: String, _ description: String) -> Entity {
        Entity(type: "package", id: .string(name), attributes: ["name": .string(name), "summary": .string(summary), "description": .string(description)])
    }

    static let packages = [
        package("pandoc", "general markup converter",
                "Pandoc converts between markup formats: many variants of Markdown, reStructuredText, HTML, LaTeX and more, with a long list of readers and writers for documents of every kind."),
        package("simplermarkdown", "runs code in a pandoc markdown document", "Runs code blocks in pandoc markdown."),
        package("pampi", "presentations with markdown and pandoc", "Slides from markdown by pandoc."),
        package("markdown-mode", "major mode for markdown", "Edit markdown in Emacs; preview through pandoc."),
        package("pandoc-data", "data files of pandoc", "Templates and data for pandoc."),
        package("bash", "the GNU Bourne Again shell", "Bash is a shell with programmable completion, history and job control."),
        package("bash-completion", "programmable completion for the bash shell", "Completion of commands and arguments in bash."),
        package("vlc", "multimedia player and streamer", "VLC is the VideoLAN project's media player; it plays most formats."),
        package("vlc-data", "common data for the vlc media player", "Icons, translations and skins of the vlc media player."),
        package("mpv", "video player", "A media player for the command line; it plays what vlc plays."),
    ]

    static func ranked(_ index: EntityIndex, _ text: String, typing: Bool = false) throws -> [String] {
        try index.search(typing ? SearchRequest.typed(text) : SearchRequest(text)).results.map(\.entity.id.stringValue)
    }

    /// An index of `packages` in `folder`.
    static func indexed(in folder: TemporaryFolder) throws -> EntityIndex {
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(schema)
        try index.index(packages)
        return index
    }

    @Test func theEntityTheTextNamesComesFirstAmongThoseWithEveryWord() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder)

        #expect(try Self.ranked(index, "pandoc markdown").first == "pandoc")
        #expect(try Self.ranked(index, "markdown pandoc").first == "pandoc")
        #expect(try Self.ranked(index, "vlc media player").first == "vlc")
        // A name of two words among the text's words names it too, and names it before its parts do.
        #expect(try Self.ranked(index, "bash completion programmable").first == "bash-completion")
        // Typed, the words before the one being typed name it.
        #expect(try Self.ranked(index, "pandoc markd", typing: true).first == "pandoc")
    }

    @Test func aNamedEntityWithoutTheOtherWordsIsNotLifted() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder)
        // vlc says nothing of "command": mpv, which has every word, stays first.
        #expect(try Self.ranked(index, "vlc command line").first == "mpv")
    }

    @Test func runsAreTheTextsShorterSpansOfWords() {
        #expect(QueryText("vlc media player", typing: false, stopwords: []).namingRuns
                == ["vlc", "media", "player", "vlc media", "media player"])
        #expect(QueryText("pandoc", typing: false, stopwords: []).namingRuns.isEmpty)
        #expect(QueryText("pandoc mark", typing: true, stopwords: []).namingRuns == ["pandoc"])
        #expect(QueryText("one two three four five six seven", typing: false, stopwords: []).namingRuns.isEmpty)
    }
}
