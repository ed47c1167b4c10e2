import CDecompress
import Foundation

/// Undoes an answer's `Content-Encoding` (gzip, deflate, br) for validation: the proxy passes
/// the bytes on as they came, and the validator reads JSON.
enum ContentDecoding {
    /// Why a body could not be decoded.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The largest decoded body: a small compressed answer may not expand without bound.
    static let limit = 256 * 1024 * 1024

    /// `body` with the codings of `contentEncoding` undone (the last applied first); the body
    /// itself when there are none (or only `identity`).
    static func decode(_ body: [UInt8], contentEncoding: String?) throws(Failure) -> [UInt8] {
        guard let contentEncoding else { return body }
        let codings = contentEncoding.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty && $0 != "identity" }
        var bytes = body
        for coding in codings.reversed() {
            let code: envelope_coding
            switch coding {
            case "gzip", "x-gzip": code = ENVELOPE_CODING_GZIP
            case "deflate": code = ENVELOPE_CODING_DEFLATE
            case "br": code = ENVELOPE_CODING_BROTLI
            default: throw Failure(description: "Content-Encoding \(coding) cannot be undone for validation (gzip, deflate and br can)")
            }
            bytes = try decode(bytes, coding: code, name: coding)
        }
        return bytes
    }

    private static func decode(_ bytes: [UInt8], coding: envelope_coding, name: String) throws(Failure) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            envelope_decompress(Int32(coding.rawValue), buffer.baseAddress, buffer.count, limit, &output, &length)
        }
        defer { free(output) }
        switch envelope_decompress_status(rawValue: UInt32(status)) {
        case ENVELOPE_DECOMPRESS_OK:
            guard let output else { return [] }
            return Array(UnsafeBufferPointer(start: output, count: length))
        case ENVELOPE_DECOMPRESS_UNAVAILABLE:
            throw Failure(description: "the library for Content-Encoding \(name) could not be opened (Debian: zlib1g, libbrotli1)")
        case ENVELOPE_DECOMPRESS_TOO_LARGE:
            throw Failure(description: "the body decoded from Content-Encoding \(name) is larger than \(limit / 1024 / 1024) MB")
        case ENVELOPE_DECOMPRESS_NO_MEMORY:
            throw Failure(description: "out of memory while undoing Content-Encoding \(name)")
        default:
            throw Failure(description: "the body is not valid \(name) (Content-Encoding \(name))")
        }
    }
}
