extension JSONValue {
    /// Compact JSON text (no spaces), members in their stored order.
    public var jsonText: String {
        var output = ""
        write(to: &output, indent: nil, level: 0)
        return output
    }

    /// JSON text indented by two spaces per level, for people.
    public var prettyJSONText: String {
        var output = ""
        write(to: &output, indent: "  ", level: 0)
        return output
    }

    func write(to output: inout String, indent: String?, level: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let b): output += b ? "true" : "false"
        case .int(let i): output += String(i)
        case .double(let d): output += d.isFinite ? "\(d)" : "null"
        case .string(let s): JSONValue.writeString(s, to: &output)
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, to: &output, indent: indent, level: level) { i, out in
                elements[i].write(to: &out, indent: indent, level: level + 1)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, to: &output, indent: indent, level: level) { i, out in
                JSONValue.writeString(members[i].key, to: &out)
                out += indent == nil ? ":" : ": "
                members[i].value.write(to: &out, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(open: String, close: String, count: Int, to output: inout String,
                                indent: String?, level: Int, element: (Int, inout String) -> Void) {
        output += open
        guard count > 0 else { output += close; return }
        for i in 0..<count {
            if i > 0 { output += "," }
            if let indent { output += "\n" + String(repeating: indent, count: level + 1) }
            element(i, &output)
        }
        if let indent { output += "\n" + String(repeating: indent, count: level) }
        output += close
    }

    static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let s where s.value < 0x20:
                let hex = String(s.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
