import EnvelopeCore

/// Why a query string did not decode: every problem at once, by parameter, as the URL
/// writes its names.
public struct QueryDecodingError: Error, Sendable, CustomStringConvertible {
    /// One problem with one parameter.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// What kind of drift it is (`missing-key`, `type-mismatch`, `enum-violation`,
        /// `unknown-key`, `constraint-violation`).
        public var kind: DriftKind
        /// The parameter as written in the URL (`a1_b`), with `[n]` for one of several values.
        public var parameter: String
        /// What the model needs.
        public var expected: String
        /// What the URL has.
        public var found: String

        /// Creates a problem.
        public init(kind: DriftKind, parameter: String, expected: String, found: String) {
            self.kind = kind
            self.parameter = parameter
            self.expected = expected
            self.found = found
        }

        /// `a2: expected integer (Int), found "two" (type-mismatch)`.
        public var description: String { "\(parameter): expected \(expected), found \(found) (\(kind.rawValue))" }
    }

    /// The type that did not decode.
    public var typeName: String
    /// Every problem, in the order the type asked for the parameters.
    public var problems: [Problem]

    /// Creates an error.
    public init(typeName: String, problems: [Problem]) {
        self.typeName = typeName
        self.problems = problems
    }

    /// One line per problem, and what to do.
    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "the query does not decode as \(typeName) (\(count)):\n"
            + problems.map { "  " + $0.description }.joined(separator: "\n")
            + "\nfix the link, or make the property optional (or give it another type) if such links are expected"
    }
}
