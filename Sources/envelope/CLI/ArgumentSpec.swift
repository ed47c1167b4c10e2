/// One declared positional argument of a command, such as `<file>`.
///
/// Positionals are matched in declaration order; a repeating one takes all that remain, so it
/// must be declared last.
struct ArgumentSpec: Sendable, Equatable {
    /// How many values a positional takes.
    enum Kind: Sendable, Equatable {
        /// Exactly one, and leaving it out is a usage error.
        case required
        /// Zero or one.
        case optional
        /// Zero or more; must be the last positional.
        case repeating
    }

    /// The name shown in help and used for lookups, without brackets, for example `file`.
    let name: String
    /// One or two sentences for the help screen.
    let help: String
    /// How many values it takes.
    let kind: Kind

    /// Declares a positional argument.
    init(_ name: String, help: String, kind: Kind = .required) {
        self.name = name
        self.help = help
        self.kind = kind
    }

    /// The argument as written in usage: `<file>`, `[<file>]` or `[<file> ...]`.
    var usage: String {
        switch kind {
        case .required: return "<\(name)>"
        case .optional: return "[<\(name)>]"
        case .repeating: return "[<\(name)> ...]"
        }
    }
}
