/// What one schema of an OpenAPI document says in OpenAPI's own words, gathered while its
/// other keywords compile and applied once they have (``SchemaCompiler/apply(_:to:in:)``).
struct OpenAPISchemaFacts {
    /// The schema object.
    let json: JSONNode
    /// The document's dialect; nil for JSON Schema, where nothing here applies.
    let dialect: OpenAPIDialect?
    /// OpenAPI 3.0: the schema is a Reference Object (it has a `$ref`), whose other keys are
    /// ignored, as the specification says; only `nullable` is still read.
    let refersOnly: Bool
    /// 3.0's `nullable`.
    var nullableMember: SchemaMember?
    /// 3.0's boolean `exclusiveMinimum`.
    var exclusiveMinimum: SchemaMember?
    /// 3.0's boolean `exclusiveMaximum`.
    var exclusiveMaximum: SchemaMember?
    /// `discriminator`, in either version.
    var discriminator: SchemaMember?
    /// Zalando's `x-extensible-enum`: an open enum.
    var extensibleEnum: SchemaMember?

    /// The facts of the schema `json`, none yet, for a document in `dialect`.
    init(_ json: JSONNode, dialect: OpenAPIDialect?) {
        self.json = json
        self.dialect = dialect
        refersOnly = dialect?.isOpenAPI30 == true && json["$ref"] != nil
    }

    /// Whether null is allowed besides what the schema says (3.0's `nullable: true`).
    var nullable: Bool { nullableMember?.value.boolValue == true }

    /// Whether the schema's enum is open (it came from `x-extensible-enum`).
    var opensEnum: Bool { extensibleEnum != nil }

    /// Takes `member` when it is OpenAPI's to read, or an OpenAPI annotation, or ignored
    /// beside a 3.0 `$ref`; false leaves it to the JSON Schema compiler.
    mutating func takes(_ member: SchemaMember) -> Bool {
        guard let dialect, member.keyword != .ref else { return false }
        let key = member.key
        if dialect.isOpenAPI30 {
            switch key {
            case "nullable":
                nullableMember = member
                return true
            case "exclusiveMinimum":
                exclusiveMinimum = member
                return true
            case "exclusiveMaximum":
                exclusiveMaximum = member
                return true
            default:
                if refersOnly { return true }
            }
        }
        switch key {
        case "discriminator":
            discriminator = member
            return true
        case "x-extensible-enum":
            extensibleEnum = member
            return true
        default:
            return OpenAPIDialect.annotations.contains(key)
        }
    }
}
