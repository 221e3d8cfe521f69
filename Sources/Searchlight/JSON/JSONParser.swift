/// Why a JSON text could not be read, and the byte column (1-based) where it broke.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let column: Int
    public let reason: String
    public var description: String { "invalid JSON at column \(column): \(reason)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects accepted; deeper input is rejected, not recursed into.
    public static let maximumDepth = 64

    /// Parses one JSON text.
    public init(parsing text: String) throws(JSONSyntaxError) {
        var copy = text
        var result: Result<JSONValue, JSONSyntaxError>!
        copy.withUTF8 { bytes in
            result = Result { () throws(JSONSyntaxError) in try JSONValue(parsing: UnsafeRawBufferPointer(bytes)) }
        }
        self = try result.get()
    }

    /// Parses one JSON text from UTF-8 bytes (invalid UTF-8 inside strings is an error).
    public init(parsing bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        var parser = JSONParser(bytes: bytes)
        self = try parser.parseDocument()
    }
}

// Written by hand rather than using Foundation's JSONSerialization because ingest needs key order
// (entities print back as written), the integer/double distinction, the byte column of an error,
// a depth limit, and speed on the bulk path.
struct JSONParser {
    let bytes: UnsafeRawBufferPointer
    var index = 0
    var depth = 0
    /// Where strings with escapes are decoded, as long as `bytes`; made at the first such string.
    private var scratch: [UInt8] = []

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        if index == bytes.count { throw fail("empty input") }
        let value = try parseValue()
        skipWhitespace()
        if index != bytes.count { throw fail("unexpected '\(character(at: index))' after the value") }
        return value
    }

    func fail(_ reason: String, at position: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(column: (position ?? index) + 1, reason: reason)
    }

    func character(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        return byte < 0x80 ? String(UnicodeScalar(byte)) : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("unexpected '\(character(at: index))'")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        guard index + count <= bytes.count, expected.indices.allSatisfy({ bytes[index + $0] == expected[$0] })
        else { throw fail("invalid literal", at: start) }
        index += count
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONValue.maximumDepth { throw fail("nested deeper than \(JSONValue.maximumDepth) levels") }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        try parseMembers { (parser, key) throws(JSONSyntaxError) in members.append((key, try parser.parseValue())) }
        return .object(members)
    }

    /// Reads the object at the current position member by member: `body` gets each member's name
    /// with the parser standing at its value, and must read that value.
    mutating func parseMembers(_ body: (inout JSONParser, String) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw fail("expected an object") }
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after member name") }
            index += 1
            skipWhitespace()
            try body(&self, key)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("expected ',' or '}' in object")
        }
        depth -= 1
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        var elements: [JSONValue] = []
        try parseElements { (parser) throws(JSONSyntaxError) in elements.append(try parser.parseValue()) }
        return .array(elements)
    }

    /// Reads the array at the current position element by element: `body` is called with the
    /// parser standing at each element, and must read it.
    mutating func parseElements(_ body: (inout JSONParser) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { throw fail("expected an array") }
        try enter()
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            try body(&self)
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw fail("expected ',' or ']' in array")
        }
        depth -= 1
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        let contentStart = index
        // Fast path: no escapes; ASCII needs no validation.
        var ascii = true
        while index < bytes.count {
            // Eight bytes at a time while none is a quote, a backslash, a control character or non-ASCII.
            while index + 8 <= bytes.count, Self.isPlainASCII(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                if ascii { return String(decoding: slice.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw fail("invalid UTF-8 in string", at: start)
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("control character in string") }
            ascii = ascii && byte < 0x80
            index += 1
        }
        // Escapes: decoded in one pass into the parser's scratch buffer, which is as long as the
        // whole text (an escape never decodes longer than it is written), then copied into a string.
        if scratch.isEmpty { scratch = [UInt8](repeating: 0, count: bytes.count) }
        var buffer: [UInt8] = []
        swap(&buffer, &scratch)
        defer { swap(&buffer, &scratch) }
        return try buffer.withUnsafeMutableBytes { out in
            Result { () throws(JSONSyntaxError) in try decodeEscaped(from: contentStart, quoteAt: start, ascii: ascii, into: out) }
        }.get()
    }

    /// The rest of a string with escapes, from `index` (its first backslash), decoded into `out`
    /// after the plain bytes from `contentStart` to there.
    private mutating func decodeEscaped(from contentStart: Int, quoteAt start: Int, ascii: Bool,
                                        into out: UnsafeMutableRawBufferPointer) throws(JSONSyntaxError) -> String {
        var ascii = ascii
        var count = index - contentStart
        out.baseAddress!.copyMemory(from: bytes.baseAddress! + contentStart, byteCount: count)
        while true {
            let run = index
            while index + 8 <= bytes.count, Self.isPlainASCII(bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
            }
            if index > run {
                (out.baseAddress! + count).copyMemory(from: bytes.baseAddress! + run, byteCount: index - run)
                count += index - run
            }
            guard index < bytes.count else { throw fail("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let decoded = UnsafeRawBufferPointer(rebasing: out[..<count])
                if ascii { return String(decoding: decoded.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }
                guard let text = String(validating: decoded, as: UTF8.self) else { throw fail("invalid UTF-8 in string", at: start) }
                return text
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { throw fail("unterminated string", at: start) }
                if bytes[index + 1] == UInt8(ascii: "n") {   // by far the most common escape in text
                    out[count] = 0x0A
                    count += 1
                    index += 2
                } else {
                    UTF8.encode(try unescape()) { unit in
                        out[count] = unit
                        count += 1
                    }
                }
            case ..<0x20:
                throw fail("control character in string")
            default:
                ascii = ascii && byte < 0x80
                out[count] = byte
                count += 1
                index += 1
            }
        }
    }

    /// Decodes the escape at `index` (a backslash) and moves past it.
    mutating func unescape() throws(JSONSyntaxError) -> Unicode.Scalar {
        index += 1
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail("unpaired surrogate in \\u escape") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw fail("unpaired surrogate in \\u escape")
            }
            return Unicode.Scalar(scalar)!
        default:
            throw fail("invalid escape '\\\(character(at: index - 1))'", at: index - 2)
        }
    }

    /// Whether eight bytes are all printable ASCII other than `"` and `\\` (string content that needs
    /// no look), by the bit tricks of "Bit Twiddling Hacks" (a byte below n; a byte equal to c).
    static func isPlainASCII(_ word: UInt64) -> Bool {
        word & highs == 0 && !hasByte(in: word, below: 0x20)
            && !hasByte(in: word ^ (ones &* 0x22), below: 1) && !hasByte(in: word ^ (ones &* 0x5C), below: 1)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080

    /// Whether one of eight bytes is below `n` (exact when `n` is at most 0x80).
    private static func hasByte(in word: UInt64, below n: UInt64) -> Bool { (word &- ones &* n) & ~word & highs != 0 }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        if index == digitsStart { throw fail("expected digits", at: start) }
        if bytes[digitsStart] == UInt8(ascii: "0"), index - digitsStart > 1 { throw fail("leading zero in number", at: start) }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let fractionStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index == fractionStart { throw fail("expected digits after '.'", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            if index == exponentStart { throw fail("expected digits in exponent", at: start) }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw fail("number out of range", at: start) }
        return .double(value)
    }
}
