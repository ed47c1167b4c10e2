/// What `envelope import openapi` is asked for.
public struct OpenAPIImportOptions: Sendable {
    /// Which documented answers become contracts.
    public enum Statuses: String, Sendable, CaseIterable {
        /// The 2xx answer (the first with a JSON body, else the first).
        case success = "2xx"
        /// One contract per documented status with a JSON body (and the 2xx one).
        case all
    }

    /// Which answers become contracts.
    public var statuses: Statuses = .success
    /// The contracts (or operationIds) to import; empty for all.
    public var only: [String] = []
    /// Whether generated objects carry every property, not only the required ones.
    public var includesAllProperties = false
    /// The root document's path relative to the contracts folder, e.g. `../openapi.json`,
    /// which the contracts' `$ref`s start from.
    public var documentPath: String

    /// Options for a document at `documentPath` from the contracts folder.
    public init(documentPath: String) {
        self.documentPath = documentPath
    }
}
