import Testing
@testable import Searchlight

/// A search that names an entity by its whole title among a few words about it ("pandoc
/// markdown", "vlc media player") finds that entity first among those with every word, and an
/// entity named by the text's rare first word among them ("thunderbird email").
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

    /// An index of `entities` (by default `packages`) in `folder`.
    static func indexed(in folder: TemporaryFolder, _ entities: [Entity] = packages) throws -> EntityIndex {
        let index = try EntityIndex(path: folder.path + "/index", mode: .readWrite)
        try index.register(schema)
        try index.index(entities)
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

    /// After other words, three letters of a word being typed match the words they begin, as
    /// four do alone: the words before narrow what they begin ("gimp ima": image).
    @Test func threeLettersTypedAfterOtherWordsMatchTheWordsTheyBegin() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder, [
            Self.package("gimp", "GNU image manipulation program", "Edits images and photographs."),
            Self.package("gimp-data", "data files for gimp", "Brushes and palettes for gimp."),
            Self.package("ima-evm-utils", "ima signing tools", "Signs files for the ima subsystem; ima keys."),
        ])
        let typed = try Self.ranked(index, "gimp ima", typing: true)
        #expect(typed.first == "gimp", "\(typed)")
        #expect(try Self.ranked(index, "ima", typing: true).first == "ima-evm-utils")
    }

    /// The word being typed names the entity whose whole title it completes, before the entities
    /// whose shorter texts say the word ("pando": pandoc, not pandoc-data).
    @Test func theWordBeingTypedNamesTheTitleItCompletes() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder)
        let typed = try Self.ranked(index, "pando", typing: true)
        #expect(typed.first == "pandoc", "\(typed)")
        #expect(try Self.ranked(index, "bash compl", typing: true).first == "bash-completion")
        #expect(try Self.ranked(index, "simplermark", typing: true).first == "simplermarkdown")
    }

    /// A whole name being typed ranks its entity above the longer names it begins, whose texts say
    /// it too ("tmux": tmux before tmuxinator and tmuxp): the word typed and the words it begins
    /// are one word, weighed once.
    @Test func aWholeNameBeingTypedRanksAboveTheNamesItBegins() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder, Self.packages + [
            Self.package("tmux", "terminal multiplexer", "Runs several terminals in one screen, detached and reattached."),
            Self.package("tmuxinator", "manage tmux sessions", "Creates and manages tmux sessions from tmuxinator projects."),
            Self.package("tmuxp", "tmux session manager", "Loads tmux sessions; tmuxp reads them from YAML."),
            Self.package("tmux-plugins", "plugins for tmux", "Extends tmux with plugins."),
        ])
        let typed = try Self.ranked(index, "tmux", typing: true)
        #expect(typed.first == "tmux", "\(typed)")
        #expect(Set(typed.prefix(4)) == ["tmux", "tmuxinator", "tmuxp", "tmux-plugins"])
    }

    /// A title whose version digits dropped read as the word being typed ("wget2" is "wget" too)
    /// gains the larger of its two boosts, not both: typing "wget" lists wget before wget2.
    @Test func aVersionedTitleDoesNotPassTheTitleTyped() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder, [
            Self.package("wget", "web downloader", "Downloads files from the web, as wget does."),
            Self.package("wget2", "web downloader", "Downloads files from the web, in parallel."),
        ] + (1...19).map { Self.package("tool-\($0)", "network tool \($0)", "Does network things, way \($0).") })
        let typed = try Self.ranked(index, "wget", typing: true)
        #expect(typed.prefix(2) == ["wget", "wget2"], "\(typed)")
    }

    @Test func aNamedEntityWithoutTheOtherWordsIsNotLifted() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder)
        // vlc says nothing of "command": mpv, which has every word, stays first.
        #expect(try Self.ranked(index, "vlc command line").first == "mpv")
    }

    /// Thunderbird's text says "mail"; a dozen add-ons say "thunderbird email", and twenty
    /// clients "email"; "file" is in more entities than "manager".
    static let mailAndFiles = [package("thunderbird", "mail and news client", "Thunderbird reads mail and news, with chat and filters.")]
        + (1...12).map { package("webext-\($0)", "thunderbird email add-on \($0)", "Sorts thunderbird email by rule \($0).") }
        + (1...20).map { package("mailer-\($0)", "email client \($0)", "Reads and sends email, variant \($0).") }
        + [package("file", "recognise the type of data in a file", "Reads the magic numbers at the start of a file."),
           package("pcmanfm", "file manager", "A fast file manager for the desktop."),
           package("nautilus", "file manager of GNOME", "Browse and open every file."),
           package("font-manager", "font manager", "Installs fonts for the desktop.")]
        + (1...4).map { package("copier-\($0)", "copies a file fast", "Copies each file in turn, method \($0).") }

    /// A text's first word, rarer than its others, names an entity by its whole title: that entity
    /// ranks with those that have every word, by the words it has, even without the others, which
    /// describe it in the searcher's words; a common first word names nothing, and `.all` keeps
    /// to every word.
    @Test func theEntityTheFirstRareWordNamesRanksWithThoseWithEveryWord() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder, Self.mailAndFiles)

        // Named, it gains the boost of the whole text's title: the words after its name describe it.
        let mail = try Self.ranked(index, "thunderbird email")
        #expect(mail.first == "thunderbird", "\(mail)")
        #expect(try Self.ranked(index, "thunderbrid email").first == "thunderbird")
        // A word counts as stemmed too: no entity says "emails", 32 say "email".
        #expect(try Self.ranked(index, "thunderbird emails").first == "thunderbird")
        let every = try index.search(SearchRequest("thunderbird email", match: .all, limit: 20)).results.map(\.entity.id.stringValue)
        #expect(every.count == 12 && !every.contains("thunderbird"))
        // "file" is in 7 entities, "manager" in 3: the file managers first, "file" after them.
        let files = try index.search(SearchRequest("file manager", limit: 20)).results.map(\.entity.id.stringValue)
        #expect(Array(files.prefix(2)).sorted() == ["nautilus", "pcmanfm"], "\(files)")
        #expect(try #require(files.firstIndex(of: "file")) > files.firstIndex(of: "font-manager")!)
        // Named last, after words no entity's title begins with, it is named all the same.
        #expect(try Self.ranked(index, "email thunderbird").first == "thunderbird")
    }

    /// Build tools: cmake's own text lacks "build", its companions say "cmake build system", and
    /// "came" and "cake", one slip from "camke" as cmake is, are words of other texts.
    static let buildTools = [package("cmake", "cross-platform make system", "CMake generates native makefiles and workspaces.")]
        + (1...3).map { package("ament-cmake-\($0)", "the cmake build system for ament, part \($0)", "Packages using the cmake build system.") }
        + ["meson", "scons", "ninja-build", "bazel", "waf"].map { package($0, "a build system", "A fast build system for many languages.") }
        + [package("cake-recipes", "recipes for cake", "The cake came out of the oven."),
           package("came-diary", "a diary", "He came home late and wrote it down.")]

    /// A slip read several ways ("camke": cmake, came or cake) names an entity when the text's
    /// other words tell which reading was meant: cmake is in texts with "build" and "system",
    /// came and cake are not.
    @Test func theOtherWordsTellWhichReadingOfASlipNames() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder, Self.buildTools)
        let found = try index.search(SearchRequest("camke build system"))
        #expect(found.correction == "cmake build system")
        #expect(found.results.first?.entity.id.stringValue == "cmake", "\(found.results.map(\.entity.id.stringValue))")
        // Typed right, it is named the same way.
        #expect(try Self.ranked(index, "cmake build system").first == "cmake")
    }

    /// A name of a rare word and a common one ("mariadb server") names its entity when its rare
    /// word is rarer than every other word of the text: mariadb-server's own text lacks "mysql",
    /// which its companions say with every other word.
    @Test func aNameOfARareWordAndACommonOneNames() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder, [
            Self.package("mariadb-server", "mariadb database server binaries", "The MariaDB database server: fast, multi-threaded."),
            Self.package("libdbd-mysql-perl", "perl interface to the mariadb server", "Reaches a mysql or mariadb database server from perl."),
            Self.package("libmariadb-dev", "mariadb database development files", "Headers to build mysql clients of a mariadb server."),
        ]
            + (1...6).map { Self.package("mysql-tool-\($0)", "mysql helper \($0)", "Works with mysql tables, way \($0).") }
            + (1...12).map { Self.package("server-\($0)", "a server \($0)", "Serves requests from a database, kind \($0).") })
        let found = try Self.ranked(index, "mariadb server mysql database")
        #expect(found.first == "mariadb-server", "\(found)")
        // The common word alone names nothing: "server mysql database" lists what has every word.
        #expect(try Self.ranked(index, "server mysql database").first != "mariadb-server")
    }

    /// A name need only be no more common than each word describing it: "cron" is in 6 entities,
    /// "job" and "scheduler" in 11, and cron's own text says neither.
    @Test func aNameAsRareAsTheWordsDescribingItNames() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder, [Self.package("cron", "process scheduling daemon", "Runs commands at set times.")]
            + (1...5).map { Self.package("ruby-cron-\($0)", "cron job scheduler for ruby, part \($0)", "A job scheduler with cron syntax, \($0).") }
            + (1...6).map { Self.package("queue-\($0)", "job scheduler \($0)", "Schedules each job in turn, way \($0).") })
        let found = try Self.ranked(index, "cron job scheduler")
        #expect(found.first == "cron", "\(found)")
    }

    /// A name may end a text when nothing names an entity at its start ("install nginx", "text
    /// editor vim", "mozilla thunderbird", and "kde dolphin", where "kde" is a title but a word of
    /// many entities); a text
    /// that begins with a title that names an entity, or with a slip for one, names that one:
    /// "stops aeolus" seeks the stops for aeolus, though "aeolus" is a title too.
    @Test func aNameEndsATextThatNoTitleBegins() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder, [
            Self.package("nginx", "small and fast web server", "Serves web pages and proxies requests."),
            Self.package("nginx-doc", "documentation for nginx", "Manual pages of nginx."),
            Self.package("stops", "organ stops for aeolus", "The stops of the aeolus organ."),
            Self.package("aeolus", "synthesised pipe organ", "Plays a pipe organ."),
            Self.package("libnxt", "utilities for lego nxt bricks", "Talks to the lego brick."),
            Self.package("lego", "lego bricks", "Plans models of bricks."),
            Self.package("kde", "the kde desktop", "Installs the whole desktop."),
            Self.package("dolphin", "file manager", "Browses folders and files."),
            Self.package("dolphin-share", "kde sharing for dolphin", "Shares folders from dolphin in kde."),
            Self.package("thunderbird", "mail client", "Reads and writes mail."),
            Self.package("webext-reminder", "reminder for mails", "An add-on for mozilla thunderbird that reminds you of mails to answer."),
            Self.package("nss-keys", "reads mozilla keyrings", "Keys of mozilla programs."),
            Self.package("mozilla-scripts", "scripts for mozilla packages", "Helps mozilla package builds."),
        ]
            + (1...6).map { Self.package("tool-\($0)", "install helper \($0)", "Install web server modules with nginx support, and stops them, \($0).") }
            + (1...18).map { Self.package("helper-\($0)", "install helper \($0)", "Install kde programs for aeolus, with lint, way \($0).") })
        #expect(try Self.ranked(index, "install nginx").first == "nginx")
        #expect(try Self.ranked(index, "stops aeolus").first == "stops")
        #expect(try Self.ranked(index, "kde dolphin").first == "dolphin")
        // A name that ends a text need only be as rare as the words before it: a maker's name and
        // its product's are alike.
        let maker = try Self.ranked(index, "mozilla thunderbird")
        #expect(maker.first == "thunderbird", "\(maker)")
        // Named last, it gains only its share of the boost: the words before may describe another
        // entity of that name, which has them all.
        #expect(try Self.ranked(index, "documentation nginx").first == "nginx-doc")
        // A first word read as a slip ("linxt": lint, or libnxt) may be the name the text begins with.
        #expect(try Self.ranked(index, "linxt lego").first == "libnxt")
    }

    /// A name's words count as its title writes them, not by their stem: "calibre" is in one
    /// entity, its stem (with "calibrate", "calibration") in thirteen, and "ebook" in three.
    @Test func aNamesWordsCountAsWritten() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder, [
            Self.package("calibre", "e-book library manager", "Manages an e-book library: it converts formats and syncs readers."),
        ]
            + (1...3).map { Self.package("gir-ebook-\($0)", "ebook data server \($0)", "Introspection for the ebook library, managing address books, way \($0).") }
            + (1...12).map { Self.package("calibrator-\($0)", "calibrates sensors \($0)", "Calibrate and calibration of devices, kind \($0).") }
            + (1...20).map { Self.package("manager-\($0)", "a manager \($0)", "Manager of things, kind \($0).") })
        let found = try Self.ranked(index, "calibre ebook manager")
        #expect(found.first == "calibre", "\(found)")
    }

    /// A name ending a longer text weighs as it would after one word ("build system cmake": the
    /// text is what is sought and what is said of it): cmake, whose own text does not say "build",
    /// comes before the add-ons whose short texts say all three words.
    @Test func aNameEndingALongerTextGainsHalfTheBoost() throws {
        let folder = TemporaryFolder()
        let index = try Self.indexed(in: folder, [
            Self.package("cmake", "cross-platform, open-source make system",
                         "CMake is used to control the software compilation process using simple platform and compiler independent configuration files; it generates native makefiles and workspaces."),
        ]
            + (1...10).map { Self.package("ament-cmake-\($0)", "cmake build system", "cmake build system.") }
            + (1...30).map { Self.package("builder-\($0)", "build helper \($0)", "A build system for things, kind \($0).") }
            + (1...200).map { Self.package("filler-\($0)", "some tool \($0)", "Does a thing with files, kind \($0).") })
        let found = try Self.ranked(index, "build system cmake")
        #expect(found.first == "cmake", "\(found)")
        #expect(found.dropFirst().first?.hasPrefix("ament-cmake-") == true, "\(found)")
    }

    @Test func runsAreTheTextsShorterSpansOfWords() {
        #expect(QueryText("vlc media player", typing: false, stopwords: []).namingRuns
                == ["vlc", "media", "player", "vlc media", "media player"])
        #expect(QueryText("pandoc", typing: false, stopwords: []).namingRuns.isEmpty)
        #expect(QueryText("pandoc mark", typing: true, stopwords: []).namingRuns == ["pandoc"])
        #expect(QueryText("one two three four five six seven", typing: false, stopwords: []).namingRuns.isEmpty)
    }
}

/// A finished word that is a name typed short ("postgres", "node") finds the entity whose whole
/// title it begins by a letter or two, first when that entity is the one most about it, as when
/// the word is typed; a word a title begins by more letters is not its name ("sea": "seahorse").
@Suite struct ShortNames {
    static let packages = [
        NamedEntities.package("postgresql", "object-relational SQL database", "PostgreSQL is a fully featured object-relational database management system."),
        NamedEntities.package("cl-postgres", "client library for PostgreSQL", "The cl-postgres module talks to a postgres server."),
        NamedEntities.package("check-postgres", "monitoring of PostgreSQL databases", "Runs checks against one or more postgres databases."),
        NamedEntities.package("nodejs", "evented I/O for V8 javascript", "Node.js is a platform built on the V8 engine."),
        NamedEntities.package("node-glob", "glob functionality for Node.js", "Match files using patterns, as the node shell does."),
        NamedEntities.package("seahorse", "GNOME front end for GnuPG", "Seahorse manages encryption keys."),
        NamedEntities.package("sea-defender", "missile defence game", "Defend the sea from attack."),
    ]

    @Test func aNameTypedShortFindsTheTitleItBegins() throws {
        let folder = TemporaryFolder()
        let index = try NamedEntities.indexed(in: folder, Self.packages)
        #expect(try NamedEntities.ranked(index, "postgres").first == "postgresql")
        #expect(try NamedEntities.ranked(index, "node").first == "nodejs")
        // A title it begins by more letters is another word, and three letters name nothing short.
        #expect(try !NamedEntities.ranked(index, "seah").contains("seahorse"))
        #expect(try NamedEntities.ranked(index, "sea") == ["sea-defender"])
        // A short word the entities have in another form is no slip: "kart" matches "karts", and is no "kat".
        try index.index([NamedEntities.package("supertuxkart", "3D racing game", "Race karts on ice and sand."),
                         NamedEntities.package("kat", "a file viewer", "Shows what a file holds.")])
        let kart = try index.search(SearchRequest("kart"))
        #expect(kart.results.map(\.entity.id.stringValue) == ["supertuxkart"])
        #expect(kart.correction == nil)
        // Not with typos off, which matches words as typed.
        var exact = SearchRequest("postgres")
        exact.typos = .off
        #expect(try !index.search(exact).results.map(\.entity.id.stringValue).contains("postgresql"))
    }
}
