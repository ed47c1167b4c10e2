/// The kinds of change between two versions of a contract, with stable ids, classified for a
/// consumer of the responses: a change is breaking when an answer the new contract allows
/// could break an app written against the old one.
public enum ChangeKind: String, Sendable, CaseIterable, Hashable {
    /// A property the old schema declared is gone.
    case propertyRemoved = "property-removed"
    /// A required property is no longer required.
    case becameOptional = "became-optional"
    /// A value may now be null.
    case becameNullable = "became-nullable"
    /// A value may now have a type it could not have before, and lost one it had.
    case typeChanged = "type-changed"
    /// A value may now have more types than before (`integer` to `number`, one type to two).
    case typeWidened = "type-widened"
    /// An `enum` (or `const`) allows a value it did not before.
    case enumValueAdded = "enum-value-added"
    /// A bound, pattern, format or other constraint was relaxed or removed.
    case constraintWidened = "constraint-widened"
    /// An `anyOf` or `oneOf` has a branch it did not have.
    case branchAdded = "branch-added"
    /// The request the contract sends changed (method, path or query).
    case requestChanged = "request-changed"
    /// The expected status changed.
    case statusChanged = "status-changed"
    /// A response header rule was removed or changed.
    case headerRuleRemoved = "header-rule-removed"
    /// A whole contract is gone.
    case contractRemoved = "contract-removed"

    /// A property was added.
    case propertyAdded = "property-added"
    /// An optional property became required.
    case becameRequired = "became-required"
    /// A value may no longer be null.
    case becameNonNull = "became-non-null"
    /// A value may have fewer types than before.
    case typeNarrowed = "type-narrowed"
    /// An `enum` value was removed (or an `enum` added).
    case enumValueRemoved = "enum-value-removed"
    /// A constraint was added or tightened.
    case constraintNarrowed = "constraint-narrowed"
    /// An `anyOf` or `oneOf` branch was removed.
    case branchRemoved = "branch-removed"
    /// A response header rule was added.
    case headerRuleAdded = "header-rule-added"
    /// A new contract.
    case contractAdded = "contract-added"
    /// An open enum allows a string it did not list before: apps keep it as `.unknown`.
    case openEnumValueAdded = "open-enum-value-added"
    /// A closed enum became open: the upstream may now send values an app generated from
    /// the closed one throws on.
    case enumOpened = "enum-opened"
    /// An open enum became closed.
    case enumClosed = "enum-closed"

    // OpenAPI documents (`envelope diff old.json new.json` of two documents).

    /// An operation (method and path) is gone: an app that calls it breaks.
    case operationRemoved = "operation-removed"
    /// A new operation.
    case operationAdded = "operation-added"
    /// A success (2xx) answer, or its JSON body, is no longer documented.
    case responseRemoved = "response-removed"
    /// Another answer (4xx, 5xx, `default`), or its JSON body, is no longer documented: the
    /// app handles it as an undocumented error, as before it could happen.
    case errorResponseRemoved = "error-response-removed"
    /// An answer, or a JSON body for one, is newly documented.
    case responseAdded = "response-added"
    /// The operation needs a parameter the app does not send (new, or optional before).
    case requiredParameterAdded = "required-parameter-added"
    /// A new optional parameter.
    case parameterAdded = "parameter-added"

    /// Whether an app written against the old contract may break on answers the new one
    /// allows.
    public var isBreaking: Bool {
        switch self {
        case .propertyRemoved, .becameOptional, .becameNullable, .typeChanged, .typeWidened, .enumValueAdded,
             .constraintWidened, .branchAdded, .requestChanged, .statusChanged, .headerRuleRemoved, .contractRemoved, .enumOpened,
             .operationRemoved, .responseRemoved, .requiredParameterAdded:
            return true
        case .propertyAdded, .becameRequired, .becameNonNull, .typeNarrowed, .enumValueRemoved, .constraintNarrowed,
             .branchRemoved, .headerRuleAdded, .contractAdded, .openEnumValueAdded, .enumClosed,
             .operationAdded, .errorResponseRemoved, .responseAdded, .parameterAdded:
            return false
        }
    }
}
