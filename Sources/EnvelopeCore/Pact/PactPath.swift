import Foundation

/// A matching-rule or generator path into a body (`$.items[*].id`, `$['a b']`, `$.*`).
public struct PactPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Segment: Sendable, Hashable {
        /// A named member.
        case key(String)
        /// An array element by index.
        case index(Int)
        /// `[*]`: any element of an array.
        case anyIndex
        /// `.*`: any member of an object (or any element).
        case anyKey
    }

    /// The steps after `$`.
    public var segments: [Segment]
    /// The path as written.
    public var text: String

    /// Creates a path from its steps.
    public init(segments: [Segment], text: String) {
        self.segments = segments
        self.text = text
    }

    /// `$` as written.
    public var description: String { text }

    /// Parses a path; nil when it is not one (then the caller reports it). A leading `$` is
    /// optional, as in some V3 files (`"id"` for `$.id`).
    public static func parse(_ text: String) -> PactPath? {
        let scalars = Array(text.unicodeScalars)
        var position = 0
        var segments: [Segment] = []
        if position < scalars.count, scalars[position] == "$" { position += 1 } else if !scalars.isEmpty, scalars[0] != "." && scalars[0] != "[" {
            // A bare name: a path of one key (older writers leave out `$.`).
            return PactPath(segments: [.key(text)], text: text)
        }
        while position < scalars.count {
            switch scalars[position] {
            case ".":
                position += 1
                var name = ""
                while position < scalars.count, scalars[position] != ".", scalars[position] != "[" {
                    name.unicodeScalars.append(scalars[position])
                    position += 1
                }
                guard !name.isEmpty else { return nil }
                segments.append(name == "*" ? .anyKey : .key(name))
            case "[":
                position += 1
                guard position < scalars.count else { return nil }
                if scalars[position] == "'" || scalars[position] == "\"" {
                    let quote = scalars[position]
                    position += 1
                    var name = ""
                    while position < scalars.count, scalars[position] != quote {
                        if scalars[position] == "\\", position + 1 < scalars.count { position += 1 }
                        name.unicodeScalars.append(scalars[position])
                        position += 1
                    }
                    position += 1
                    guard position < scalars.count, scalars[position] == "]" else { return nil }
                    segments.append(.key(name))
                } else {
                    var inner = ""
                    while position < scalars.count, scalars[position] != "]" {
                        inner.unicodeScalars.append(scalars[position])
                        position += 1
                    }
                    guard position < scalars.count else { return nil }
                    if inner == "*" { segments.append(.anyIndex) } else if let index = Int(inner), index >= 0 { segments.append(.index(index)) } else { return nil }
                }
                position += 1
            default:
                return nil
            }
        }
        return PactPath(segments: segments, text: text)
    }

    /// How well this rule path fits the concrete path `steps` (keys and indexes; `[*]` and `.*`
    /// there stand for the items or keys past the examples, which only wildcards reach): 0 when it
    /// does not apply; else Pact's weight (2 per exact step, 1 per wildcard, multiplied)
    /// times its length, so that the most specific rule wins. A rule applies to the value it
    /// names and, as Pact cascades them, to everything inside it.
    public func weight(for steps: [Segment]) -> Int {
        guard segments.count <= steps.count else { return 0 }
        var weight = 2  // the root
        for (rule, step) in zip(segments, steps) {
            switch (rule, step) {
            case (.key(let a), .key(let b)) where a == b: weight *= 2
            case (.index(let a), .index(let b)) where a == b: weight *= 2
            case (.anyIndex, .index), (.anyKey, .key), (.anyKey, .index), (.anyIndex, .anyIndex), (.anyKey, .anyIndex), (.anyKey, .anyKey): weight *= 1
            default: return 0
            }
        }
        return weight * (segments.count + 1)
    }

    /// The path of a concrete place, written as Pact writes paths (`$.items[0].id`).
    public static func text(of steps: [Segment]) -> String {
        var out = "$"
        for step in steps {
            switch step {
            case .key(let name):
                if name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }), !name.isEmpty {
                    out += "." + name
                } else {
                    out += "['" + name.replacingOccurrences(of: "'", with: "\\'") + "']"
                }
            case .index(let index): out += "[\(index)]"
            case .anyIndex: out += "[*]"
            case .anyKey: out += ".*"
            }
        }
        return out
    }
}
