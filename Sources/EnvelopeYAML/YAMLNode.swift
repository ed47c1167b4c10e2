import EnvelopeCore

/// One node of a YAML document as libyaml's events describe it, before aliases and merge
/// keys are resolved.
///
/// Nodes are kept in one array in document order, like the JSON tape: a mapping or sequence
/// is followed by its children (a mapping's alternate key, value) and records where they stop.
struct YAMLNode {
    /// What the node is.
    enum Kind: UInt8 {
        case scalar
        case sequence
        case mapping
        /// `*name`: the node anchored `&name`, again.
        case alias
    }

    var kind: Kind
    var tag: YAMLTag
    /// Whether a scalar was written plain (unquoted, not a block scalar): only plain scalars
    /// are typed by their text.
    var isPlain: Bool
    var location: SourceLocation
    /// A scalar's first byte in ``YAMLTree/scalarBytes``; a mapping's or sequence's index just
    /// past its last child (-1 while it is open); an alias's target node.
    var first: Int
    /// A scalar's byte count.
    var length: Int

    /// Whether the node is a mapping or a sequence.
    var isContainer: Bool { kind == .sequence || kind == .mapping }

    /// What the node is, for messages.
    var noun: String {
        switch kind {
        case .scalar: "a scalar"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        case .alias: "an alias"
        }
    }
}
