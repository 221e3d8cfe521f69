import FoundationEssentials

/// ISO-8601 dates as entities write them: `2024-05-01`, `2024-05-01T08:30:00Z`,
/// `2024-05-01T08:30:00.250+02:00`. Parsed by hand: Foundation's formatter accepts one
/// layout per instance and is slow on the bulk ingest path.
///
/// ```swift
/// let date = ISO8601.parse("2024-05-01")!
/// ISO8601.format(date)  // "2024-05-01"
/// ```
public enum ISO8601 {
    /// Seconds since 1970 (UTC) for an ISO-8601 date or date-time; nil if `text` is not one.
    public static func seconds(_ text: String) -> Double? {
        var utf8 = Array(text.utf8)[...]
        func number(_ digits: Int) -> Int? {
            guard utf8.count >= digits else { return nil }
            var value = 0
            for byte in utf8.prefix(digits) {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            utf8 = utf8.dropFirst(digits)
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard utf8.first == byte else { return false }
            utf8 = utf8.dropFirst()
            return true
        }
        guard let year = number(4), skip(45), let month = number(2), skip(45), let day = number(2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day) * 86_400)
        if utf8.isEmpty { return seconds }
        guard skip(84) || skip(116) || skip(32), let hour = number(2), skip(58), let minute = number(2),
              hour < 24, minute < 60 else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if skip(58) {
            guard let second = number(2), second < 61 else { return nil }
            seconds += Double(second)
            if skip(46) || skip(44) {
                var scale = 0.1
                var digits = 0
                while let byte = utf8.first, (48...57).contains(byte) {
                    seconds += Double(byte - 48) * scale
                    scale /= 10
                    digits += 1
                    utf8 = utf8.dropFirst()
                }
                guard digits > 0 else { return nil }
            }
        }
        if utf8.isEmpty || skip(90) || skip(122) { return utf8.isEmpty ? seconds : nil }
        let sign: Double
        if skip(43) { sign = 1 } else if skip(45) { sign = -1 } else { return nil }
        guard let offsetHours = number(2) else { return nil }
        _ = skip(58)
        let offsetMinutes = number(2) ?? 0
        guard utf8.isEmpty, offsetHours < 24, offsetMinutes < 60 else { return nil }
        return seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
    }

    public static func parse(_ text: String) -> Date? {
        seconds(text).map { Date(timeIntervalSince1970: $0) }
    }

    /// `YYYY-MM-DD` for a UTC midnight, `YYYY-MM-DDTHH:MM:SSZ` otherwise.
    public static func format(_ date: Date) -> String {
        let total = date.timeIntervalSince1970.rounded(.down)
        // Outside years -9999...9999 (or not finite) there is no ISO-8601 text: seconds since 1970.
        guard total.isFinite, abs(total) < 253_402_300_800 else { return String(date.timeIntervalSince1970) }
        let days = Int((total / 86_400).rounded(.down))
        let (year, month, day) = civil(fromDays: days)
        let clock = Int(total) - days * 86_400
        let dateText = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        if clock == 0 { return dateText }
        return dateText + "T" + pad(clock / 3600, 2) + ":" + pad(clock / 60 % 60, 2) + ":" + pad(clock % 60, 2) + "Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days-from-civil algorithm (proleptic Gregorian calendar).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp + (mp < 10 ? 3 : -9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
