/// One drift finding: every violation of one kind at one place, grouped over array elements.
///
/// `/result/list/*/MENU_ID2  unexpected-null  4 of 9 (#3, #6, #7, #8)` is one finding.
public struct DriftFinding: Sendable, Hashable {
    /// The kind of drift.
    public var kind: DriftKind
    /// The JSON Pointer, with `*` for every element of an array.
    public var pointer: String
    /// How much it matters.
    public var severity: Severity
    /// How many elements (or places) it hit.
    public var count: Int
    /// Out of how many elements at that place (1 outside arrays).
    public var total: Int
    /// The innermost array indices it hit, ascending (at most ``DriftFinding/indexLimit``).
    public var indices: [Int]
    /// Inside nested arrays, the whole index paths hit (outermost first: `[2, 0]` for
    /// `moves[2][0]`), ascending, at most ``DriftFinding/indexLimit``; empty elsewhere.
    public var indexPaths: [[Int]] = []
    /// What the contract expected.
    public var expected: String
    /// What was found (a short excerpt, from the first occurrence).
    public var actual: String
    /// The schema keyword behind the finding, when there is one.
    public var keyword: String?
    /// Where the first occurrences are in the body (at most ``DriftFinding/locationLimit``).
    public var locations: [SourceLocation]

    /// The most indices a finding keeps; a 50,000-element answer does not need 50,000.
    public static let indexLimit = 100
    /// The most locations a finding keeps.
    public static let locationLimit = 5

    /// Creates a finding.
    public init(kind: DriftKind, pointer: String, severity: Severity, count: Int = 1, total: Int = 1, indices: [Int] = [],
                expected: String, actual: String, keyword: String? = nil, locations: [SourceLocation] = []) {
        self.kind = kind
        self.pointer = pointer
        self.severity = severity
        self.count = count
        self.total = total
        self.indices = indices
        self.expected = expected
        self.actual = actual
        self.keyword = keyword
        self.locations = locations
    }

    /// The first location, if any.
    public var location: SourceLocation? { locations.first }

    /// Whether the finding breaks consumers.
    public var isBreaking: Bool { severity == .breaking }
}
