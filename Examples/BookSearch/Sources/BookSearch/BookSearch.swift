import Foundation
import Searchlight

/// Indexes a few books and their authors, in German, French, Chinese and English, into a fresh index
/// in a temporary folder, searches it, and prints what it found. Exits with status 1 when a search
/// does not find the entity it should, so that `make test` can run it as a check of the library's
/// public API from outside the package.
///
/// ```
/// $ swift run BookSearch
/// Tragödie  (1 found)
///   1. Faust. Der Tragödie erster Teil — Johann Wolfgang von Goethe  book:faust
/// ...
/// ```
@main
struct BookSearch {
    /// Two entity types: books, and the authors they reference.
    static let schema = Schema(types: [
        EntityType(
            name: "book", language: "none", display: DisplayTemplate(title: "title", subtitle: "author"),
            attributes: [
                AttributeKey("title", kind: .text, weight: 5),
                AttributeKey("author", kind: .text, weight: 3),
                AttributeKey("summary", kind: .text),
                AttributeKey("year", kind: .integer),
            ]),
        EntityType(
            name: "author", language: "none", display: DisplayTemplate(title: "name", subtitle: "country"),
            attributes: [
                AttributeKey("name", kind: .text, weight: 5),
                AttributeKey("country", kind: .text, weight: 2),
            ]),
    ])

    /// The entities indexed: titles and summaries with accents, umlauts and Chinese characters.
    static let entities: [Entity] = [
        book("der-zauberberg", "Der Zauberberg", by: "Thomas Mann", 1924,
             "Hans Castorp besucht seinen Vetter in einem Sanatorium in Davos und bleibt sieben Jahre."),
        book("faust", "Faust. Der Tragödie erster Teil", by: "Johann Wolfgang von Goethe", 1808,
             "Der Gelehrte Heinrich Faust schließt einen Pakt mit Mephisto."),
        book("l-etranger", "L'Étranger", by: "Albert Camus", 1942,
             "Meursault, un employé de bureau à Alger, apprend la mort de sa mère."),
        book("a-la-recherche", "À la recherche du temps perdu", by: "Marcel Proust", 1913,
             "Le narrateur se souvient de son enfance à Combray, le goût d'une madeleine trempée dans le thé."),
        book("san-ti", "三体", by: "刘慈欣", 2008,
             "文化大革命 期间 的 一个 秘密 军事 项目 向 宇宙 发出 信号"),
        Entity(type: "author", id: "camus", attributes: ["name": "Albert Camus", "country": "Algérie, France"]),
        Entity(type: "author", id: "liu-cixin", attributes: ["name": "刘慈欣", "country": "中国"]),
    ]

    /// Searches, each with the entity that must be among its first results. Words match as they are
    /// written, accents included ("Tragödie", not "Tragodie"); Chinese text is indexed in the
    /// space-separated words it is given, so "三体" is one word.
    static let checks: [(query: String, expected: EntityReference)] = [
        ("Tragödie", EntityReference(type: "book", id: "faust")),
        ("Zauberberg Davos", EntityReference(type: "book", id: "der-zauberberg")),
        ("mère employé", EntityReference(type: "book", id: "l-etranger")),
        ("madeleine Combray", EntityReference(type: "book", id: "a-la-recherche")),
        ("Camus", EntityReference(type: "author", id: "camus")),
        ("三体", EntityReference(type: "book", id: "san-ti")),
        ("刘慈欣", EntityReference(type: "author", id: "liu-cixin")),
    ]

    static func book(_ id: String, _ title: String, by author: String, _ year: Int, _ summary: String) -> Entity {
        Entity(type: "book", id: .string(id),
               attributes: ["title": .string(title), "author": .string(author), "summary": .string(summary), "year": .int(year)])
    }

    static func main() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("booksearch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }

        let index = try EntityIndex(path: folder.path, mode: .readWrite)
        try index.register(schema)
        try index.index(entities)  // one atomic batch

        var missing: [String] = []
        for (query, expected) in checks {
            let found = try index.search(SearchRequest(query, limit: 3))
            print("\(query)  (\(found.total) found)")
            for result in found.results {
                let display = result.displayRepresentation
                print("  \(result.rank). \(display.title)\(display.subtitle.map { " — \($0)" } ?? "")  \(result.entity.reference)")
            }
            if !found.results.contains(where: { $0.entity.reference == expected }) { missing.append("\(query): no \(expected)") }
        }
        guard missing.isEmpty else {
            // On stdout, after the results it is about (stderr would overtake them through a pipe).
            print("BookSearch: FAILED, not found: " + missing.joined(separator: "; "))
            exit(1)
        }
        print("BookSearch: every search found its entity")
    }
}
