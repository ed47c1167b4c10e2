/// The tool's version.
enum EnvelopeVersion {
    /// The version printed by `--version` and sent in `User-Agent`.
    static let current = "0.1.0"
}
