import Foundation
import Synchronization

/// Compiled JSONPath expressions and regular expressions for the helpers that take one as
/// an argument (`jsonPath`, `regexExtract`, `matches`): each expression compiles once per
/// server, whatever number of requests use it. Expressions written literally in a template
/// are checked when it loads.
final class TemplateCache: Sendable {
    static let shared = TemplateCache()

    private let paths = Mutex<[String: JSONPath]>([:])
    private let regexes = Mutex<[String: TemplateRegex]>([:])
    /// Entries kept at most (a template may build expressions from request values).
    private let limit = 1024

    func jsonPath(_ text: String) throws(JSONPath.SyntaxError) -> JSONPath {
        if let cached = paths.withLock({ $0[text] }) { return cached }
        let path = try JSONPath(text)
        paths.withLock { table in
            if table.count >= limit { table.removeAll() }
            table[text] = path
        }
        return path
    }

    func regex(_ pattern: String) -> TemplateRegex? {
        if let cached = regexes.withLock({ $0[pattern] }) { return cached }
        guard let compiled = try? NSRegularExpression(pattern: pattern) else { return nil }
        let regex = TemplateRegex(compiled)
        regexes.withLock { table in
            if table.count >= limit { table.removeAll() }
            table[pattern] = regex
        }
        return regex
    }
}

/// An NSRegularExpression shared across threads.
///
/// `@unchecked Sendable` is sound: the expression is created once and never mutated (a `let`),
/// and NSRegularExpression is documented as immutable and safe to use from several threads.
final class TemplateRegex: @unchecked Sendable {
    let regex: NSRegularExpression
    init(_ regex: NSRegularExpression) { self.regex = regex }

    /// Every match's groups (group 0 first), as strings ("" for a group that took part in no match).
    func matches(in text: String) -> [[String]] {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.matches(in: text, range: range).map { match in
            (0..<match.numberOfRanges).map { group in
                Range(match.range(at: group), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// Whether the expression matches all of `text`.
    func matchesWhole(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        guard let match = regex.firstMatch(in: text, options: [.anchored], range: range) else { return false }
        return match.range.length == range.length
    }
}
