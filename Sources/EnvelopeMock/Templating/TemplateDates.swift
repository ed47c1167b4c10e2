import Foundation
import Synchronization

/// Dates for the `now`, `date`, `parseDate` and `truncateDate` helpers: WireMock's offsets
/// ("3 days", "-1 months"), Java date patterns (which ICU, Foundation's formatter, reads
/// alike for the common letters), and `epoch` (milliseconds) and `unix` (seconds).
enum TemplateDates {
    private static let formatters = Mutex<[String: DateFormatterBox]>([:])

    /// ISO 8601 in UTC, without fractions: `{{now}}`'s default. Written by hand: a
    /// formatter behind the table's lock made every templated `{{now}}` wait for the others.
    static func iso(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return format(date, pattern: "yyyy-MM-dd'T'HH:mm:ss'Z'", timezone: nil) }
        func two(_ value: Int32) -> String { value < 10 ? "0" + String(value) : String(value) }
        var year = String(parts.tm_year + 1900)
        while year.utf8.count < 4 { year = "0" + year }
        return year + "-" + two(parts.tm_mon + 1) + "-" + two(parts.tm_mday) + "T" + two(parts.tm_hour) + ":" + two(parts.tm_min) + ":"
            + two(parts.tm_sec) + "Z"
    }

    /// `date` written with `pattern` (a Java date pattern, `epoch` or `unix`) in `timezone`.
    static func format(_ date: Date, pattern: String?, timezone: String?) -> String {
        switch pattern {
        case "epoch": return String(Int64((date.timeIntervalSince1970 * 1000).rounded(.down)))
        case "unix": return String(Int64(date.timeIntervalSince1970.rounded(.down)))
        default: break
        }
        let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
        let pattern = pattern ?? (timezone == nil ? "yyyy-MM-dd'T'HH:mm:ss'Z'" : "yyyy-MM-dd'T'HH:mm:ssXXX")
        let text = withFormatter(pattern, zone) { $0.string(from: date) }
        // Java names the zone UTC where ICU writes GMT.
        if timezone == nil || timezone == "UTC", pattern.contains("z") { return text.replacingOccurrences(of: "GMT", with: "UTC") }
        return text
    }

    /// Reads `text` with `pattern` (`epoch`, `unix`, a Java pattern), or as ISO 8601 /
    /// RFC 1123 when no pattern is given.
    static func parse(_ text: String, pattern: String?, timezone: String? = nil) -> Date? {
        switch pattern {
        case "epoch": return Double(text).map { Date(timeIntervalSince1970: $0 / 1000) }
        case "unix": return Double(text).map { Date(timeIntervalSince1970: $0) }
        default: break
        }
        // Dates in en_US_POSIX are ASCII; Foundation's DateFormatter traps on some non-ASCII
        // text (a combining mark, found by Fuzz/template), and the text may come from a request.
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let zone = timezone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "UTC")!
        if let pattern { return withFormatter(pattern, zone) { $0.date(from: text) } }
        for candidate in ["yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd'T'HH:mmXXX", "yyyy-MM-dd'T'HH:mm:ss.SSS",
                          "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd", "EEE, dd MMM yyyy HH:mm:ss zzz"] {
            if let date = withFormatter(candidate, zone, { $0.date(from: text) }) { return date }
        }
        return nil
    }

    /// `date` moved by an offset such as "3 days", "-2 hours", "1 months"; nil when the
    /// offset does not read.
    static func offset(_ date: Date, by text: String) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        // Amounts beyond a billion of any unit are no date a calendar can reach.
        guard parts.count == 2, let amount = Int(parts[0]), abs(amount) <= 1_000_000_000 else { return nil }
        var unit = parts[1].lowercased()
        if unit.hasSuffix("s") { unit.removeLast() }
        var components = DateComponents()
        switch unit {
        case "millisecond": return date.addingTimeInterval(Double(amount) / 1000)
        case "second": components.second = amount
        case "minute": components.minute = amount
        case "hour": components.hour = amount
        case "day": components.day = amount
        case "week": components.day = amount * 7
        case "month": components.month = amount
        case "year": components.year = amount
        default: return nil
        }
        return utcCalendar.date(byAdding: components, to: date)
    }

    /// `truncateDate`'s truncations ("first day of month", "last day of year", ...), in UTC.
    static func truncate(_ date: Date, _ truncation: String) -> Date? {
        let calendar = utcCalendar
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        switch truncation {
        case "first minute of hour": parts.minute = 0
        case "first hour of day": parts.hour = 0; parts.minute = 0
        case "first day of month": parts.day = 1; parts.hour = 0; parts.minute = 0
        case "first day of next month": parts.month = (parts.month ?? 1) + 1; parts.day = 1; parts.hour = 0; parts.minute = 0
        case "last day of month":
            parts.month = (parts.month ?? 1) + 1; parts.day = 0; parts.hour = 0; parts.minute = 0
        case "first day of year": parts.month = 1; parts.day = 1; parts.hour = 0; parts.minute = 0
        case "first day of next year": parts.year = (parts.year ?? 0) + 1; parts.month = 1; parts.day = 1; parts.hour = 0; parts.minute = 0
        case "last day of year": parts.month = 12; parts.day = 31; parts.hour = 0; parts.minute = 0
        default: return nil
        }
        return calendar.date(from: parts)
    }

    static let truncations = ["first minute of hour", "first hour of day", "first day of month", "first day of next month", "last day of month",
                              "first day of year", "first day of next year", "last day of year"]

    private static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    private static func withFormatter<T>(_ pattern: String, _ zone: TimeZone, _ body: (DateFormatter) -> T) -> T {
        let key = pattern + "\u{0}" + zone.identifier
        return formatters.withLock { table in
            let box: DateFormatterBox
            if let cached = table[key] {
                box = cached
            } else {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.timeZone = zone
                formatter.dateFormat = pattern
                box = DateFormatterBox(formatter)
                if table.count > 256 { table.removeAll() }
                table[key] = box
            }
            return body(box.formatter)
        }
    }
}

/// A DateFormatter kept in ``TemplateDates``' table.
///
/// `@unchecked Sendable` is sound: the formatter is configured once, before it is shared,
/// and only ever used while the table's lock is held, so no two threads touch it at once.
private final class DateFormatterBox: @unchecked Sendable {
    let formatter: DateFormatter
    init(_ formatter: DateFormatter) { self.formatter = formatter }
}
