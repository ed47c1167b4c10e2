/// The dialect the schemas of a referenced document are written in, read from the document's
/// top level when it is loaded: an OpenAPI document's `openapi` member says which, and a
/// document without one is plain JSON Schema (nil).
///
/// OpenAPI 3.0's Schema Object is a dialect of its own (`nullable`, boolean `exclusiveMinimum`,
/// `$ref` siblings ignored, `readOnly`/`writeOnly` by direction); 3.1's is JSON Schema 2020-12
/// with a few annotations of OpenAPI's (`discriminator`, `xml`, `externalDocs`, `example`).
/// The compiler reads the keywords of either straight into the schemas the validator runs
/// (see docs/openapi.md).
enum OpenAPIDialect: Sendable, Hashable {
    /// OpenAPI 3.0.x.
    case openAPI30
    /// OpenAPI 3.1.x, whose schemas are JSON Schema 2020-12 unless `jsonSchemaDialect` says
    /// otherwise.
    case openAPI31(jsonSchemaDialect: String?)

    /// What the top level of a loaded document says about its dialect.
    enum Reading: Equatable {
        /// Not an OpenAPI document: its schemas are JSON Schema.
        case jsonSchema
        /// An OpenAPI document in `dialect`.
        case openAPI(OpenAPIDialect)
        /// A document Envelope does not read, and why (Swagger 2.0, an unknown version); the
        /// text names the document as `name`.
        case refused(String)
    }

    /// The dialect of the document whose root is `root`, shown to people as `name`.
    static func reading(_ root: JSONNode, name: String) -> Reading {
        guard root.kind == .object else { return .jsonSchema }
        if let swagger = root["swagger"] {
            let version = swagger.stringValue ?? swagger.rawText
            return .refused("the $ref leads into a Swagger \(version) document (\(name)); Envelope reads OpenAPI 3.0 and 3.1: convert it (e.g. with swagger2openapi) and point the $ref at the result")
        }
        guard let member = root["openapi"] else { return .jsonSchema }
        let version = member.stringValue ?? member.rawText
        if version.hasPrefix("3.0.") || version == "3.0" { return .openAPI(.openAPI30) }
        if version.hasPrefix("3.1.") || version == "3.1" {
            return .openAPI(.openAPI31(jsonSchemaDialect: root["jsonSchemaDialect"]?.stringValue))
        }
        return .refused("the $ref leads into an OpenAPI \(version) document (\(name)); Envelope reads OpenAPI 3.0 and 3.1 (the 'openapi' member says 3.0.x or 3.1.x)")
    }

    /// Whether the schemas are OpenAPI 3.0's dialect rather than JSON Schema 2020-12.
    var isOpenAPI30: Bool { self == .openAPI30 }

    /// The keys of OpenAPI's own vocabulary that only annotate a schema, in every version:
    /// accepted and not checked (`discriminator` is read separately).
    static let annotations: Set<String> = ["example", "xml", "externalDocs", "deprecated"]

    /// The meta-schema URIs of OpenAPI 3.1's dialects: JSON Schema 2020-12 with OpenAPI's
    /// vocabulary, which only annotates.
    static func isOpenAPIDialect(_ uri: String) -> Bool {
        uri.hasPrefix("https://spec.openapis.org/oas/3.1/dialect/") || uri.hasPrefix("https://spec.openapis.org/oas/3.1/schema-base")
    }
}
