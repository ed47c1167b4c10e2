import Foundation
import EnvelopeCore

/// The project file `envelope.json`: named environments (a base URL and headers each) that
/// `envelope check --env NAME` sends requests to.
///
/// ```json
/// { "environments": { "naver": { "baseURL": "https://openapi.naver.com",
///                                "headers": { "X-Naver-Client-Id": "${NAVER_CLIENT_ID}" },
///                                "only": ["naver-blog"] } } }
/// ```
struct ProjectConfig {
    /// One environment.
    struct Environment {
        /// Its name, as given to `--env`.
        var name: String
        /// The base URL; may use `${VAR}`.
        var baseURL: String
        /// Headers added to every request, in order; values may use `${VAR}`.
        var headers: [(name: String, value: String)]
        /// The contracts this environment serves, when it serves only some; empty for all.
        var only: [String]
    }

    /// A project file that cannot be used, with its whole message line: `file:line:column:
    /// error: …` like a contract's load errors, or `error: …` when there is no place.
    struct LoadError: Error, CustomStringConvertible {
        /// The project file.
        var file: String
        /// Where in it, when the problem has a place.
        var location: SourceLocation?
        /// What is wrong and what to do.
        var message: String
        /// Whether the message already names the file (it could not be read), so the line
        /// starts `error: ` rather than with the file.
        var namesFile = false

        var description: String {
            if namesFile { return "error: \(message)" }
            return "\(file):\(location.map { "\($0):" } ?? "") error: \(message)"
        }

        /// The problem as every report shows it.
        var problem: FileProblem { FileProblem(level: .error, file: file, location: location, message: message) }
    }

    /// The environments, in file order.
    var environments: [Environment]
    /// `refMap`: URI prefixes whose `$ref`s are read from local folders (relative to the
    /// project file), like `--map-ref PREFIX=DIR`.
    var refMap: [(prefix: String, directory: String)] = []
    /// `"mocks": {"globalResponseTemplating": true}`: `check`'s in-process mock (and `lint`)
    /// read every stub's response as a template, as `envelope serve --global-response-templating`.
    var mockGlobalTemplating = false

    /// The project file at `path` if there is one (nothing if not), for settings that apply
    /// without `--env`, such as `refMap`.
    static func loadIfPresent(path: String) throws(LoadError) -> ProjectConfig? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try load(path: path)
    }

    /// The project file for a command that reads it: required with `--env` (`needed`), and
    /// when `--config` names it (`given`), for a file the user named that is not there is a
    /// mistake, not a project without one; otherwise read only if present.
    static func load(path: String, needed: Bool, given: Bool) throws(LoadError) -> ProjectConfig? {
        if needed { return try load(path: path) }
        if given && !FileManager.default.fileExists(atPath: path) {
            throw LoadError(file: path, message: "no such file: \(path) (--config names the project file, with the environments and refMap)", namesFile: true)
        }
        return try loadIfPresent(path: path)
    }

    /// The reference mappings of `refMap`, for contract loading.
    var referenceMappings: [SchemaCompiler.ReferenceMapping] {
        refMap.map { entry in
            SchemaCompiler.ReferenceMapping(prefix: entry.prefix) { path in try FileSystem.read(FileSystem.join(entry.directory, path)) }
        }
    }

    /// The environment called `name`, or an error naming the ones there are.
    func environment(named name: String, file: String) throws(CommandFailure) -> Environment {
        if let found = environments.first(where: { $0.name == name }) { return found }
        let names = environments.map(\.name)
        let suggestion = EditDistance.suggestion(for: name, among: names).map { " Did you mean '\($0)'?" } ?? ""
        let known = names.isEmpty ? "it defines none" : "it defines " + names.map { "'\($0)'" }.joined(separator: ", ")
        throw .badInput("no environment named '\(name)' in \(file) (\(known)).\(suggestion)")
    }

    /// Reads and checks `path`; every mistake is exit 2 with `file:line:column`.
    static func load(path: String) throws(LoadError) -> ProjectConfig {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw LoadError(file: path, message: "\(error.description); --env needs the project file (envelope.json at the repository root, or --config FILE)", namesFile: true)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes, options: JSONParseOptions(duplicateKeys: .reject))
        } catch {
            throw LoadError(file: path, location: error.location, message: "not valid JSON: \(error.message)")
        }
        func fail(_ node: JSONNode, _ message: String) -> LoadError {
            LoadError(file: path, location: node.location, message: message)
        }
        let root = document.root
        guard root.kind == .object else { throw fail(root, "expected an object with \"environments\", found \(root.kind)") }
        var config = ProjectConfig(environments: [])
        for member in root.members {
            switch member.key {
            case "$schema", "$comment": continue
            case "refMap":
                guard member.value.kind == .object else { throw fail(member.value, "\"refMap\" must be an object of URI prefix to folder") }
                let base = (path as NSString).deletingLastPathComponent
                for entry in member.value.members {
                    guard let folder = entry.value.stringValue else { throw fail(entry.value, "the folder for \"\(entry.key)\" must be a string") }
                    config.refMap.append((entry.key, folder.unicodeScalars.first == "/" || base.isEmpty ? folder : FileSystem.join(base, folder)))
                }
            case "mocks":
                guard member.value.kind == .object else { throw fail(member.value, "\"mocks\" must be an object such as {\"globalResponseTemplating\": true}") }
                for entry in member.value.members {
                    switch entry.key {
                    case "$comment": continue
                    case "globalResponseTemplating":
                        guard let flag = entry.value.boolValue else { throw fail(entry.value, "\"globalResponseTemplating\" must be true or false") }
                        config.mockGlobalTemplating = flag
                    default:
                        throw fail(entry.keyNode, "unknown key \"\(entry.key)\" in \"mocks\" (expected \"globalResponseTemplating\")")
                    }
                }
            case "environments":
                guard member.value.kind == .object else { throw fail(member.value, "\"environments\" must be an object of name to environment") }
                for entry in member.value.members {
                    config.environments.append(try environment(entry.key, entry.value, fail: fail))
                }
            default:
                let hint = EditDistance.suggestion(for: member.key, among: ["environments", "refMap", "mocks"]).map { " Did you mean '\($0)'?" } ?? ""
                throw fail(member.keyNode, "unknown key \"\(member.key)\" (expected \"environments\", \"refMap\" or \"mocks\").\(hint)")
            }
        }
        return config
    }

    /// One environment object.
    private static func environment(_ name: String, _ node: JSONNode, fail: (JSONNode, String) -> LoadError) throws(LoadError) -> Environment {
        guard node.kind == .object else { throw fail(node, "environment \"\(name)\" must be an object with \"baseURL\" and \"headers\"") }
        var environment = Environment(name: name, baseURL: "", headers: [], only: [])
        var sawBase = false
        let keys = ["baseURL", "headers", "only", "$comment"]
        for member in node.members {
            switch member.key {
            case "$comment": continue
            case "baseURL":
                guard let url = member.value.stringValue, url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("${") else {
                    throw fail(member.value, "\"baseURL\" of environment \"\(name)\" must be an http:// or https:// URL")
                }
                environment.baseURL = url
                sawBase = true
            case "headers":
                guard member.value.kind == .object else { throw fail(member.value, "\"headers\" of environment \"\(name)\" must be an object of name to value") }
                for header in member.value.members {
                    guard let value = header.value.stringValue else {
                        throw fail(header.value, "header \"\(header.key)\" of environment \"\(name)\" must be a string")
                    }
                    environment.headers.append((header.key, value))
                }
            case "only":
                guard member.value.kind == .array else { throw fail(member.value, "\"only\" of environment \"\(name)\" must be a list of contract names") }
                for element in member.value.elements {
                    guard let contract = element.stringValue else { throw fail(element, "\"only\" lists contract names (strings)") }
                    environment.only.append(contract)
                }
            default:
                let hint = EditDistance.suggestion(for: member.key, among: keys).map { " Did you mean '\($0)'?" } ?? ""
                throw fail(member.keyNode, "unknown key \"\(member.key)\" in environment \"\(name)\" (expected baseURL, headers, only).\(hint)")
            }
        }
        guard sawBase else { throw fail(node, "environment \"\(name)\" has no \"baseURL\"") }
        return environment
    }
}
