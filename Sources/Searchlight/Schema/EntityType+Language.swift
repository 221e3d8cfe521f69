/// The languages of a type's text, as the analysis reads them.
///
/// ```swift
/// let type = EntityType(name: "book", language: "fr", attributes: [AttributeKey("title", kind: .text)])
/// type.language(of: type.attributes[0]).code   // "fr"
/// ```
extension EntityType {
    /// The language of `attribute`'s text: its own, else the entity's (`entityLanguage`, from
    /// `ownLanguage(of:)`), else the type's (English for a name `Language` cannot read, which the
    /// schema's validation refuses).
    func language(of attribute: AttributeKey, entityLanguage: Language? = nil) -> Language {
        attribute.language.flatMap(Language.init) ?? entityLanguage ?? Language(language) ?? .english
    }

    /// The language `entity` names itself in its `languageAttribute`; nil when the type has none,
    /// or the entity no value there, or one that is not a language code or name. `Language` keeps
    /// any plausible tag, but a code has two or three letters: a value such as "unknown" or
    /// "mixed" is not one, and would otherwise add a language every query is parsed in.
    ///
    /// ```swift
    /// type.ownLanguage(of: Entity(type: "article", id: "1", attributes: ["lang": "de-AT"]))?.code  // "de"
    /// ```
    func ownLanguage(of entity: Entity) -> Language? {
        guard let key = languageAttribute, let value = entity.attributes[key]?.firstElement?.text else { return nil }
        return Self.language(namedBy: value)
    }

    /// The language a value of a language attribute names: a code or name `Language` reads whose
    /// code has at most three letters; nil for other values ("unknown", "mixed").
    ///
    /// ```swift
    /// EntityType.language(namedBy: "pt-BR")?.code   // "pt"
    /// EntityType.language(namedBy: "unknown")       // nil
    /// ```
    static func language(namedBy value: String) -> Language? {
        guard let language = Language(value), language.code.count <= 3 else { return nil }
        return language
    }

    /// The languages `entity`'s searchable attributes are analysed in (each attribute's own, else
    /// the entity's `ownLanguage`, else the type's), in attribute order; an attribute whose value
    /// holds no text still counts, so this may name one more language than the document has.
    ///
    /// ```swift
    /// type.textLanguages(of: Entity(type: "article", id: "1", attributes: ["lang": "fr", "body": "Été"]))  // [Language("fr")]
    /// ```
    func textLanguages(of entity: Entity) -> [Language] {
        let own = ownLanguage(of: entity)
        var languages: [Language] = []
        for key in entity.attributes.keys {
            guard let attribute = attribute(key), attribute.searchable else { continue }
            let language = self.language(of: attribute, entityLanguage: own)
            if !languages.contains(language) { languages.append(language) }
        }
        return languages
    }

    /// A warning for each language the type names, for itself or an attribute, that is no
    /// language's code or name (`Language.isKnown`), whose text is folded and cut into words but
    /// not stemmed: a country's code ("jp") names the language probably meant.
    ///
    /// ```swift
    /// EntityType(name: "film", language: "jp").unknownLanguages
    /// // ["type 'film': 'jp' is not a language code or name, so its text is not stemmed (did you mean 'ja'?)"]
    /// ```
    public var unknownLanguages: [String] {
        let named = [(language, "type '\(name)'")]
            + attributes.compactMap { attribute in attribute.language.map { ($0, "attribute '\(name).\(attribute.key)'") } }
        return named.compactMap { text, owner in
            guard let language = Language(text), !language.isKnown else { return nil }
            return "\(owner): '\(text)' is not a language code or name, so its text is not stemmed"
                + (language.likelyMeant.map { " (did you mean '\($0)'?)" } ?? "")
        }
    }

    /// Every language the type's searchable text is in, the type's own first (for a type with a
    /// `languageAttribute`, the languages its entities fall back to; `EntityLanguages` has theirs).
    var textLanguages: [Language] {
        var languages = [Language(language) ?? .english]
        for attribute in attributes where attribute.searchable {
            let other = self.language(of: attribute)
            if !languages.contains(other) { languages.append(other) }
        }
        return languages
    }
}
