/// The keywords of JSON Schema 2020-12 that compiling a schema acts on, told apart by their
/// bytes on the tape so that no key has to become a String to be switched on.
enum SchemaKeyword: String, CaseIterable {
    case type, `enum`, const, ref = "$ref", dynamicRef = "$dynamicRef"
    case properties, required, dependentRequired, dependentSchemas, additionalProperties, unevaluatedProperties
    case patternProperties, propertyNames, minProperties, maxProperties
    case prefixItems, items, unevaluatedItems, contains, minContains, maxContains, minItems, maxItems, uniqueItems
    case minLength, maxLength, pattern
    case minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf
    case allOf, anyOf, oneOf, not, `if`, then, `else`
    case defs = "$defs", definitions, dynamicAnchor = "$dynamicAnchor", anchor = "$anchor"
    case id = "$id", schema = "$schema", vocabulary = "$vocabulary", comment = "$comment"
    case format, contentSchema

    /// The keyword spelled by `bytes` (a key's UTF-8), or nil for any other key.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count < Self.byLength.count else { return nil }
        for keyword in Self.byLength[bytes.count] {
            let matches = keyword.spelling.withUnsafeBufferPointer { memoryEquals($0, bytes) }
            if matches {
                self = keyword.keyword
                return
            }
        }
        return nil
    }

    /// The keywords by the length of their spelling, each with its UTF-8.
    private static let byLength: [[(keyword: SchemaKeyword, spelling: [UInt8])]] = {
        var table = [[(keyword: SchemaKeyword, spelling: [UInt8])]](repeating: [], count: 1 + allCases.map(\.rawValue.utf8.count).max()!)
        for keyword in allCases { table[keyword.rawValue.utf8.count].append((keyword, Array(keyword.rawValue.utf8))) }
        return table
    }()

    /// Whether the keyword belongs to the validation vocabulary (skipped when a meta-schema
    /// turns that vocabulary off).
    var isValidation: Bool {
        switch self {
        case .type, .enum, .const, .multipleOf, .maximum, .exclusiveMaximum, .minimum, .exclusiveMinimum, .maxLength, .minLength,
             .pattern, .maxItems, .minItems, .uniqueItems, .maxContains, .minContains, .maxProperties, .minProperties, .required,
             .dependentRequired:
            true
        default:
            false
        }
    }
}
