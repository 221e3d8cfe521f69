/// Traditional Chinese characters read as their simplified forms, so that text written either way
/// finds the other: "臺灣" and "台湾", "電腦" and "电脑" index and search alike. The table is
/// Unicode's (Unihan's `kSimplifiedVariant`, in `HanVariants+Table.swift`, written by
/// `generate-han-variants.py`): the characters with exactly one simplified form. Those with
/// several (乾: 干 or 乾) stay as written.
///
/// ```swift
/// HanVariants.simplified(of: 0x7063)   // 0x6E7E: 灣 as 湾
/// HanVariants.simplified(of: 0x4E2D)   // nil: 中 is written one way
/// ```
enum HanVariants {
    /// The simplified form of the traditional character `value`; nil when it has none (or several).
    ///
    /// - Parameter value: A Unicode scalar value.
    /// - Returns: The simplified character's scalar value, or nil.
    static func simplified(of value: UInt32) -> UInt32? {
        guard value >= traditional[0], value <= traditional[traditional.count - 1] else { return nil }
        var low = 0, high = traditional.count
        while low < high {
            let middle = (low + high) / 2
            if traditional[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < traditional.count && traditional[low] == value ? simplified[low] : nil
    }
}
