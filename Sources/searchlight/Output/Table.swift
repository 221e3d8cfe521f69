/// A plain-text table with aligned columns, for human output.
struct Table {
    enum Alignment { case left, right }

    var columns: [(title: String, alignment: Alignment)]
    var rows: [[String]] = []
    /// Cells longer than this are cut with an ellipsis.
    var maximumWidth = 48

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns.map { (title: $0.0, alignment: $0.1) }
    }

    mutating func append(_ row: [String]) { rows.append(row) }

    func render() -> String {
        let cells = rows.map { $0.map(cut) }
        let widths = columns.indices.map { i in
            max(columns[i].title.count, cells.map { i < $0.count ? $0[i].count : 0 }.max() ?? 0)
        }
        func line(_ values: [String]) -> String {
            columns.indices.map { i -> String in
                let value = i < values.count ? values[i] : ""
                let padding = String(repeating: " ", count: widths[i] - value.count)
                return columns[i].alignment == .left ? value + padding : padding + value
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return ([Terminal.dim(line(columns.map(\.title)))] + cells.map(line)).joined(separator: "\n")
    }

    private func cut(_ text: String) -> String {
        let single = Terminal.printable(text.split(whereSeparator: \.isNewline).joined(separator: " "))
        return single.count <= maximumWidth ? single : String(single.prefix(maximumWidth - 1)) + "…"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
