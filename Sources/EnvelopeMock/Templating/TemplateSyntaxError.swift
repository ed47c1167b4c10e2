/// Why a template does not compile: what, and where in the template's text (a UTF-8 byte
/// offset, which the mapping reader turns into file:line:column).
public struct TemplateSyntaxError: Error, Sendable, CustomStringConvertible {
    /// The UTF-8 byte offset into the template's text.
    public var offset: Int
    /// What is wrong and what to do.
    public var reason: String

    public var description: String { reason }
}
