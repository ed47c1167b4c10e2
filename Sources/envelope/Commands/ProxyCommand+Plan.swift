import EnvelopeCore
import EnvelopeHTTP
import EnvelopeMock
import Foundation

/// What `proxy` loads before it listens: the contracts, the environment, the fallback mocks.
extension ProxyCommand {
    /// Everything the proxy needs, loaded and checked.
    struct Plan {
        var contracts: [Contract]
        /// The upstream base URL, `${VAR}` expanded, without a trailing `/`.
        var upstream: String
        /// The upstream as reports show it (secrets as `***`).
        var upstreamDisplay: String
        /// The environment's headers, expanded.
        var headers: [HTTPHeader]
        var secrets: [String]
        var fallback: MockMappings?
    }

    /// Loads the project file (with `--env`), the contracts and the fallback mocks; exit 2 with
    /// file:line:column when one is broken.
    func prepare() throws -> Plan {
        var config: ProjectConfig?
        do {
            config = environmentName != nil ? try ProjectConfig.load(path: configPath) : try ProjectConfig.loadIfPresent(path: configPath)
        } catch {
            throw CommandFailure.badInput(error.description)
        }
        var loadOptions = schemaOptions.load
        loadOptions.mappings += config?.referenceMappings ?? []
        // `--config` other than the default decides the project folder, as it does for check.
        let set = try ContractSet.load(directory: contractsDirectory, options: loadOptions, projectFile: configPath == "envelope.json" ? nil : configPath)
        if !set.errors.isEmpty { throw CommandFailure.badInput(set.errorText(directory: contractsDirectory)) }
        var environment: ProjectConfig.Environment?
        if let environmentName, let config { environment = try config.environment(named: environmentName, file: configPath) }
        var contracts = set.httpContracts
        if let only = environment?.only, !only.isEmpty { contracts = contracts.filter { only.contains($0.name) } }
        if let caCertificateFile, !FileManager.default.isReadableFile(atPath: caCertificateFile) {
            throw CommandFailure.badInput("--cacert: no readable file \(caCertificateFile) (expected a PEM file of CA certificates)")
        }

        let expander = TemplateExpander(environment: ProcessInfo.processInfo.environment)
        var secrets: [String] = []
        func expand(_ text: String, _ what: String) throws(CommandFailure) -> TemplateExpander.Expansion {
            do throws(TemplateExpander.MissingVariable) {
                let expansion = try expander.expansion(of: text)
                secrets += expansion.secrets
                return expansion
            } catch {
                throw .badInput("\(what) uses ${\(error.name)}, which is not set in the environment. Set it (export \(error.name)=...).")
            }
        }
        let base = try expand(upstream ?? environment?.baseURL ?? "", upstream == nil ? "the base URL of environment \(environmentName ?? "")" : "--upstream")
        guard base.value.hasPrefix("http://") || base.value.hasPrefix("https://") else {
            throw CommandFailure.badInput("the upstream is \(base.display), expected an http:// or https:// URL")
        }
        var headers: [HTTPHeader] = []
        for header in environment?.headers ?? [] {
            let expansion = try expand(header.value, "header \(header.name) of environment \(environmentName ?? "")")
            if Redactor.isSensitiveHeader(header.name) { secrets.append(expansion.value) }
            headers.append(HTTPHeader(name: header.name, value: expansion.value))
        }
        var fallback: MockMappings?
        if let fallbackDirectory {
            do {
                fallback = try MockMappings.load(directory: fallbackDirectory)
            } catch {
                throw MockLoadFailure(error: error)
            }
        }
        return Plan(contracts: contracts, upstream: Self.trimmed(base.value), upstreamDisplay: Self.trimmed(base.display), headers: headers,
                    secrets: secrets, fallback: fallback)
    }

    /// A base URL without its trailing `/`s (the request's path brings its own).
    static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
