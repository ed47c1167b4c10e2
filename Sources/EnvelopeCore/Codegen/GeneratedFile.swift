/// One Swift source file written by ``SwiftCodegen``.
public struct GeneratedFile: Sendable, Hashable {
    /// The file name (`MenuItem.swift`).
    public var name: String
    /// The source text.
    public var text: String

    /// Creates a file.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
