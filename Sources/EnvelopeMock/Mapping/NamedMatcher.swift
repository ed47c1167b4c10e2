/// A query parameter, header, cookie or path parameter name with the matcher its value must
/// satisfy.
public struct NamedMatcher: Sendable {
    public var name: String
    public var matcher: StringMatcher

    public init(name: String, matcher: StringMatcher) {
        self.name = name
        self.matcher = matcher
    }
}
