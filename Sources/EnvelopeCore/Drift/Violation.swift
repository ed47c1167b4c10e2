/// One place where an instance failed one schema keyword (or drew a warning), before grouping.
public struct Violation: Sendable {
    /// The drift kind.
    public var kind: DriftKind
    /// The instance path: keys and array indices from the root.
    public var path: [PathComponent]
    /// The schema keyword that failed (`type`, `required`, `maxLength`, ...).
    public var keyword: String
    /// What the contract expected, in words.
    public var expected: String
    /// A short excerpt of what was found.
    public var actual: String
    /// Byte offset in the body of the value the finding points at.
    public var offset: Int
    /// Whether this makes the instance invalid in the JSON Schema sense (warnings do not).
    public var isFailure: Bool
}

extension Array where Element == PathComponent {
    /// The JSON Pointer of the path: `/result/list/3/MENU_ID2`.
    public var jsonPointer: String {
        var pointer = ""
        for component in self {
            switch component {
            case .key(let key): pointer += "/" + JSONPointer.escape(key)
            case .index(let index): pointer += "/\(index)"
            }
        }
        return pointer
    }

    /// The pointer with every array index written `*`: `/result/list/*/MENU_ID2`.
    public var wildcardPointer: String {
        var pointer = ""
        for component in self {
            switch component {
            case .key(let key): pointer += "/" + JSONPointer.escape(key)
            case .index: pointer += "/*"
            }
        }
        return pointer
    }

    /// The innermost array index on the path, if any.
    public var lastIndex: Int? {
        for component in reversed() { if case .index(let index) = component { return index } }
        return nil
    }
}
