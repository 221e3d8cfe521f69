import FoundationEssentials
import Glibc
import XapianIndex

/// Ranking defaults, chosen on principle and measured on the CISI collection (Benchmarks/RESULTS.md).
enum Ranking {
    /// BM25's standard k1 (Robertson et al.), rather than Xapian's 1. Its b, 0.75, is applied when
    /// documents are written (`LengthNormalization`).
    static let k1 = 1.2

    /// Sets BM25 on `enquire` for wdfs normalised at write time: b 0, and k1 in the wdf's units;
    /// likewise the feedback's expansion weighting, whose k is 1 in plain wdfs.
    static func weigh(_ enquire: Enquire) {
        enquire.setBM25(k1: k1 * LengthNormalization.scale, b: 0)
        enquire.setTradExpansion(k: LengthNormalization.scale)
    }

    /// `query` weighted in BM25's own units: Xapian multiplies every term's weight by k1 + 1, so
    /// with k1 in wdf units this divides that back out (scores, hint boosts and explanations stay
    /// those of plain BM25).
    static func inBM25Units(_ query: Query) throws(XapianError) -> Query {
        try query.scaled(by: (k1 + 1) / (k1 * LengthNormalization.scale + 1))
    }

    /// Verbose, question-like queries (this many words or more) are expanded by pseudo-relevance
    /// feedback; short queries are names and keywords, where expansion mostly adds noise and latency.
    static let expansionMinimumWords = 5
    static let feedbackDocuments = 5
    /// The size of the feedback term set. The query's own (stemmed) words compete for it, as in
    /// Rocchio's and RM3's feedback models: a typed word common in the feedback documents is counted
    /// again, so the words the top documents confirm outweigh the incidental ones of a verbose query.
    static let expansionTerms = 20
    /// How much the feedback terms count against the words typed.
    static let expansionWeight = 0.5
    /// Feedback re-ranks the query's best `feedbackPool` matches (the others follow in the query's
    /// own order): see `feedback(for:enquire:matches:)`.
    static let feedbackPool = 200

    /// The most the ranking hint adds to a score (at the index's highest hint), in BM25 units:
    /// enough to order near-equal matches by popularity, too little to lift a weak match. Debian's
    /// known items, 1 → 2: three sweeps of queries written from memory +0.004 to +0.009 MRR@10,
    /// the named sets equal or better (a family's package by its word, `--family`, 0.883 → 0.953);
    /// 2 → 4: two more sweeps +0.013 and +0.022 (needs in plain words, developers' libraries), the
    /// named sets equal or better; 6 loses `--family` and `--joined`.
    static let hintBoost = 4.0
    /// The most the ranking hint adds while the text is one word being typed: a name being typed,
    /// as into an app launcher, where the popular of the titles it begins is the likelier
    /// ("chrom": chromium before chromhmm; "postg": postgresql before postgis). Measured on the
    /// named known items typed as prefixes (Benchmarks/eval/named_items.py --typed-prefix):
    /// packages among the 3,000 most popular gain about 0.008 MRR@10 at 3 (0.012 at 4), the next
    /// 12,000 lose about 0.002 (0.005 at 4). Kept at 3 when `hintBoost` went to 4, for those.
    static let typedWordHintBoost = 3.0
    /// How much an entity whose whole title is the query text, or a run of its words, gains (times
    /// its title term's BM25).
    static let wholeTitleBoost = 1.0
    /// The share of `wholeTitleBoost` an entity gains whose whole title completes the word being
    /// typed: less than the title typed whole, which the typist may be about to finish.
    static let completionShare = 0.5
    /// The fewest letters of a one-word text that may be a name typed short (`QueryText.shortNames`):
    /// "node", "rust"; not "sea", which begins "seahorse".
    static let shortestShortName = 4
    /// The most letters a name typed short leaves off (`QueryText.shortNames`): "postgres" of
    /// "postgresql", "node" of "nodejs", "rust" of "rustc"; not "mongo" of "mongoose" (a web
    /// server) nor "borg" of "borgbackup", whose longer endings make other words.
    static let shortNameTail = 2

    /// The least share of `wholeTitleBoost` an entity gains whose whole title ends the text and
    /// is its name (`QueryText.names` with `namesEndText`): such a text is two parts, what is
    /// sought and what is said of it ("video converter ffmpeg", "job scheduler cron"), so the name
    /// weighs as it would after one word. Not the whole boost of a name that begins the text: the
    /// words before a name are often what the sought entity is to it ("data files for kstars").
    static let endNameShare = 0.5
    /// The longest run of a query's words that may name an entity by its whole title, beside the
    /// whole text (`QueryText.namingRuns`): names of one to three words.
    static let longestNamingRun = 3
    /// The longest text whose runs of words may name an entity: a name and a few words about it
    /// ("vlc media player"); questions and descriptions name what they seek otherwise. Up to six
    /// words named no better on the named known items (Benchmarks/eval/named_items.py) and cost
    /// the five- to seven-word searches of debian-x1's long.txt 3 % at p50 (none with four): a
    /// boost term an entity has raises the tier's weight bound, which Xapian prunes by.
    static let longestNamingText = 4

    /// Relevance results are re-ranked with the hint in blocks of this many matches in weight order
    /// (a first page of 10 is the best 30 re-ranked): a bounded boost lifts an entity past
    /// near-equal ones of its block, never out of it, so every page size and offset cuts the same
    /// order; reading the hint of every candidate inside the match (a posting source) costs two to
    /// three times the query.
    static let rerankBlock = 30

    /// What one unit of the stored hint (log(1 + hint)) adds to a score, so that the index's
    /// highest hint adds `hintBoost`; nil when no entity has a hint.
    static func hintWeight(database: Database) throws(XapianError) -> Double? {
        guard let bound = try database.valueUpperBound(slot: IndexFormat.Slot.rankingHint).map(Sortable.unserialise), bound > 0 else { return nil }
        return hintBoost / bound
    }

    /// How much a query counts as typed (accents, and German capitals), beside its folded and
    /// stemmed form (see `Searcher.typedFormBoost`): as much, so an entity with the spellings typed
    /// scores on both. Measured with weights 0.5, 1 and 2 on XQuAD: Vietnamese, whose accents tell
    /// words apart, gains most at 2, Turkish loses from 2 on.
    static let typedFormWeight = 1.0

    /// The weight, in an index that mixes languages, of a query's parse in a language whose function
    /// words it uses less than another's (`Searcher.languageWeights`).
    static let otherLanguageWeight = 0.5
    /// The same, when the query is written in a script of one language's own (`Language.scriptRuns`:
    /// Thai, Chinese, Arabic, Greek, …) and no other language counts as many hits: letters say
    /// more surely than function words, which languages share ("a", "de", "la"), what language a
    /// query is in, and the Latin names and numbers of a Thai question matched other languages'
    /// passages at half weight. XQuAD's mixed index: th 0.9514 → 0.9565, zh 0.9539 → 0.9552, the
    /// others unchanged (the same at a tenth); Debian's translated descriptions' mixed index unchanged.
    static let otherScriptWeight = 0.25

    /// The weight of each n-gram a query's text in a script written without spaces is searched by
    /// (`TextAnalyzer.isUnspaced`): Thai's triples, Chinese and Japanese characters and pairs. A
    /// word of n letters is n − 2 triples, or 2n − 1 characters and pairs, and those spanning its
    /// neighbours add more: about four terms per word, against one per word of a script with
    /// spaces. At a quarter, a word weighs about as much as a Latin or numeric word beside it
    /// ("DECnet เฟส 2 มีการเปลี่ยนแปลงอย่างไร" ranks the passage naming DECnet, not those
    /// repeating "การเปลี่ยนแปลง"). A query of such text alone keeps the order of its matches, but
    /// for fixed boosts (the ranking hint, whole titles), which weigh relatively more.
    /// XQuAD MRR@10: th 0.957 → 0.963, zh 0.947 → 0.955 (th 0.963 from 1/8 to 1/3, 0.961 at 1/2).
    static let unspacedGramWeight = 0.25

    /// The weight of each letter trigram of a query's words (`Searcher.trigrams`), in the languages
    /// that match them (`Language.matchesTrigrams`): a quarter, as the n-grams of scripts without
    /// spaces weigh, so that a word of six letters (four trigrams) found only by its letters weighs
    /// about as much as a word found whole. XQuAD's Arabic questions, MRR@10: 0.9286 with none,
    /// 0.9374 at a tenth, 0.9428 at a quarter, 0.9415 at a half.
    static let trigramWeight = 0.25
    /// The most letter trigrams a query searches, its rarest (`QueryText.trigrams`): each is a
    /// posting list the matcher reads beside the words'. Debian's German descriptions, p50 and p99
    /// of `bench --mode search` without trigrams 0.67 and 2.0 ms; with all of them 2.6 and 15.9 ms
    /// (MRR@10 XQuAD ar 0.9416, de 0.9490, ru 0.9526); with the 16 rarest of those in at most a
    /// fifth, 0.3 or half of the entities (`commonTrigramShare`), 1.24, 1.33 and 1.49 ms, p99 3.3,
    /// 3.5 and 4.2 ms (XQuAD ro 0.9587, 0.9602; Debian's Spanish descriptions 0.9642, 0.9712,
    /// 0.9736): 0.3 is the most that keeps searches within twice their time.
    static let trigramLimit = 16
    /// The share of the entities a trigram may be in and still rank them: one in more says
    /// little of a word (BM25 weighs it near nothing) and costs the longest posting lists.
    static let commonTrigramShare = 0.3
    /// How many of a query's trigrams are looked up at most, the first words' (a text of a
    /// thousand words has thousands).
    static let trigramScanLimit = 256

    /// The weight of the compounds a query's words begin and of the last parts of those that are
    /// compounds, in a language that joins compounds (`QueryText.compounds`), as one word that any
    /// of them spells: half, since a compound is about its last part more than its first, and its
    /// last part is more than the compound. XQuAD's German questions: MRR@10 0.931 → 0.935 with the
    /// compounds begun, 0.936 with the last parts too.
    static let compoundWeight = 0.5

    /// The whole-title terms of `texts` (the query, its other spellings, and its spelling with rare
    /// words corrected; or runs of its words and their other spellings), ORed: an entity whose
    /// title is exactly one of them gains its weight, times `share` (of the query's words that the
    /// texts hold).
    ///
    /// ```swift
    /// let boost = try Ranking.wholeTitleBoost(texts: ["vlc"], share: 1.0 / 3)   // of "vlc media player"
    /// ```
    static func wholeTitleBoost(texts: [String], share: Double = 1) throws(XapianError) -> Query? {
        let terms = Set(texts.map(IndexTerms.wholeTitle)).filter {
            $0.count > IndexTerms.wholeTitlePrefix.count && $0.utf8.count <= IndexTerms.maximumTermBytes
        }
        guard !terms.isEmpty else { return nil }
        let queries = terms.sorted().map { Query.term($0) }
        return try (queries.count == 1 ? queries[0] : Query.combine(.or, queries)).scaled(by: wholeTitleBoost * share)
    }

    /// The hint boost of each match that can still reach the page ending at `pageEnd`; the
    /// candidates after them, whose weight trails the page's last weight by more than the largest
    /// boost (`largestBoost`, what `hintWeight` makes of the index's highest hint), cannot pass it
    /// (ties keep the weight order) and are left out unread. The reader keeps
    /// the hints it reads (`Database.numbers`), so a long-lived one soon reads none from disk.
    static func hintBoosts(_ matches: [MatchSet.Match], pageEnd: Int, hintWeight: Double, largestBoost: Double,
                           database: Database) throws(XapianError) -> [Double] {
        var reachable = matches.count
        if matches.count > pageEnd, pageEnd > 0 {
            // A hair over the largest boost: hintWeight × the top hint may round above it.
            let floor = matches[pageEnd - 1].weight - largestBoost * (1 + 1e-9)
            reachable = pageEnd
            while reachable < matches.count, matches[reachable].weight > floor { reachable += 1 }
        }
        guard database.hasRemoteShards else {
            return try database.numbers(slot: IndexFormat.Slot.rankingHint, docids: matches.prefix(reachable).map(\.docid)).map { hintWeight * $0 }
        }
        // A remote shard serves a value stream document by document: read the hints from the match's
        // documents, which it keeps for the results they become (one round trip each, not two).
        return try matches.prefix(reachable).map { (match) throws(XapianError) in
            let hint = try match.value(slot: IndexFormat.Slot.rankingHint)
            return hint.isEmpty ? 0 : hintWeight * Sortable.unserialise(hint)
        }
    }

    /// The ranking hint as stored for boosting and ordering: log(1 + hint), so that long-tailed
    /// hints (counts, popularity) still separate the common middle; negative hints count as 0.
    static func hintScale(_ hint: Double) -> Double { log1p(max(0, hint)) }


    /// Pseudo-relevance feedback for `query`: its matches as two tiers, its best `feedbackPool`
    /// re-ranked, then the others in its own order; and how many documents it matches. nil when too
    /// few match to learn from.
    ///
    /// The best terms of the top `feedbackDocuments` matches (the query's own words among them)
    /// re-weigh the pool, `query AND_MAYBE (terms × expansionWeight)` restricted to it: a page
    /// rarely reads past the pool, and scoring it alone is a skip through each term's postings to
    /// its documents, where matching the expansion over the whole index read every posting of
    /// common feedback words (four- to seven-word searches on debian-x1: p50 1.2 → 0.77 ms, p99
    /// 7.2 → 1.85 ms with a pool of 100). The pool is the same for every page, so pages follow on
    /// from each other.
    /// `matches(query, count)` runs the query with the search's filters and returns its best `count`.
    ///
    /// ```swift
    /// if let feedback = try Ranking.feedback(for: anyWords, enquire: enquire, matches: run) {
    ///     tiers = [feedback.pool, feedback.rest]   // the pool rescored, then the others
    /// }
    /// ```
    static func feedback(for query: Query, enquire: Enquire,
                         matches: (Query, Int) throws(XapianError) -> MatchSet) throws(XapianError) -> (pool: Query, rest: Query, total: Int)? {
        let pool = try matches(query, feedbackPool)
        guard pool.count >= 3 else { return nil }
        let terms = try enquire.expansionTerms(from: pool.prefix(feedbackDocuments).map(\.docid), maxTerms: expansionTerms,
                                               includingQueryTerms: true)
        guard !terms.isEmpty else { return nil }
        let expansion = try Query.combine(.or, terms.map { Query.term($0.term) }).scaled(by: expansionWeight)
        let members = try EntitySet.query(of: Array(pool), in: enquire.database)
        return (try Query.combine(.andMaybe, [Query.combine(.filter, [query, members]), expansion]),
                try Query.combine(.andNot, [query, members]), pool.estimatedTotal)
    }
}
