import Testing
@testable import Searchlight

@Suite struct JSONReading {
    @Test func valuesRoundTripWithKeyOrderAndIntegerKinds() throws {
        let text = #"{"z":1,"a":[true,null,2.5,"x\"y\\n\u00e9"],"m":{"k":-3e2}}"#
        let value = try JSONValue(parsing: text)
        #expect(value["z"] == .int(1))
        #expect(value["m"]?["k"] == .double(-300))
        #expect(value.objectValue?.map(\.key) == ["z", "a", "m"])
        #expect(try JSONValue(parsing: value.jsonText) == value)
        #expect(try JSONValue(parsing: value.prettyJSONText) == value)
    }

    @Test func surrogatePairsDecodeToOneCharacter() throws {
        #expect(try JSONValue(parsing: #""\ud83c\udfd4""#) == .string("🏔"))
    }

    @Test(arguments: [
        ("", "empty input"),
        ("{\"a\":1,}", "expected a member name"),
        ("[1 2]", "expected ',' or ']'"),
        ("{\"a\" 1}", "expected ':'"),
        ("\"abc", "unterminated string"),
        ("01", "leading zero"),
        ("tru", "invalid literal"),
        ("{} x", "after the value"),
        ("\"\\q\"", "invalid escape"),
    ])
    func syntaxErrorsSayWhatAndWhere(input: String, reason: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: input) }
        #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "no error")")
        #expect((error?.column ?? 0) >= 1)
    }

    @Test func deepNestingIsRejectedNotRecursed() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let error = #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: deep) }
        #expect(error?.reason.contains("nested deeper") == true)
    }

    /// Strings with escapes are decoded in one pass into a string of their raw length: long and short
    /// ones, escapes at either end, raw UTF-8 between escapes, and everything written as `\u` escapes.
    @Test func escapedStringsDecodeToTheTextTheyEscape() throws {
        let pool: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{08}", "\u{0C}", "\r", "\u{01}",
                                      "é", "ß", "€", "中", "🏔", "\u{7F}", "\u{FFFD}"]
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 2, 7, 8, 9, 63, 64, 65, 4_000] {
            for _ in 0..<20 {
                var text = ""
                for _ in 0..<length { text.unicodeScalars.append(pool.randomElement(using: &generator)!) }
                #expect(try JSONValue(parsing: JSONValue.string(text).jsonText) == .string(text))
                var escaped = "\""
                for unit in text.utf16 { escaped += "\\u" + String(repeating: "0", count: 4 - String(unit, radix: 16).count) + String(unit, radix: 16) }
                escaped += "\""
                #expect(try JSONValue(parsing: escaped) == .string(text))
            }
        }
    }

    @Test(arguments: [
        ([0x22, 0x5C, 0x6E, 0xFF, 0x22], "UTF-8"),                  // "\n<invalid byte>"
        ([0x22, 0x5C, 0x6E, 0x61, 0x01, 0x22], "control character"), // a control character after an escape
        ([0x22, 0x5C, 0x75, 0x31, 0x32, 0x22], "truncated"),         // "\u12" ends before its four digits
        ([0x22, 0x5C, 0x75, 0x31, 0x32, 0x22, 0x20, 0x20], "hex digit"), // … and its quote is no digit
        ([0x22, 0x61, 0x5C, 0x22], "unterminated"),                  // the last quote is escaped
        ([0x22, 0x5C], "unterminated"),
        ([0x22, 0x5C, 0x75, 0x64, 0x38, 0x33, 0x63, 0x22], "surrogate"),
    ] as [([UInt8], String)])
    func badEscapedStringsAreErrors(bytes: [UInt8], reason: String) {
        let result = bytes.withUnsafeBytes { raw in Result { () throws(JSONSyntaxError) in try JSONValue(parsing: raw) } }
        guard case .failure(let error) = result else { Issue.record("\(bytes) was accepted"); return }
        #expect(error.reason.contains(reason), "\(error.reason)")
    }

    @Test func invalidUTF8InAStringIsAnError() {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0xFE, 0x22]
        let result = bytes.withUnsafeBytes { raw in Result { () throws(JSONSyntaxError) in try JSONValue(parsing: raw) } }
        guard case .failure(let error) = result else { Issue.record("invalid UTF-8 was accepted"); return }
        #expect(error.reason.contains("UTF-8"))
    }
}

@Suite struct DateParsing {
    @Test(arguments: [
        ("1970-01-01", 0.0), ("2024-02-29", 1_709_164_800.0), ("2024-05-01T08:30:00Z", 1_714_552_200.0),
        ("2024-05-01T10:30:00+02:00", 1_714_552_200.0), ("2024-05-01T08:30:00.5Z", 1_714_552_200.5),
    ])
    func isoDatesParseToSecondsSince1970(text: String, seconds: Double) {
        #expect(ISO8601.seconds(text) == seconds)
    }

    @Test(arguments: ["2023-02-29", "2024-13-01", "yesterday", "2024-05-01T25:00:00Z", "2024-5-1", "2024-05-01Tfoo"])
    func nonDatesAreRejected(text: String) {
        #expect(ISO8601.seconds(text) == nil)
    }

    @Test func formattingKeepsDateOnlyValuesShort() {
        #expect(ISO8601.format(ISO8601.parse("2027-03-31")!) == "2027-03-31")
        #expect(ISO8601.format(ISO8601.parse("2027-03-31T10:00:00+02:00")!) == "2027-03-31T08:00:00Z")
    }
}

/// The eight-bytes-at-a-time scan of string content agrees with a byte-by-byte look.
@Suite struct JSONStringScan {
    @Test func plainASCIIWordsAreExactlyThoseWithoutQuotesBackslashesControlsOrHighBytes() {
        for byte in 0...255 {
            for position in 0..<8 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                bytes[position] = UInt8(byte)
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let expected = byte >= 0x20 && byte < 0x80 && byte != 0x22 && byte != 0x5C
                #expect(JSONParser.isPlainASCII(word) == expected, "byte \(byte) at \(position)")
            }
        }
    }

    @Test func stringsParseTheSameWhereverTheirSpecialBytesFall() throws {
        for length in 0..<20 {
            for offset in 0...length {
                let plain = String(repeating: "x", count: length)
                let escaped = String(plain.prefix(offset)) + "\\\"é\\n" + String(plain.dropFirst(offset))
                let value = try JSONValue(parsing: "[\"\(plain)\", \"\(escaped)\"]")
                #expect(value == .array([.string(plain), .string(String(plain.prefix(offset)) + "\"é\n" + String(plain.dropFirst(offset)))]))
                // Runs of plain bytes between escapes, and after them.
                let twice = try JSONValue(parsing: "\"\(escaped)\(escaped)\\t\(plain)\"")
                let unescaped = String(plain.prefix(offset)) + "\"é\n" + String(plain.dropFirst(offset))
                #expect(twice == .string(unescaped + unescaped + "\t" + plain))
                let control = "[\"" + String(plain.prefix(offset)) + "\u{01}" + String(plain.dropFirst(offset)) + "\"]"
                #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: control) }
                let controlAfterEscape = "[\"\\n" + String(plain.prefix(offset)) + "\u{01}" + String(plain.dropFirst(offset)) + "\"]"
                #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: controlAfterEscape) }
            }
        }
    }
}
