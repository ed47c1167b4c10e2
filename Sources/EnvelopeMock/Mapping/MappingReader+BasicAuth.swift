import EnvelopeCore
import Foundation

extension MappingReader {
    /// `basicAuthCredentials: {"username": ..., "password": ...}` as WireMock reads it: a
    /// header matcher `Authorization` equal to `Basic ` and the Base64 of `username:password`
    /// (UTF-8), compared exactly.
    func basicAuthMatcher(_ member: JSONMember) throws(MockLoadError) -> NamedMatcher {
        let node = try object(member)
        let keys = try members(node, context: "basicAuthCredentials", allowed: ["username", "password"])
        var parts: [String] = []
        for key in ["username", "password"] {
            guard let part = keys[key] else {
                throw .missingKey(file: file, location: node.location, key: key, context: "basicAuthCredentials",
                                  hint: "write {\"username\": \"...\", \"password\": \"...\"}")
            }
            parts.append(try string(part))
        }
        let credentials = Data(parts.joined(separator: ":").utf8).base64EncodedString()
        return NamedMatcher(name: "Authorization", matcher: .equalTo("Basic " + credentials, caseInsensitive: false))
    }
}
