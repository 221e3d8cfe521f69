extension Double {
    /// The value rounded to `digits` decimals and written with exactly that many, like C's `%.*f`
    /// but for two details: a tie rounds away from zero (0.125 gives "0.13"), and a value that
    /// rounds to zero has no minus sign. Values of 10^15 units of the last digit or more, which
    /// this tool never prints, are written as Swift's `description`.
    ///
    /// ```swift
    /// 2.345.fixed(2)  // "2.35"
    /// 7.0.fixed(1)    // "7.0"
    /// ```
    func fixed(_ digits: Int) -> String {
        precondition(digits >= 0, "a negative number of decimals")
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
