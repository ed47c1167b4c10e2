import Foundation

/// Pact generators as WireMock response templates (`{{randomInt lower=1 upper=9}}`), or, for
/// `ProviderState`, the state's parameter written in; what the mock cannot make is noted and
/// the example served instead.
struct PactTemplates {
    /// The interaction's states, whose params `ProviderState` expressions name.
    let states: [PactProviderState]
    /// Whether a template was written (the mapping then needs the `response-template` transformer).
    private(set) var used = false
    /// Generators not honoured, one line each.
    private(set) var notes: [String] = []

    init(states: [PactProviderState]) {
        self.states = states
    }

    /// What a generator becomes: JSON text to write as it is (a number, `true`), or the text
    /// of a string (written between quotes, not escaped: template helpers hold quotes).
    enum Replacement {
        case raw(String)
        case string(String)
    }

    /// The text for a header (or another string place), nil when not honoured.
    mutating func text(for generator: PactGenerator, example: JSONValue, place: String) -> String? {
        switch replacement(generator, example: example, place: place) {
        // A `ProviderState` value is JSON text: a header takes the string in it.
        case .raw(let text)?: (try? JSONDocument.parse(text))?.root.stringValue ?? text
        case .string(let text)?: text
        case nil: nil
        }
    }

    /// The body as JSON text, with the generated places as templates.
    mutating func body(_ value: JSONValue, generators: [(path: PactPath, generator: PactGenerator)]) -> String {
        write(value, at: [], generators: generators)
    }

    private mutating func write(_ value: JSONValue, at steps: [PactPath.Segment], generators: [(path: PactPath, generator: PactGenerator)]) -> String {
        if let generator = generators.first(where: { $0.path.segments.count == steps.count && $0.path.weight(for: steps) > 0 })?.generator,
           let replacement = replacement(generator, example: value, place: PactPath.text(of: steps)) {
            switch replacement {
            case .raw(let text): return text
            case .string(let text): return "\"" + text + "\""
            }
        }
        switch value {
        case .object(let members):
            return "{" + members.map { JSONValue.string($0.key).serialized() + ": " + write($0.value, at: steps + [.key($0.key)], generators: generators) }.joined(separator: ", ") + "}"
        case .array(let items):
            return "[" + items.enumerated().map { write($1, at: steps + [.index($0)], generators: generators) }.joined(separator: ", ") + "]"
        default:
            return value.serialized()
        }
    }

    /// One generator's replacement, or nil (noted) when the mock cannot make it.
    mutating func replacement(_ generator: PactGenerator, example: JSONValue, place: String) -> Replacement? {
        let isString: Bool = if case .string = example { true } else { false }
        func template(_ text: String, number: Bool = false) -> Replacement {
            used = true
            return number && !isString ? .raw(text) : .string(text)
        }
        func notHonoured(_ why: String) -> Replacement? {
            notes.append("\(place): generator \(generator.type) not honoured (\(why)); the mock serves the example")
            return nil
        }
        switch generator.type {
        case "RandomInt":
            return template("{{randomInt lower=\(generator.text("min") ?? "0") upper=\(generator.text("max") ?? "2147483647")}}", number: true)
        case "RandomDecimal":
            let digits = Int(generator.text("digits") ?? "") ?? 10
            return template("{{randomDecimal lower=0 upper=\(Int(pow(10.0, Double(max(1, min(digits, 15) - 2)))))}}", number: true)
        case "RandomHexadecimal":
            return template("{{randomValue length=\(generator.text("digits") ?? "10") type='HEXADECIMAL'}}")
        case "RandomString":
            return template("{{randomValue length=\(generator.text("size") ?? "20") type='ALPHANUMERIC'}}")
        case "Uuid":
            return template("{{randomValue type='UUID'}}")
        case "RandomBoolean":
            return template("{{pickRandom true false}}", number: true)
        case "Date", "Time", "DateTime":
            let defaults = ["Date": "yyyy-MM-dd", "Time": "HH:mm:ss", "DateTime": "yyyy-MM-dd'T'HH:mm:ss"]
            let format = generator.text("format") ?? defaults[generator.type] ?? ""
            if generator["expression"] != nil {
                notes.append("\(place): generator \(generator.type)'s expression '\(generator.text("expression") ?? "")' is not honoured; the mock serves the time now")
            }
            return template("{{now format=\(format.contains("'") ? "\"\(format)\"" : "'\(format)'")}}")
        case "ProviderState":
            return providerState(generator, isString: isString, notHonoured: notHonoured)
        case "MockServerURL":
            guard let regex = generator.text("regex"), let example = generator.text("example") ?? (isString ? PactReader.text(of: example) : nil),
                  let expression = try? NSRegularExpression(pattern: regex),
                  let match = expression.firstMatch(in: example, range: NSRange(example.startIndex..., in: example)), match.numberOfRanges > 1,
                  let range = Range(match.range(at: 1), in: example) else {
                return notHonoured("its regex has no group to keep from the example")
            }
            return template("{{request.baseUrl}}" + example[range])
        case "Regex":
            return notHonoured("the mock's templates cannot make a string from a regular expression")
        default:
            return notHonoured("unknown generator")
        }
    }

    /// `ProviderState`: `${name}` replaced with the state's param; a whole-expression param
    /// keeps its JSON type unless `dataType` says `STRING`.
    private func providerState(_ generator: PactGenerator, isString: Bool, notHonoured: (String) -> Replacement?) -> Replacement? {
        guard let expression = generator.text("expression") else { return notHonoured("it has no expression") }
        let params = states.flatMap(\.params)
        func param(_ name: String) -> JSONValue? { params.last { $0.key == name }?.value }
        let dataType = generator.text("dataType")?.uppercased()
        if expression.hasPrefix("${"), expression.hasSuffix("}"), !expression.dropFirst(2).contains("$") {
            let name = String(expression.dropFirst(2).dropLast())
            guard let value = param(name) else { return notHonoured("no provider state param '\(name)'") }
            if case .string(let text) = value { return .raw(JSONValue.string(text).serialized()) }
            return dataType == "STRING" || (isString && dataType == nil) ? .raw(JSONValue.string(PactReader.text(of: value)).serialized()) : .raw(value.serialized())
        }
        var out = expression
        while let start = out.range(of: "${"), let end = out.range(of: "}", range: start.upperBound..<out.endIndex) {
            let name = String(out[start.upperBound..<end.lowerBound])
            guard let value = param(name) else { return notHonoured("no provider state param '\(name)'") }
            out.replaceSubrange(start.lowerBound..<end.upperBound, with: PactReader.text(of: value))
        }
        return .raw(JSONValue.string(out).serialized())
    }
}
