extension Double {
    /// The value rounded to `digits` decimals and written with exactly that many, as C's `%.*f`.
    ///
    /// ```swift
    /// 2.345.fixed(2)  // "2.35"
    /// 7.0.fixed(1)    // "7.0"
    /// ```
    func fixed(_ digits: Int) -> String {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (magnitude * Double(scale)).rounded()
        guard isFinite, scaled < 1e15 else { return description }
        let units = Int(scaled)
        var text = (self < 0 && units != 0 ? "-" : "") + String(units / scale)
        if digits > 0 {
            let fraction = String(units % scale)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }
}
