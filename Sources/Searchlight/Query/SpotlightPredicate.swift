import FoundationEssentials

/// Why a `--where` predicate could not be read, and the 1-based column where it broke.
public struct PredicateSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public let column: Int
    public let reason: String
    public let predicate: String

    public var description: String {
        "cannot read predicate at column \(column): \(reason)\n  \(predicate)\n  \(String(repeating: " ", count: max(0, column - 1)))^"
    }
}

extension EntityPredicate {
    /// Parses Core Spotlight's query-string syntax:
    /// `rating >= 4 && region == "yose*"cd`, `InRange(length, 5, 12)`, `updated > $time.today(-7)`.
    ///
    /// Comparisons `==`, `!=`, `<`, `>`, `<=`, `>=`; `&&`, `||`, `!` and parentheses; string values in
    /// double or single quotes with `*`/`?` wildcards and the modifiers `c` (case-insensitive),
    /// `d` (diacritic-insensitive) and `w` (word-based) after the closing quote; numbers; `true`/`false`;
    /// dates as `$time.now`, `$time.now(±seconds)`, `$time.today(±days)`, `$time.yesterday`,
    /// `$time.this_week(±weeks)`, `$time.this_month(±months)`, `$time.this_year(±years)` (UTC) and
    /// `$time.iso(2024-05-01T08:00:00Z)`. A bare word is read as a string.
    ///
    /// ```swift
    /// let filter = try EntityPredicate(spotlight: #"rating >= 4 && region == "yose*"cd"#)
    /// ```
    public init(spotlight text: String, now: Date = Date()) throws(PredicateSyntaxError) {
        var parser = SpotlightPredicateParser(text: text, now: now)
        self = try parser.parse()
    }

    /// How deeply `!` and parentheses may nest in a predicate's text.
    public static let maximumNesting = 100

    /// The attribute keys the predicate names.
    public var keys: [String] {
        switch self {
        case .comparison(let c): [c.key]
        case .all(let parts), .any(let parts): parts.flatMap(\.keys)
        case .not(let part): part.keys
        }
    }
}

private struct SpotlightPredicateParser {
    let text: String
    let characters: [Character]
    let now: Date
    var index = 0
    /// How many `!` and `(` enclose the part being read; bounded so that the recursion cannot
    /// overflow the stack.
    var depth = 0

    init(text: String, now: Date) {
        self.text = text
        self.characters = Array(text)
        self.now = now
    }

    func fail(_ reason: String, at position: Int? = nil) -> PredicateSyntaxError {
        PredicateSyntaxError(column: (position ?? index) + 1, reason: reason, predicate: text)
    }

    mutating func parse() throws(PredicateSyntaxError) -> EntityPredicate {
        skipSpaces()
        guard index < characters.count else { throw fail("the predicate is empty") }
        let predicate = try parseOr()
        skipSpaces()
        if index < characters.count { throw fail("unexpected '\(characters[index])'") }
        return predicate
    }

    mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    mutating func consume(_ token: String) -> Bool {
        skipSpaces()
        let chars = Array(token)
        guard index + chars.count <= characters.count, Array(characters[index..<index + chars.count]) == chars else { return false }
        index += chars.count
        return true
    }

    mutating func parseOr() throws(PredicateSyntaxError) -> EntityPredicate {
        var parts = [try parseAnd()]
        while consume("||") { parts.append(try parseAnd()) }
        return parts.count == 1 ? parts[0] : .any(parts)
    }

    mutating func parseAnd() throws(PredicateSyntaxError) -> EntityPredicate {
        var parts = [try parseUnary()]
        while consume("&&") { parts.append(try parseUnary()) }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    mutating func parseUnary() throws(PredicateSyntaxError) -> EntityPredicate {
        skipSpaces()
        guard index < characters.count else { throw fail("expected a comparison, got the end of the predicate") }
        if characters[index] == "!", !(index + 1 < characters.count && characters[index + 1] == "=") {
            try enter()
            index += 1
            defer { depth -= 1 }
            return .not(try parseUnary())
        }
        if index < characters.count, characters[index] == "(" {
            try enter()
            _ = consume("(")
            defer { depth -= 1 }
            let inner = try parseOr()
            guard consume(")") else { throw fail("expected ')' to close the '('") }
            return inner
        }
        let name = identifier()
        guard !name.isEmpty else { throw fail("expected an attribute key, '(' or InRange(...)") }
        if name.lowercased() == "inrange" {
            guard consume("(") else { throw fail("expected '(' after InRange") }
            skipSpaces()
            let key = identifier()
            guard !key.isEmpty else { throw fail("expected an attribute key in InRange") }
            guard consume(",") else { throw fail("expected ',' after the key in InRange") }
            let low = try value()
            guard consume(",") else { throw fail("expected ',' between the bounds of InRange") }
            let high = try value()
            guard consume(")") else { throw fail("expected ')' to close InRange") }
            return .compare(key, .between, low.value, high.value, options: low.options.union(high.options))
        }
        skipSpaces()
        let operators: [(String, PropertyComparison.Comparator)] = [
            ("==", .equal), ("!=", .notEqual), ("<=", .lessThanOrEqual), (">=", .greaterThanOrEqual),
            ("<", .lessThan), (">", .greaterThan), ("=", .equal),
        ]
        guard let (_, comparator) = operators.first(where: { consume($0.0) }) else {
            throw fail(index < characters.count ? "expected a comparison operator (==, !=, <, >, <=, >=) after '\(name)'"
                                                : "expected a comparison operator after '\(name)', got the end of the predicate")
        }
        let literal = try value()
        return .compare(name, comparator, literal.value, options: literal.options)
    }

    /// Goes one `!` or `(` deeper, failing past `EntityPredicate.maximumNesting`.
    mutating func enter() throws(PredicateSyntaxError) {
        depth += 1
        if depth > EntityPredicate.maximumNesting {
            throw fail("nested deeper than \(EntityPredicate.maximumNesting) levels of '!' and '('")
        }
    }

    mutating func identifier() -> String {
        let start = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || "_.-".contains(characters[index]) {
            if characters[index] == "-", index == start { break }
            index += 1
        }
        return String(characters[start..<index])
    }

    mutating func value() throws(PredicateSyntaxError) -> (value: PredicateValue, options: PropertyComparison.Options) {
        skipSpaces()
        guard index < characters.count else { throw fail("expected a value, got the end of the predicate") }
        let start = index
        let c = characters[index]
        if c == "\"" || c == "'" {
            index += 1
            var string = ""
            while true {
                guard index < characters.count else { throw fail("unterminated string (missing \(c))", at: start) }
                let ch = characters[index]
                index += 1
                if ch == c { break }
                if ch == "\\", index < characters.count {
                    string.append(characters[index])
                    index += 1
                } else {
                    string.append(ch)
                }
            }
            var options: PropertyComparison.Options = []
            while index < characters.count, "cdw".contains(characters[index]) {
                switch characters[index] {
                case "c": options.insert(.caseInsensitive)
                case "d": options.insert(.diacriticInsensitive)
                default: options.insert(.wordBased)
                }
                index += 1
            }
            if index < characters.count, characters[index].isLetter {
                throw fail("unknown string modifier '\(characters[index])' (use c, d or w)")
            }
            return (.string(string), options)
        }
        if c == "$" { return (.date(try timeValue()), []) }
        if c.isNumber || c == "-" || c == "+" || c == "." {
            while index < characters.count, characters[index].isNumber || "+-.eE".contains(characters[index]) { index += 1 }
            let literal = String(characters[start..<index])
            guard let number = Double(literal) else { throw fail("'\(literal)' is not a number", at: start) }
            return (.number(number), [])
        }
        if c == "*" {
            index += 1
            return (.string("*"), [])
        }
        let word = identifier()
        guard !word.isEmpty else { throw fail("expected a value (a quoted string, a number, true/false or $time...)") }
        switch word.lowercased() {
        case "true", "yes": return (.bool(true), [])
        case "false", "no": return (.bool(false), [])
        default: return (.string(word), [])
        }
    }

    mutating func timeValue() throws(PredicateSyntaxError) -> Date {
        let timeStart = index
        guard consume("$time.") else { throw fail("expected $time.now, $time.today(...) or $time.iso(...)", at: timeStart) }
        let name = identifier()
        if name == "iso" {
            guard consume("(") else { throw fail("expected '(' after $time.iso") }
            let argumentStart = index
            while index < characters.count, characters[index] != ")" { index += 1 }
            let raw = String(characters[argumentStart..<index]).trimming { $0 == " " || $0 == "\"" || $0 == "'" }
            guard consume(")") else { throw fail("expected ')' to close $time.iso(") }
            guard let date = ISO8601.parse(raw) else { throw fail("'\(raw)' is not an ISO-8601 date", at: argumentStart) }
            return date
        }
        var offset = 0.0
        if consume("(") {
            skipSpaces()
            let numberStart = index
            while index < characters.count, characters[index].isNumber || "+-.".contains(characters[index]) { index += 1 }
            guard let n = Double(String(characters[numberStart..<index])) else { throw fail("expected a number", at: numberStart) }
            // Seconds for $time.now, calendar units for the others: at most about 3,000 years either way.
            let limit = name == "now" ? 1e11 : 100_000
            guard abs(n) <= limit else { throw fail("time offset \(n) is out of range (at most ±\(Int(limit)))", at: numberStart) }
            offset = n
            guard consume(")") else { throw fail("expected ')'") }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        calendar.firstWeekday = 2
        let today = calendar.startOfDay(for: now)
        func start(of component: Calendar.Component) -> Date { calendar.dateInterval(of: component, for: now)?.start ?? today }
        func add(_ component: Calendar.Component, to date: Date) -> Date {
            calendar.date(byAdding: component, value: Int(offset), to: date) ?? date
        }
        switch name {
        case "now": return now.addingTimeInterval(offset)
        case "today": return add(.day, to: today)
        case "yesterday": return calendar.date(byAdding: .day, value: -1, to: today)!
        case "this_week": return add(.weekOfYear, to: start(of: .weekOfYear))
        case "this_month": return add(.month, to: start(of: .month))
        case "this_year": return add(.year, to: start(of: .year))
        default:
            throw fail("unknown time '$time.\(name)' (now, today, yesterday, this_week, this_month, this_year, iso)", at: timeStart)
        }
    }
}
