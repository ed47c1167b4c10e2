/// The outcome of `envelope diff`: the changes of each contract compared, and the exit code
/// they make.
public struct DiffReport: Sendable {
    /// One contract's changes.
    public struct Entry: Sendable {
        /// How the contract changed as a whole.
        public enum Status: String, Sendable {
            /// In both versions, with no change.
            case unchanged
            /// In both versions, changed.
            case changed
            /// Only in the new version.
            case added
            /// Only in the old version.
            case removed
        }

        /// The contract's name.
        public var contract: String
        /// The contract file, as the user named it (the new one, or the old one if removed).
        public var file: String
        /// How it changed.
        public var status: Status
        /// The changes, in schema order.
        public var changes: [SchemaChange]

        /// Creates an entry.
        public init(contract: String, file: String, status: Status, changes: [SchemaChange]) {
            self.contract = contract
            self.file = file
            self.status = status
            self.changes = changes
        }

        /// Breaking changes.
        public var breakingCount: Int { changes.filter(\.isBreaking).count }
        /// Changes that break nothing.
        public var compatibleCount: Int { changes.count - breakingCount }
    }

    /// What a report's entries are.
    public enum Unit: String, Sendable {
        /// Contract files (the entries are named by `contract`).
        case contracts
        /// Operations of two OpenAPI documents (`GET /pets/{id} (findPetById)`).
        case operations

        /// `contract`, `operation`.
        var singular: String { String(rawValue.dropLast()) }
        /// What the place of a change that concerns the whole entry reads: `(contract)`.
        var placeholder: String { "(\(singular))" }
        /// The heading of the Markdown and HTML forms.
        var heading: String { self == .contracts ? "Contract changes" : "API changes" }
    }

    /// The entries, in file-name order (for operations: the new document's order, then the
    /// removed ones).
    public var entries: [Entry]
    /// What makes the run fail.
    public var failOn: DiffFailLevel
    /// What was compared, for the headline: `Contracts at HEAD~1 → working tree`.
    public var title: String
    /// What the entries are: contracts, or the operations of two OpenAPI documents.
    public var unit = Unit.contracts
    /// The contract files that did not load, on either side; with any, nothing was compared
    /// and the exit code is 2 (see DiffReport+Problems.swift).
    public var problems: [FileProblem] = []

    /// Creates a report.
    public init(entries: [Entry], failOn: DiffFailLevel = .breaking, title: String = "") {
        self.entries = entries
        self.failOn = failOn
        self.title = title
    }

    /// Breaking changes over all entries.
    public var breakingCount: Int { entries.reduce(0) { $0 + $1.breakingCount } }
    /// Compatible changes over all entries.
    public var compatibleCount: Int { entries.reduce(0) { $0 + $1.compatibleCount } }

    /// 2 when a file did not load; else 1 when a change at or above ``failOn`` was found,
    /// else 0.
    public var exitCode: Int32 {
        if !problems.isEmpty { return 2 }
        switch failOn {
        case .breaking: return breakingCount > 0 ? 1 : 0
        case .any: return breakingCount + compatibleCount > 0 ? 1 : 0
        case .never: return 0
        }
    }

    /// `3 contracts compared: 1 changed (2 breaking, 1 compatible)`.
    public var summaryLine: String {
        if let line = problemSummaryLine { return line }
        let changed = entries.filter { $0.status != .unchanged }.count
        let noun = entries.count == 1 ? unit.singular : unit.rawValue
        return "\(entries.count) \(noun) compared: \(changed) changed (\(breakingCount) breaking, \(compatibleCount) compatible)"
    }
}
