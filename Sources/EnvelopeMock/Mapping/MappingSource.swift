import EnvelopeCore

/// Where a stub comes from: its file, its position inside a `{"mappings": [...]}` file, and the
/// line:column of its object.
public struct MappingSource: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// The 0-based position in the file's `mappings` array; nil for a one-stub file.
    public var index: Int?
    public var location: SourceLocation?

    /// The `file` of a stub added through the admin API (shown in the 404 report).
    public static let adminAPI = "added through the admin API"
    /// The file name of stubs a recording added (`/__admin/recordings/stop` and `/snapshot`):
    /// they are in the mappings folder already, so `mappings/save` leaves them out.
    public static let recording = "recorded through the admin API"

    public init(file: String, index: Int? = nil, location: SourceLocation? = nil) {
        self.file = file
        self.index = index
        self.location = location
    }

    public var description: String {
        var text = file
        if let location { text += ":\(location)" }
        if let index { text += " (mapping \(index + 1))" }
        return text
    }
}
