/// One matching rule of a pact (`{"match": "type", "min": 1}`).
public indirect enum PactMatcher: Sendable {
    /// A class of HTTP status for `statusCode`.
    public enum StatusClass: String, Sendable, CaseIterable {
        /// 100-199.
        case information
        /// 200-299.
        case success
        /// 300-399.
        case redirect
        /// 400-499.
        case clientError
        /// 500-599.
        case serverError
        /// 100-399.
        case nonError
        /// 400-599.
        case error
    }

    /// One variant of `arrayContains`: the element at `index` of the example, and the rules
    /// that apply inside it (paths from the element, `$` the element itself).
    public struct Variant: Sendable {
        /// The index of the example element.
        public var index: Int
        /// The rules for the element, by path from it.
        public var rules: [(path: PactPath, rules: PactRuleSet)]
    }

    /// `type`: the value has the example's type; for arrays, with `min`/`max` (`eachLike`,
    /// `atLeastLike`, `atMostLike`, and the `min`/`max` matchers) at least/at most that many
    /// items, each like the first example item.
    case type(min: Int?, max: Int?)
    /// `regex`: a string (or the text of a number) the whole of which matches.
    case regex(String)
    /// `integer`: a number without fraction.
    case integer
    /// `decimal`: a number with a fraction.
    case decimal
    /// `number`: any number.
    case number
    /// `boolean`.
    case boolean
    /// `null`.
    case null
    /// `equality`: equal to the example (undoes a `type` rule above it).
    case equality
    /// `include`: a string that contains the text.
    case include(String)
    /// `date`, in the Java date format given (`yyyy-MM-dd` when none).
    case date(format: String?)
    /// `time`, in the Java time format given.
    case time(format: String?)
    /// `timestamp` (or `datetime`), in the Java format given.
    case timestamp(format: String?)
    /// `contentType`: a body of this media type.
    case contentType(String)
    /// `values`: an object whose values are like the example's (its keys are free).
    case values
    /// `eachKey`: every key of the object passes these rules.
    case eachKey([PactMatcher])
    /// `eachValue`: every value of the object (or item of the array) passes these rules.
    case eachValue([PactMatcher])
    /// `arrayContains`: for each variant, some item of the array is like it.
    case arrayContains([Variant])
    /// `notEmpty`: of the example's type and not empty.
    case notEmpty
    /// `semver`: a semantic version string.
    case semver
    /// `statusCode`: a status of one of these classes or one of these codes.
    case statusCode(classes: [StatusClass], codes: [Int])
    /// A matcher Envelope does not know (its `match` value), kept to be reported.
    case unknown(String)

    /// The name Pact writes in `match`.
    public var name: String {
        switch self {
        case .type: "type"
        case .regex: "regex"
        case .integer: "integer"
        case .decimal: "decimal"
        case .number: "number"
        case .boolean: "boolean"
        case .null: "null"
        case .equality: "equality"
        case .include: "include"
        case .date: "date"
        case .time: "time"
        case .timestamp: "timestamp"
        case .contentType: "contentType"
        case .values: "values"
        case .eachKey: "eachKey"
        case .eachValue: "eachValue"
        case .arrayContains: "arrayContains"
        case .notEmpty: "notEmpty"
        case .semver: "semver"
        case .statusCode: "statusCode"
        case .unknown(let name): name
        }
    }

    /// Whether the matcher also reaches the values inside the one it names, as Pact cascades
    /// rules: the ones about an object's keys or an array's items as a whole stop at it.
    public var cascades: Bool {
        switch self {
        case .values, .eachKey, .eachValue, .arrayContains: false
        default: true
        }
    }
}
