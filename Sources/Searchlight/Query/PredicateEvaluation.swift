import FoundationEssentials

extension EntityPredicate {
    /// Whether `entity` satisfies the predicate; attribute kinds come from `schema`.
    /// This is the exact meaning of a predicate: the index only narrows candidates before it.
    public func matches(_ entity: Entity, schema: Schema) -> Bool {
        switch self {
        case .comparison(let comparison): comparison.matches(entity, type: schema.type(named: entity.type))
        case .all(let parts): parts.allSatisfy { $0.matches(entity, schema: schema) }
        case .any(let parts): parts.contains { $0.matches(entity, schema: schema) }
        case .not(let part): !part.matches(entity, schema: schema)
        }
    }
}

extension PropertyComparison {
    func matches(_ entity: Entity, type: EntityType?) -> Bool {
        guard let value = entity.attributes[key] else { return comparator == .notEqual }
        let kind = type?.attribute(key)?.kind ?? .text
        let elements = value.elements
        if comparator == .notEqual {
            var equal = self
            equal.comparator = .equal
            return !elements.contains { equal.matches(element: $0, kind: kind) }
        }
        return elements.contains { matches(element: $0, kind: kind) }
    }

    private func matches(element: AttributeValue, kind: AttributeKind) -> Bool {
        switch comparator {
        case .isTrue: return Self.truth(element) == true
        case .isFalse: return Self.truth(element) == false
        default: break
        }
        switch kind {
        case .integer, .double:
            return compare(element.doubleValue, value?.number, upperBound?.number)
        case .date:
            let seconds: Double? = switch element {
            case .string(let s): ISO8601.seconds(s)
            case .date(let d): d.timeIntervalSince1970
            default: element.doubleValue
            }
            return compare(seconds, value?.seconds, upperBound?.seconds)
        case .boolean:
            guard let truth = Self.truth(element), let wanted = value.flatMap(Self.truth) else { return false }
            return comparator == .equal && truth == wanted
        case .text, .keyword, .enumValue, .reference:
            return matches(text: element.text)
        }
    }

    private static func truth(_ value: AttributeValue) -> Bool? {
        switch value {
        case .bool(let b): b
        case .int(let i): i != 0
        case .string(let s): truth(text: s)
        default: nil
        }
    }

    private static func truth(text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "1": true
        case "false", "no", "0": false
        default: nil
        }
    }

    /// What a boolean attribute compared with `value` is compared with: true, false, or nothing.
    static func truth(_ value: PredicateValue) -> Bool? {
        switch value {
        case .bool(let b): b
        case .number(let n): n != 0
        case .string(let s): truth(text: s)
        case .date: nil
        }
    }

    private func compare<T: Comparable>(_ actual: T?, _ wanted: T?, _ upper: T?) -> Bool {
        guard let actual, let wanted else { return false }
        switch comparator {
        case .equal: return actual == wanted
        case .greaterThan: return actual > wanted
        case .greaterThanOrEqual: return actual >= wanted
        case .lessThan: return actual < wanted
        case .lessThanOrEqual: return actual <= wanted
        case .between: return upper.map { wanted <= actual && actual <= $0 } ?? false
        case .notEqual, .contains, .hasPrefix, .hasSuffix, .isTrue, .isFalse: return false
        }
    }

    private func matches(text: String) -> Bool {
        guard let value else { return false }
        let subject = normalize(text), pattern = normalize(value.text)
        if options.contains(.wordBased), comparator != .between {
            var wordComparison = self
            wordComparison.options.remove(.wordBased)
            let words = Self.words(subject)
            let patternWords = Self.words(pattern)
            if patternWords.count > 1 {
                // A several-word value matches a run of consecutive words.
                return words.count >= patternWords.count && (0...(words.count - patternWords.count)).contains { start in
                    zip(words[start...], patternWords).allSatisfy { wordComparison.matchesNormalized(String($0), String($1)) }
                }
            }
            return words.contains { wordComparison.matchesNormalized(String($0), pattern) }
        }
        if comparator == .between {
            guard let upper = upperBound.map({ normalize($0.text) }) else { return false }
            return pattern <= subject && subject <= upper
        }
        return matchesNormalized(subject, pattern)
    }

    private func matchesNormalized(_ subject: String, _ pattern: String) -> Bool {
        switch comparator {
        case .equal: pattern.contains(where: { $0 == "*" || $0 == "?" }) ? Glob.matches(subject, pattern) : subject == pattern
        case .contains: subject.contains(pattern)
        case .hasPrefix: subject.hasPrefix(pattern)
        case .hasSuffix: subject.hasSuffix(pattern)
        case .greaterThan: subject > pattern
        case .greaterThanOrEqual: subject >= pattern
        case .lessThan: subject < pattern
        case .lessThanOrEqual: subject <= pattern
        case .between, .notEqual, .isTrue, .isFalse: false
        }
    }

    private func normalize(_ text: String) -> String {
        let folded = options.contains(.diacriticInsensitive) ? text.foldingDiacritics() : text
        // Upper- then lower-casing folds what lower-casing alone keeps apart ("ß" and "ss", "ς" and "σ").
        return options.contains(.caseInsensitive) ? folded.uppercased().lowercased() : folded
    }

    private static func words(_ text: String) -> [Substring] {
        text.split { !$0.isLetter && !$0.isNumber && $0 != "*" && $0 != "?" }
    }
}

/// Shell-style wildcards: `*` any run of characters, `?` any one character.
enum Glob {
    static func matches(_ text: String, _ pattern: String) -> Bool {
        let t = Array(text), p = Array(pattern)
        var ti = 0, pi = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "?" || p[pi] == t[ti] {
                ti += 1
                pi += 1
            } else if pi < p.count, p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }
}
