/// The languages of a type's text, as the analysis reads them.
///
/// ```swift
/// let type = EntityType(name: "book", language: "fr", attributes: [AttributeKey("title", kind: .text)])
/// type.language(of: type.attributes[0]).code   // "fr"
/// ```
extension EntityType {
    /// The language of `attribute`'s text: its own, else the type's (English for a name `Language`
    /// cannot read, which the schema's validation refuses).
    func language(of attribute: AttributeKey) -> Language {
        Language(attribute.language ?? language) ?? .english
    }

    /// Every language the type's searchable text is in, the type's own first.
    var textLanguages: [Language] {
        var languages = [Language(language) ?? .english]
        for attribute in attributes where attribute.searchable {
            let other = self.language(of: attribute)
            if !languages.contains(other) { languages.append(other) }
        }
        return languages
    }
}
