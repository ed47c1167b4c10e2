import EnvelopeCore
import EnvelopeHTTP

/// The command-line options about schemas that `check` and `validate` share: `--map-ref`,
/// `--allow-remote-refs`, `--assert-formats` and `--drift`.
struct SchemaOptions {
    /// The option specs, for a command's configuration.
    static let specs: [OptionSpec] = [
        .repeatable("--map-ref", valueName: "prefix=dir", help: "Resolve $refs starting with PREFIX from files in DIR (no network)."),
        .flag("--allow-remote-refs", help: "Fetch $refs to http(s) URIs that no --map-ref serves (off: CI stays offline)."),
        .flag("--assert-formats", help: "Check 'format' (date-time, email, uuid, ...) instead of treating it as a note."),
        .repeatable("--drift", valueName: "kind=severity", help: "Set a drift kind's severity: breaking, warning or ignore."),
    ]

    var load: ContractLoadOptions
    var policy: SeverityPolicy

    /// Reads the options, with usage errors that say what was expected.
    init(parsed: ParsedArguments) throws(CLIError) {
        var mappings: [SchemaCompiler.ReferenceMapping] = []
        for value in parsed.values("--map-ref") {
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex, value.index(after: equals) != value.endIndex else {
                throw .invalidValue(option: "--map-ref", value: value, expected: "PREFIX=DIR, e.g. https://schemas.example.com/=schemas", suggestion: nil)
            }
            let prefix = String(value[..<equals])
            let directory = String(value[value.index(after: equals)...])
            mappings.append(SchemaCompiler.ReferenceMapping(prefix: prefix) { path in
                try FileSystem.read(FileSystem.join(directory, path))
            })
        }
        var fetchRemote: SchemaCompiler.Reader?
        if parsed.flag("--allow-remote-refs") {
            fetchRemote = { uri in try SchemaOptions.fetch(uri) }
        }
        load = ContractLoadOptions(mappings: mappings, assertFormats: parsed.flag("--assert-formats"), fetchRemote: fetchRemote)
        var overrides: [DriftKind: Severity] = [:]
        for value in parsed.values("--drift") {
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let kind = DriftKind(rawValue: parts[0]) else {
                let name = value.split(separator: "=").first.map(String.init) ?? value
                let suggestion = EditDistance.suggestion(for: name, among: DriftKind.allCases.map(\.rawValue))
                throw .invalidValue(option: "--drift", value: value, expected: "KIND=SEVERITY with a drift kind such as unknown-key", suggestion: suggestion.map { "\($0)=\(parts.count == 2 ? parts[1] : "warning")" })
            }
            guard let severity = Severity(setting: parts[1]) else {
                throw .invalidValue(option: "--drift", value: value, expected: "a severity: breaking, warning or ignore", suggestion: nil)
            }
            overrides[kind] = severity
        }
        policy = SeverityPolicy(overrides: overrides)
    }

    /// Fetches a schema over HTTP(S), following redirects; anything but a 200 is an error.
    static func fetch(_ uri: String) throws -> [UInt8] {
        guard uri.hasPrefix("http://") || uri.hasPrefix("https://") else {
            throw FileSystem.Failure(description: "only http and https URIs can be fetched")
        }
        let response = try HTTPClient().send(HTTPRequest(url: uri, headers: [HTTPHeader(name: "Accept", value: "application/schema+json, application/json")],
                                                          connectTimeout: 10, timeout: 30, followRedirects: true, maxRedirects: 5))
        guard response.status == 200 else {
            throw FileSystem.Failure(description: "the server answered \(response.status), expected 200")
        }
        return response.body
    }
}
