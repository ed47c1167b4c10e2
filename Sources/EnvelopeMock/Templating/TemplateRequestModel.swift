import Foundation

/// The `request` a template sees, built from the request for one templated answer, as
/// WireMock documents it: `url`, `path` (with `.[n]` and `urlPathTemplate` variables),
/// `pathSegments`, `query`, `method`, `scheme`, `host`, `port`, `baseUrl`, `headers`
/// (any case), `cookies`, `body`, `bodyAsBase64`, `id`.
enum TemplateRequestModel {
    /// The template's root: `request` and `parameters` (the stub's `transformerParameters`).
    static func root(for request: MockRequest, pathTemplate: PathTemplate?, parameters: TemplateValue) -> TemplateValue {
        .map(TemplateMap([("request", .request(TemplateRequestSource(request: request, pathTemplate: pathTemplate))),
                          ("parameters", parameters)]))
    }

    static let fields = ["id", "url", "path", "pathSegments", "query", "method", "scheme", "host", "port", "baseUrl", "headers", "cookies", "body",
                         "bodyAsBase64"]

    /// One field of the model, made when a template reads it: a template that uses
    /// `request.path` does not pay for the headers, cookies or a base64 body.
    static func field(_ name: String, of source: TemplateRequestSource) -> TemplateValue? {
        let request = source.request
        switch name {
        case "id": return .string(source.id)
        case "url": return .string(request.url)
        case "path":
            var entries: [(String, TemplateValue)] = segments(of: request).enumerated().map { (String($0.offset), .string($0.element)) }
            if let pathTemplate = source.pathTemplate, let values = pathTemplate.match(request.path[...]) {
                for name in pathTemplate.variables { if let value = values[name] { entries.append((name, .string(value))) } }
            }
            return .map(TemplateMap(entries, display: request.path))
        case "pathSegments": return .list(segments(of: request).map(TemplateValue.string))
        case "query": return .map(TemplateMap(grouped(request.queryParameters.map { ($0.name, $0.value) })))
        case "method": return .string(request.method)
        case "scheme": return .string("http")
        case "host": return .string(request.addressed.host)
        case "port": return .int(request.addressed.port)
        case "baseUrl": return .string(request.addressedBaseURL)
        case "headers":
            // Sorted by name, as WireMock (Jetty) lists them.
            return .map(TemplateMap(grouped(request.headers.map { ($0.name, $0.value) }, caseInsensitive: true)
                .sorted { $0.0.lowercased() < $1.0.lowercased() }, caseInsensitive: true))
        case "cookies": return .map(TemplateMap(grouped(cookies(of: request))))
        case "body": return .string(String(decoding: request.body, as: UTF8.self))
        case "bodyAsBase64": return .string(Data(request.body).base64EncodedString())
        default: return nil
        }
    }

    /// The whole model, for a template that renders or walks `request` itself.
    static func map(of source: TemplateRequestSource) -> TemplateMap {
        TemplateMap(fields.compactMap { name in field(name, of: source).map { (name, $0) } })
    }

    private static func segments(of request: MockRequest) -> [String] {
        PathTemplate.segments(of: request.path[...]).map { percentDecoded($0, plusIsSpace: false) }
    }

    /// Values by name in first-seen order; a repeated name gathers its values (`.[n]`).
    private static func grouped(_ pairs: [(String, String)], caseInsensitive: Bool = false) -> [(String, TemplateValue)] {
        var names: [String] = []
        var values: [[String]] = []
        for (name, value) in pairs {
            if let index = names.firstIndex(where: { caseInsensitive ? asciiCaseInsensitiveEquals($0, name) : $0 == name }) {
                values[index].append(value)
            } else {
                names.append(name)
                values.append([value])
            }
        }
        return zip(names, values).map { ($0, .multi($1)) }
    }

    private static func cookies(of request: MockRequest) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for header in request.headers where header.hasName("Cookie") {
            for piece in header.value.split(separator: ";") {
                let trimmed = piece.trimmingOWS()
                guard let equals = trimmed.firstIndex(of: "=") else { continue }
                pairs.append((String(trimmed[..<equals].trimmingOWS()), String(trimmed[trimmed.index(after: equals)...].trimmingOWS())))
            }
        }
        return pairs
    }
}

/// The request behind a template's `request`, read field by field (``TemplateRequestModel``).
/// A class: the value is copied at each step of every path that reads it, and a struct
/// holding the whole request retained each of the request's strings and arrays per copy.
final class TemplateRequestSource: Sendable {
    let request: MockRequest
    let pathTemplate: PathTemplate?

    init(request: MockRequest, pathTemplate: PathTemplate?) {
        self.request = request
        self.pathTemplate = pathTemplate
        var generator = SplitMix64.fresh()
        idSeed = generator.next()
    }
    /// `request.id`'s seed: the id is written only when a template reads it (a system UUID
    /// per answer cost a system call whether or not it was used), the same each time.
    let idSeed: UInt64

    /// `request.id`: one value for the whole answer.
    var id: String {
        var generator = SplitMix64(seed: idSeed)
        return generator.uuidString()
    }
}
