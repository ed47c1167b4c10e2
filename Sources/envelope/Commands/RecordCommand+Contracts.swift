import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock
import Foundation

/// Recording: the contract mode, the URL mode, and writing a mapping (or refusing to).
extension RecordCommand {
    /// Records every selected contract's answer, validates it and reports its drift.
    func recordContracts() throws -> Int32 {
        let config: ProjectConfig?
        do {
            config = check.environmentName != nil ? try ProjectConfig.load(path: check.configPath) : try ProjectConfig.loadIfPresent(path: check.configPath)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        var options = ContractLoadOptions()
        options.mappings += config?.referenceMappings ?? []
        let set = try ContractSet.load(directory: check.contractsDirectory, options: options)
        if !set.errors.isEmpty { throw CommandFailure.badInput(set.errorText(directory: check.contractsDirectory)) }
        var environment: ProjectConfig.Environment?
        if let name = check.environmentName, let config { environment = try config.environment(named: name, file: check.configPath) }
        let contracts = try check.select(set.httpContracts, environment: environment)
        let origin = environment.map { "environment \($0.name) (\(check.configPath))" }
        let target = CheckCommand.Target(baseURL: check.baseURL ?? environment?.baseURL ?? "", headers: environment?.headers ?? [], origin: origin)
        let expander = TemplateExpander(environment: ProcessInfo.processInfo.environment)
        let plans = try contracts.map { contract throws(CommandFailure) in try check.plan(contract, target: target, expander: expander) }
        let redactor = Redactor(secrets: plans.flatMap(\.secrets))

        var outcomes = [HTTPOutcome?](repeating: nil, count: plans.count)
        HTTPMultiClient(maxConcurrent: 4).run(plans.map(\.request)) { index, outcome in outcomes[index] = outcome }

        var results: [ContractResult] = []
        var shapeChanged = false
        for (index, contract) in contracts.enumerated() {
            guard let outcome = outcomes[index] else { continue }
            let plan = plans[index]
            results.append(check.evaluate(outcome, contract: contract, plan: plan).0)
            guard case .success(let response) = outcome.result else { continue }
            let kept = Set(contract.response.headers.map { $0.name.lowercased() } + ["content-type"])
            let mapping = RecordedMapping(
                name: contract.name, method: contract.request.method, path: contract.request.path,
                query: contract.request.query.filter { !$0.value.contains("${") },
                status: response.status, headers: keptHeaders(response.headers, names: kept, redactor: redactor),
                body: redactedBody(response.body, redactor: redactor), recordedFrom: plan.source,
                requestHeaders: plan.request.headers.map { header in (header.name, Self.redacted(header, redactor)) })
            if try !write(mapping, redactor: redactor) { shapeChanged = true }
        }
        Terminal.writeStandardOutput("\n")
        let report = redactor.redact(Report(results: results, failOn: failOn, contractsDirectory: check.contractsDirectory))
        try ReportOutput(format: "text", outputPath: nil).write(report)
        return shapeChanged ? 1 : report.exitCode
    }

    /// Records one URL that has no contract.
    func recordURL(_ url: String, name: String) throws -> Int32 {
        let expander = TemplateExpander(environment: ProcessInfo.processInfo.environment)
        var secrets: [String] = []
        var sent: [HTTPHeader] = []
        for line in headers {
            guard let colon = line.firstIndex(of: ":") else {
                throw CLIError.invalidValue(option: "--header", value: line, expected: "'Name: value'", suggestion: nil)
            }
            let headerName = line[..<colon].trimmingCharacters(in: .whitespaces)
            let expansion: TemplateExpander.Expansion
            do {
                expansion = try expander.expansion(of: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            } catch {
                throw CommandFailure.badInput("header \(headerName) uses ${\(error.name)}, which is not set in the environment. Set it (export \(error.name)=...).")
            }
            secrets += expansion.secrets
            if Redactor.isSensitiveHeader(headerName) { secrets.append(expansion.value) }
            sent.append(HTTPHeader(name: headerName, value: expansion.value))
        }
        let urlExpansion: TemplateExpander.Expansion
        do {
            urlExpansion = try expander.expansion(of: url)
        } catch {
            throw CommandFailure.badInput("--url uses ${\(error.name)}, which is not set in the environment. Set it (export \(error.name)=...).")
        }
        secrets += urlExpansion.secrets
        let redactor = Redactor(secrets: secrets)
        let request = HTTPRequest(method: method, url: urlExpansion.value, headers: sent, timeout: timeout, followRedirects: true)
        let response: HTTPResponse
        do {
            response = try HTTPClient().send(request)
        } catch {
            throw CommandFailure.transport(redactor.redact(error.description))
        }
        // Path and query from the URL as written, so a ${VAR} in it stays out of the file.
        guard let components = URLComponents(string: url.replacingOccurrences(of: "${", with: "%24%7B").replacingOccurrences(of: "}", with: "%7D")) else {
            throw CommandFailure.badInput("--url \(url) is not a URL")
        }
        let path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
            .replacingOccurrences(of: "%24%7B", with: "${").replacingOccurrences(of: "%7D", with: "}")
        let query = (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }.filter { !$0.1.contains("${") && !$0.1.contains("%24%7B") }
        let mapping = RecordedMapping(
            name: name, method: method, path: path, query: query, status: response.status,
            headers: keptHeaders(response.headers, names: ["content-type"], redactor: redactor),
            body: redactedBody(response.body, redactor: redactor), recordedFrom: "\(method) \(urlExpansion.display)",
            requestHeaders: sent.map { ($0.name, Self.redacted($0, redactor)) })
        return try write(mapping, redactor: redactor) ? 0 : 1
    }

    /// Writes the mapping (and body file), unless one exists and `--force` is not given: then
    /// prints how the new answer's structure differs from the recorded one. Returns false when
    /// an existing mock was left alone although the structure changed.
    func write(_ mapping: RecordedMapping, redactor: Redactor) throws(CommandFailure) -> Bool {
        let mappingPath = FileSystem.join(mocksDirectory, "mappings/\(mapping.name).json")
        let isJSON = (try? JSONDocument.parse(mapping.body)) != nil
        let bodyName = "\(mapping.name).\(isJSON ? "json" : "txt")"
        if FileSystem.exists(mappingPath) && !force {
            let differences: [ShapeDifference]
            do {
                let stubs = try MockMappings.parse(try FileSystem.read(mappingPath), file: mappingPath,
                                                   bodyFiles: MockFolder.bodyFiles(of: mocksDirectory))
                let old = try JSONDocument.parse(stubs.first?.response.body ?? [])
                let new = try JSONDocument.parse(mapping.body)
                differences = JSONShape(old.root).differences(to: JSONShape(new.root))
            } catch {
                Terminal.writeStandardOutput("\(mapping.name)  \(mappingPath) exists and cannot be compared with the new answer (\(error)); not overwritten, give --force to replace it\n")
                return false
            }
            if differences.isEmpty {
                Terminal.writeStandardOutput("\(mapping.name)  \(mappingPath): same structure as recorded; kept (give --force to rewrite it)\n")
                return true
            }
            var text = "\(mapping.name)  \(mappingPath): the answer's structure changed; not overwritten (give --force to replace it)\n"
            let width = differences.map { $0.pointer.isEmpty ? 6 : $0.pointer.count }.max() ?? 0
            let kindWidth = differences.map(\.kind.rawValue.count).max() ?? 0
            for difference in differences {
                let place = difference.pointer.isEmpty ? "(root)" : difference.pointer
                text += "    \(place)\(String(repeating: " ", count: width - place.count))  \(difference.kind.rawValue)\(String(repeating: " ", count: kindWidth - difference.kind.rawValue.count))  \(difference.explanation)\n"
            }
            Terminal.writeStandardOutput(redactor.redact(text))
            return false
        }
        let file = bodyFiles ? bodyName : nil
        let text = redactor.redact(SchemaPrinter.print(mapping.json(bodyFile: file)) + "\n")
        do {
            if let file { try FileSystem.write(bytes: mapping.body, to: FileSystem.join(mocksDirectory, "__files/\(file)")) }
            try FileSystem.write(bytes: Array(text.utf8), to: mappingPath)
        } catch {
            throw .badInput(error.description)
        }
        Terminal.writeStandardOutput("\(mapping.name)  wrote \(mappingPath)\(file.map { " and \(FileSystem.join(mocksDirectory, "__files/\($0)"))" } ?? "")\n")
        return true
    }

    /// The response headers worth replaying: `Content-Type` and those the contract checks,
    /// first of each name, credentials hidden.
    func keptHeaders(_ headers: [HTTPHeader], names: Set<String>, redactor: Redactor) -> [(name: String, value: String)] {
        var seen: Set<String> = []
        return headers.filter { names.contains($0.name.lowercased()) && seen.insert($0.name.lowercased()).inserted }
            .map { ($0.name, Self.redacted($0, redactor)) }
    }

    /// The body with every secret it echoes replaced by `***` (JSON stays JSON: a secret
    /// sits inside a string).
    func redactedBody(_ body: [UInt8], redactor: Redactor) -> [UInt8] {
        guard !redactor.secrets.isEmpty, let text = String(validating: body, as: UTF8.self) else { return body }
        return Array(redactor.redact(text).utf8)
    }

    /// A header's value as it may be written down.
    static func redacted(_ header: HTTPHeader, _ redactor: Redactor) -> String {
        Redactor.isSensitiveHeader(header.name) ? Redactor.mask : redactor.redact(header.value)
    }
}
