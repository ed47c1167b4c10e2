import EnvelopeCore
import Foundation

/// Encodes an `Encodable` model as query parameters: the inverse of ``QueryDecoder``.
///
/// ```swift
/// try QueryEncoder(keyStrategy: .convertFromSnakeCase).encode(Model(a1B: "1", a2: "2"))   // "a1_b=1&a2=2"
/// ```
///
/// Properties become parameters in the order the type encodes them; `nil` is left out;
/// arrays repeat the name (`id=1&id=2`); `Bool` is `true`/`false`; enums write their raw
/// value. Nested structs cannot be written as a flat query and are an error.
public struct QueryEncoder: Sendable {
    /// How property names map to parameter names (`convertFromSnakeCase` writes `a1B` as `a1_b`).
    public var keyStrategy: QueryKeyStrategy

    /// Creates an encoder.
    public init(keyStrategy: QueryKeyStrategy = .useDefaultKeys) {
        self.keyStrategy = keyStrategy
    }

    /// The parameters of `value`, in order, not percent-encoded.
    public func encodeItems<T: Encodable>(_ value: T) throws(QueryEncodingError) -> [QueryItem] {
        let sink = QueryEncodingSink(keyStrategy: keyStrategy)
        do {
            try value.encode(to: QueryValueEncoder(sink: sink, name: nil))
        } catch let error as QueryEncodingError {
            throw error
        } catch {
            throw QueryEncodingError(parameter: "(query)", message: "\(AuditScalar.swiftName(T.self)).encode(to:) failed: \(error)")
        }
        return sink.items
    }

    /// The query string of `value` (`a1_b=1&a2=2`), percent-encoded, without the `?`.
    public func encode<T: Encodable>(_ value: T) throws(QueryEncodingError) -> String {
        try encodeItems(value).map { item in
            QueryEncoding.encode(item.name) + (item.value.map { "=" + QueryEncoding.encode($0) } ?? "")
        }.joined(separator: "&")
    }

    /// `base` with `value`'s query appended (`abc://host` → `abc://host?a1_b=1&a2=2`).
    public func url<T: Encodable>(_ base: String, _ value: T) throws(QueryEncodingError) -> String {
        let query = try encode(value)
        guard !query.isEmpty else { return base }
        return base + (base.contains("?") ? "&" : "?") + query
    }
}
