import EnvelopeCore
import Foundation

/// Decodes a `Decodable` model from a URL's query parameters, the library version of the
/// `QueryParameterParsable` deep-link trick (seed 003) without the round trip through JSON.
///
/// ```swift
/// struct Model: Decodable { var a1B: String?; var a2: String? }
/// let model = try QueryDecoder(keyStrategy: .convertFromSnakeCase)
///     .decode(Model.self, from: "abc://host?a1_b=1&a2=2")   // Model(a1B: "1", a2: "2")
/// ```
///
/// - Names go through ``keyStrategy`` (`a1_b` → `a1B`).
/// - Values are percent-decoded and read as the property's type: `String`, `Int` and the
///   other integers, `Double`, `Float`, `Decimal`, `Bool` (`true`/`false`/`1`/`0`, and a bare
///   `?flag`), `URL`, `RawRepresentable` enums, and arrays from repeated names (`?id=1&id=2`).
/// - An empty value (`a2=`) of an optional non-string property reads as absent.
/// - Every problem is reported in one ``QueryDecodingError`` (a missing parameter, a value
///   that is not a number, an unknown enum value...), never a silent nil.
public struct QueryDecoder: Sendable {
    /// How parameter names map to property names.
    public var keyStrategy: QueryKeyStrategy
    /// Whether `+` means a space (HTML form encoding); off by default, as in `URLComponents`.
    public var plusAsSpace: Bool
    /// Whether parameters the model never reads are problems (`unknown-key`); off by default,
    /// since links often carry tracking parameters.
    public var rejectsUnknownParameters: Bool

    /// Creates a decoder.
    public init(keyStrategy: QueryKeyStrategy = .useDefaultKeys, plusAsSpace: Bool = false, rejectsUnknownParameters: Bool = false) {
        self.keyStrategy = keyStrategy
        self.plusAsSpace = plusAsSpace
        self.rejectsUnknownParameters = rejectsUnknownParameters
    }

    /// Decodes `type` from the query of `url` (a full URL, or just `?a=1&b=2` or `a=1&b=2`).
    public func decode<T: Decodable>(_ type: T.Type, from url: String) throws(QueryDecodingError) -> T {
        let items: [QueryItem]
        if url.contains("?") || url.contains("://") {
            items = URLParts.parse(url, plusAsSpace: plusAsSpace).query
        } else {
            items = URLParts.parseQuery(url, plusAsSpace: plusAsSpace)
        }
        return try decode(type, fromQuery: items)
    }

    /// Decodes `type` from the query of `url`.
    public func decode<T: Decodable>(_ type: T.Type, from url: URL) throws(QueryDecodingError) -> T {
        try decode(type, from: url.absoluteString)
    }

    /// Decodes `type` from query items (already percent-decoded).
    public func decode<T: Decodable>(_ type: T.Type, fromQuery items: [QueryItem]) throws(QueryDecodingError) -> T {
        let state = QueryDecodingState(items: items, keyStrategy: keyStrategy)
        let decoder = QueryValueDecoder(state: state, parameter: nil)
        var value: T?
        do {
            value = try T(from: decoder)
        } catch {
            // Our containers record problems instead of throwing; anything thrown comes from
            // the type itself (or from a value no stand-in could be made for, already recorded).
            if !(error is AuditAbort) {
                state.problems.append(.init(kind: .constraintViolation, parameter: "(query)",
                                            expected: "a value \(AuditScalar.swiftName(T.self)).init(from:) accepts",
                                            found: DriftAudit.describe(error)))
            }
        }
        if rejectsUnknownParameters {
            for name in state.order where !state.read.contains(name) {
                for item in state.values[name] ?? [] {
                    state.problems.append(.init(kind: .unknownKey, parameter: item.name, expected: "no such parameter (the model never reads it)",
                                                found: item.value.map { JSONValue.quoted($0) } ?? "a bare name"))
                }
            }
        }
        guard state.problems.isEmpty, let value else {
            throw QueryDecodingError(typeName: AuditScalar.swiftName(T.self), problems: state.problems)
        }
        return value
    }
}
