/// Segments of a path or URI path, as bytes, taken apart and put together again by the
/// byte-level normalizers (``SchemaURI/removeDotSegments(bytes:keepingParentSteps:)`` and the
/// CLI's file paths).
package enum PathSegments {
    /// `segments` joined by `/`, after a `/` when the path is `absolute`.
    package static func joined(_ segments: [ArraySlice<UInt8>], absolute: Bool) -> [UInt8] {
        var result: [UInt8] = absolute ? [UInt8(ascii: "/")] : []
        result.reserveCapacity(segments.reduce(result.count) { $0 + $1.count + 1 })
        for (position, segment) in segments.enumerated() {
            if position > 0 { result.append(UInt8(ascii: "/")) }
            result += segment
        }
        return result
    }

    /// Whether `segment` is `..`.
    package static func isParentStep(_ segment: ArraySlice<UInt8>) -> Bool {
        segment.elementsEqual("..".utf8)
    }
}
