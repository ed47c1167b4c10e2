import EnvelopeCore

/// `/__admin/settings`: WireMock's global `fixedDelay` and `delayDistribution`.
extension AdminAPI {
    /// The answer for the settings routes, nil for any other route.
    func answerSettings(method: String, route: String, _ request: MockRequest) -> PreparedResponse? {
        guard route == "settings" else { return nil }
        switch method {
        case "GET":
            return json(200, .object([member("settings", Self.settingsJSON(store.globalSettings()))]))
        case "POST", "PUT":
            switch readSettings(request.body) {
            case .success(let settings):
                store.setGlobalSettings(settings)
                return json(200, .object([member("settings", Self.settingsJSON(settings))]))
            case .failure(let failure):
                return error(422, failure.title)
            }
        default:
            return nil
        }
    }

    /// `{"fixedDelay": 100, "delayDistribution": {...}}`, or the same inside `{"settings": ...}`
    /// (what `GET` answers). The keys WireMock has and Envelope does not use (`extended`,
    /// `proxyPassThrough`) are accepted and ignored; any other key is refused.
    private func readSettings(_ body: [UInt8]) -> Result<GlobalSettings, AdminFailure> {
        let reader = MappingReader(file: "request body", bodyFiles: bodyFiles)
        do {
            let document = try JSONDocument.parse(body.isEmpty ? Array("{}".utf8) : body, options: JSONParseOptions(duplicateKeys: .reject))
            var node = document.root
            if node.kind == .object, node.members.count == 1, let wrapped = node["settings"] { node = wrapped }
            guard node.kind == .object else { return .failure(AdminFailure(title: "request body: expected {\"fixedDelay\": 100}")) }
            let keys = try reader.members(node, context: "settings", allowed: ["fixedDelay", "delayDistribution", "extended", "proxyPassThrough"])
            var settings = GlobalSettings()
            if let delay = keys["fixedDelay"] {
                settings.fixedDelay = try reader.integer(delay)
                guard (0...DelayDistribution.ceiling).contains(settings.fixedDelay) else {
                    return .failure(AdminFailure(title: "request body: fixedDelay \(settings.fixedDelay) is outside 0...600000 milliseconds"))
                }
            }
            if let distribution = keys["delayDistribution"], distribution.value.kind != .null {
                settings.delayDistribution = try reader.readDelayDistribution(distribution)
            }
            return .success(settings)
        } catch let error as MockLoadError {
            return .failure(AdminFailure(title: error.description))
        } catch {
            return .failure(AdminFailure(title: "request body: not valid JSON: \(error)"))
        }
    }

    private static func settingsJSON(_ settings: GlobalSettings) -> JSONValue {
        var members = [member("fixedDelay", .number(String(settings.fixedDelay)))]
        if let distribution = settings.delayDistribution { members.append(member("delayDistribution", AdminJSON.delayDistribution(distribution))) }
        return .object(members)
    }
}
