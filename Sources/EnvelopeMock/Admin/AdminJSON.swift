import EnvelopeCore
import Foundation

/// Stubs and journal entries as the JSON the admin API answers with (WireMock's shapes).
enum AdminJSON {
    /// The stub as written, with `id` and `uuid` first (WireMock always shows both).
    static func stub(_ stub: StubMapping) -> JSONValue {
        var members: [JSONValue.Member] = []
        if let document = try? JSONDocument.parse(stub.json), case .object(let written) = document.root.value {
            members = written.filter { $0.key != "id" && $0.key != "uuid" }
        }
        return .object([member("id", .string(stub.identifier)), member("uuid", .string(stub.identifier))] + members)
    }

    /// WireMock's `LoggedRequest`.
    static func loggedRequest(_ entry: JournalEntry) -> JSONValue {
        let request = entry.request
        var headers: [JSONValue.Member] = []
        for header in entry.request.headers {
            if let index = headers.firstIndex(where: { asciiCaseInsensitiveEquals($0.key, header.name) }) {
                // Repeated headers become an array, as in WireMock.
                switch headers[index].value {
                case .array(let values): headers[index].value = .array(values + [.string(header.value)])
                default: headers[index].value = .array([headers[index].value, .string(header.value)])
                }
            } else {
                headers.append(member(header.name, .string(header.value)))
            }
        }
        let date = Date(timeIntervalSince1970: entry.loggedAt)
        let body = entry.request.body
        let text = String(validatingUTF8Bytes: body)
        var members: [JSONValue.Member] = [
            member("url", .string(request.url)),
            member("absoluteUrl", .string(entry.request.addressedBaseURL + request.url)),
            member("method", .string(entry.request.method)),
            member("headers", .object(headers)),
            member("queryParams", .object(queryParams(request))),
            member("body", .string(text ?? "")),
            member("bodyAsBase64", .string(Data(body).base64EncodedString())),
            member("loggedDate", .number(String(Int64(entry.loggedAt * 1000)))),
            member("loggedDateString", .string(isoFormatter.string(from: date))),
        ]
        if text == nil { members.append(member("bodyIsBinary", .bool(true))) }
        return .object(members)
    }

    /// WireMock's `ServeEvent`: the request, whether it matched, and the stub that answered.
    static func serveEvent(_ entry: JournalEntry, stubs: [String: StubMapping]) -> JSONValue {
        var members: [JSONValue.Member] = [
            member("id", .string(entry.id)),
            member("request", loggedRequest(entry)),
            member("responseDefinition", .object([member("status", .number(String(entry.status)))])),
            member("wasMatched", .bool(entry.wasMatched)),
        ]
        if let proxied = entry.proxied {
            // WireMock's `response` of a serve event: what the client got from the upstream.
            members.append(member("response", .object([
                member("status", .number(String(proxied.status))),
                member("headers", .object(proxied.headers.map { member($0.name, .string($0.value)) })),
                member("bodyAsBase64", .string(Data(proxied.body).base64EncodedString())),
            ])))
        }
        if let identifier = entry.stubIdentifier {
            members.append(member("stubMapping", stubs[identifier].map(stub) ?? .object([member("id", .string(identifier))])))
        }
        return .object(members)
    }

    private static func queryParams(_ request: MockRequest) -> [JSONValue.Member] {
        var result: [JSONValue.Member] = []
        for (name, value) in request.queryParameters {
            if let index = result.firstIndex(where: { $0.key == name }), case .object(var inner) = result[index].value,
               let values = inner.firstIndex(where: { $0.key == "values" }), case .array(let list) = inner[values].value {
                inner[values].value = .array(list + [.string(value)])
                result[index].value = .object(inner)
            } else {
                result.append(member(name, .object([member("key", .string(name)), member("values", .array([.string(value)]))])))
            }
        }
        return result
    }

    // ISO8601DateFormatter is documented thread-safe, and this one is never reconfigured.
    /// A `delayDistribution` as WireMock writes it.
    static func delayDistribution(_ distribution: DelayDistribution) -> JSONValue {
        func number(_ value: Double) -> JSONValue { .number(value == value.rounded() ? String(Int(value)) : String(value)) }
        switch distribution {
        case .uniform(let lower, let upper):
            return .object([member("type", .string("uniform")), member("lower", .number(String(lower))), member("upper", .number(String(upper)))])
        case .lognormal(let median, let sigma, let maxValue):
            var members = [member("type", .string("lognormal")), member("median", number(median)), member("sigma", number(sigma))]
            if let maxValue { members.append(member("maxValue", number(maxValue))) }
            return .object(members)
        }
    }

    /// An ISO 8601 date-time, with or without fractional seconds (`since=` of the journal).
    static func date(_ text: String) -> Date? {
        // The fraction is read here, so that any number of digits works (Python's
        // isoformat() writes six, WireMock three, some clients none).
        var whole = text
        var fraction = 0.0
        if let dot = text.firstIndex(of: ".") {
            let digits = text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let value = Double("0." + digits) else { return nil }
            fraction = value
            whole = String(text[..<dot]) + String(text[text.index(after: dot)...].dropFirst(digits.count))
        }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        return plain.date(from: whole).map { $0.addingTimeInterval(fraction) }
    }

    nonisolated(unsafe) private static let isoFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}

extension String {
    /// The bytes as a string when they are valid UTF-8, else nil.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var result = ""
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): result.unicodeScalars.append(scalar)
            case .emptyInput: self = result; return
            case .error: return nil
            }
        }
    }
}
