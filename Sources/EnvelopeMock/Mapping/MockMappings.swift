import EnvelopeCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stubs of a Mocks folder (`mappings/*.json` plus bodies in `__files/`), in load order.
public struct MockMappings: Sendable {
    public var stubs: [StubMapping]

    public init(stubs: [StubMapping] = []) {
        self.stubs = stubs
    }

    /// Loads every `*.json` under `directory/mappings/` (subfolders included), sorted by
    /// relative path. A file holds one stub object or `{"mappings": [stub, ...]}`. Body files
    /// named by `bodyFileName` are read from `directory/__files/` now, into memory.
    public static func load(directory: String) throws(MockLoadError) -> MockMappings {
        var base = directory
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        let mappingsFolder = base + "/mappings"
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: mappingsFolder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .directoryNotFound(path: mappingsFolder + "/", reason: "no such folder")
        }
        guard let enumerator = FileManager.default.enumerator(atPath: mappingsFolder) else {
            throw .directoryNotFound(path: mappingsFolder + "/", reason: "cannot list it")
        }
        var names: [String] = []
        while let next = enumerator.nextObject() as? String {
            let last = (next as NSString).lastPathComponent
            guard next.hasSuffix(".json"), !last.hasPrefix(".") else { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: mappingsFolder + "/" + next, isDirectory: &isFolder), !isFolder.boolValue {
                names.append(next)
            }
        }
        names.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var stubs: [StubMapping] = []
        for name in names {
            let file = mappingsFolder + "/" + name
            let bytes: [UInt8]
            do {
                bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            } catch {
                throw MockLoadError.unreadableFile(file: file, reason: error.localizedDescription)
            }
            stubs += try parse(bytes, file: file, filesDirectory: base + "/__files")
        }
        return MockMappings(stubs: stubs)
    }

    /// Parses the stubs of one mapping file's bytes. `file` is used in errors and
    /// ``MappingSource``; `filesDirectory` is where `bodyFileName` files live.
    public static func parse(_ bytes: [UInt8], file: String, filesDirectory: String) throws(MockLoadError) -> [StubMapping] {
        let document: JSONDocument
        do throws(JSONError) {
            document = try JSONDocument.parse(bytes, options: JSONParseOptions(duplicateKeys: .reject))
        } catch {
            throw .invalidJSON(file: file, error: error)
        }
        let reader = MappingReader(file: file, filesDirectory: filesDirectory)
        return try reader.readFile(document.root)
    }
}

/// Turns the JSON of one mapping file into stubs, checking every key.
private struct MappingReader {
    let file: String
    let filesDirectory: String

    static let stubKeys = ["id", "uuid", "name", "priority", "request", "response", "metadata", "persistent", "insertionIndex"]
    static let requestKeys = ["method", "url", "urlPath", "urlPathPattern", "urlPattern", "queryParameters", "headers"]
    static let responseKeys = ["status", "statusMessage", "headers", "body", "base64Body", "jsonBody", "bodyFileName",
                               "fixedDelayMilliseconds", "fault"]
    static let matcherKeys = ["equalTo", "caseInsensitive", "contains", "matches", "doesNotMatch", "absent"]

    func readFile(_ root: JSONNode) throws(MockLoadError) -> [StubMapping] {
        guard root.kind == .object else {
            throw .wrongType(file: file, location: root.location, key: "(file)",
                             expected: "an object: one stub, or {\"mappings\": [...]}", found: root.kind)
        }
        if let mappings = root["mappings"] {
            _ = try members(root, context: "the file", allowed: ["mappings", "meta"])
            guard mappings.kind == .array else {
                throw .wrongType(file: file, location: mappings.location, key: "mappings", expected: "an array of stub objects", found: mappings.kind)
            }
            var stubs: [StubMapping] = []
            for (index, element) in mappings.elements.enumerated() {
                stubs.append(try readStub(element, index: index))
            }
            return stubs
        }
        return [try readStub(root, index: nil)]
    }

    func readStub(_ node: JSONNode, index: Int?) throws(MockLoadError) -> StubMapping {
        let context = index.map { "mapping \($0 + 1)" } ?? "the mapping"
        guard node.kind == .object else {
            throw .wrongType(file: file, location: node.location, key: context, expected: "an object", found: node.kind)
        }
        let keys = try members(node, context: context, allowed: Self.stubKeys)
        // WireMock writes both `id` and `uuid` with the same value; `id` wins.
        var id: String? = nil
        if let member = keys["id"] ?? keys["uuid"] { id = try string(member) }
        if let member = keys["uuid"], keys["id"] != nil { _ = try string(member) }
        var name: String? = nil
        if let member = keys["name"] { name = try string(member) }
        var priority = StubMapping.defaultPriority
        if let member = keys["priority"] {
            priority = try integer(member)
            guard priority >= 1 else {
                throw .invalidValue(file: file, location: member.value.location, key: "priority",
                                    message: "\(priority) is below 1; 1 is the highest priority, 5 the default")
            }
        }
        if let member = keys["persistent"], member.value.kind != .bool {
            throw .wrongType(file: file, location: member.value.location, key: "persistent", expected: "a boolean", found: member.value.kind)
        }
        guard let requestMember = keys["request"] else {
            throw .missingKey(file: file, location: node.location, key: "request", context: context,
                              hint: "add \"request\": {\"method\": \"GET\", \"urlPath\": \"/path\"}")
        }
        guard let responseMember = keys["response"] else {
            throw .missingKey(file: file, location: node.location, key: "response", context: context,
                              hint: "add \"response\": {\"status\": 200, \"body\": \"...\"}")
        }
        let request = try readRequest(requestMember)
        let response = try readResponse(responseMember)
        return StubMapping(id: id, name: name, priority: priority, request: request, response: response,
                           source: MappingSource(file: file, index: index, location: node.location))
    }

    // MARK: Request

    func readRequest(_ member: JSONMember) throws(MockLoadError) -> RequestPattern {
        let node = try object(member)
        let keys = try members(node, context: "request", allowed: Self.requestKeys)
        var pattern = RequestPattern()
        if let method = keys["method"] {
            let value = try string(method)
            guard !value.isEmpty, value.utf8.allSatisfy(isTokenByte) else {
                throw .invalidValue(file: file, location: method.value.location, key: "method",
                                    message: "\(quoted(value)) is not an HTTP method; write e.g. \"GET\", or \"ANY\" for every method")
            }
            pattern.method = value == "ANY" ? nil : value
        }
        let urlKeys = ["url", "urlPath", "urlPathPattern", "urlPattern"].filter { keys[$0] != nil }
        if urlKeys.count > 1 {
            let location = urlKeys.compactMap { keys[$0]?.keyLocation }.max() ?? node.location
            throw .conflictingKeys(file: file, location: location, keys: urlKeys, context: "request")
        }
        if let key = urlKeys.first, let urlMember = keys[key] {
            let value = try string(urlMember)
            switch key {
            case "url", "urlPath":
                guard value.hasPrefix("/") else {
                    throw .invalidValue(file: file, location: urlMember.value.location, key: key,
                                        message: "\(quoted(value)) does not start with '/'; write the path (and query) without scheme and host")
                }
                pattern.url = key == "url" ? .url(value) : .urlPath(value)
            case "urlPathPattern":
                pattern.url = .urlPathPattern(try regex(value, at: urlMember.value.location))
            default:
                pattern.url = .urlPattern(try regex(value, at: urlMember.value.location))
            }
        }
        if let query = keys["queryParameters"] {
            pattern.queryParameters = try namedMatchers(query, what: "query parameter")
        }
        if let headers = keys["headers"] {
            pattern.headers = try namedMatchers(headers, what: "header")
            for header in pattern.headers where !header.name.utf8.allSatisfy(isTokenByte) || header.name.isEmpty {
                throw .invalidValue(file: file, location: headers.value.location, key: "headers",
                                    message: "\(quoted(header.name)) is not a valid header name")
            }
        }
        return pattern
    }

    func namedMatchers(_ member: JSONMember, what: String) throws(MockLoadError) -> [NamedMatcher] {
        let node = try object(member)
        var result: [NamedMatcher] = []
        for entry in node.members {
            result.append(NamedMatcher(name: entry.key, matcher: try matcher(entry, what: what)))
        }
        return result
    }

    func matcher(_ member: JSONMember, what: String) throws(MockLoadError) -> StringMatcher {
        guard member.value.kind == .object else {
            throw .wrongType(file: file, location: member.value.location, key: member.key,
                             expected: "a matcher object such as {\"equalTo\": \"value\"}", found: member.value.kind)
        }
        let keys = try members(member.value, context: "the \(what) '\(member.key)'", allowed: Self.matcherKeys)
        let operators = ["equalTo", "contains", "matches", "doesNotMatch", "absent"].filter { keys[$0] != nil }
        guard operators.count == 1, let op = operators.first, let opMember = keys[op] else {
            if operators.isEmpty {
                throw .missingKey(file: file, location: member.value.location, key: "equalTo", context: "the \(what) '\(member.key)'",
                                  hint: "give one of equalTo, contains, matches, doesNotMatch, absent")
            }
            let location = operators.compactMap { keys[$0]?.keyLocation }.max() ?? member.value.location
            throw .conflictingKeys(file: file, location: location, keys: operators, context: "the \(what) '\(member.key)'")
        }
        if let flag = keys["caseInsensitive"] {
            guard flag.value.kind == .bool else {
                throw .wrongType(file: file, location: flag.value.location, key: "caseInsensitive", expected: "a boolean", found: flag.value.kind)
            }
            guard op == "equalTo" else {
                throw .invalidValue(file: file, location: flag.keyLocation, key: "caseInsensitive",
                                    message: "only applies to equalTo, not \(op)")
            }
        }
        switch op {
        case "equalTo":
            return .equalTo(try scalarString(opMember), caseInsensitive: keys["caseInsensitive"]?.value.boolValue ?? false)
        case "contains":
            return .contains(try scalarString(opMember))
        case "matches":
            return .matches(try regex(try string(opMember), at: opMember.value.location))
        case "doesNotMatch":
            return .doesNotMatch(try regex(try string(opMember), at: opMember.value.location))
        default:
            guard opMember.value.boolValue == true else {
                if opMember.value.kind != .bool {
                    throw .wrongType(file: file, location: opMember.value.location, key: "absent", expected: "true", found: opMember.value.kind)
                }
                throw .invalidValue(file: file, location: opMember.value.location, key: "absent",
                                    message: "only \"absent\": true is supported; to require presence use {\"matches\": \".*\"}")
            }
            return .absent
        }
    }

    // MARK: Response

    func readResponse(_ member: JSONMember) throws(MockLoadError) -> ResponseDefinition {
        let node = try object(member)
        let keys = try members(node, context: "response", allowed: Self.responseKeys)
        var response = ResponseDefinition()
        if let status = keys["status"] {
            response.status = try integer(status)
            guard (200...599).contains(response.status) else {
                throw .invalidValue(file: file, location: status.value.location, key: "status",
                                    message: "\(response.status) is not a final HTTP status; use 200...599")
            }
        }
        if let message = keys["statusMessage"] {
            let text = try string(message)
            guard text.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }) else {
                throw .invalidValue(file: file, location: message.value.location, key: "statusMessage", message: "control characters are not allowed")
            }
            response.statusMessage = text
        }
        if let headers = keys["headers"] {
            let headersNode = try object(headers)
            for entry in headersNode.members {
                guard !entry.key.isEmpty, entry.key.utf8.allSatisfy(isTokenByte) else {
                    throw .invalidValue(file: file, location: entry.keyLocation, key: "headers",
                                        message: "\(quoted(entry.key)) is not a valid header name")
                }
                let values: [JSONNode]
                switch entry.value.kind {
                case .array: values = entry.value.elements
                default: values = [entry.value]
                }
                for valueNode in values {
                    let value: String
                    switch valueNode.kind {
                    case .string: value = valueNode.stringValue ?? ""
                    case .number, .bool: value = String(decoding: valueNode.rawBytes, as: UTF8.self)
                    default:
                        throw .wrongType(file: file, location: valueNode.location, key: entry.key,
                                         expected: "a string (or an array of strings)", found: valueNode.kind)
                    }
                    guard value.unicodeScalars.allSatisfy({ $0 == "\t" || ($0.value >= 0x20 && $0.value != 0x7F) }) else {
                        throw .invalidValue(file: file, location: valueNode.location, key: entry.key,
                                            message: "header values may not contain line breaks or control characters")
                    }
                    response.headers.append(HTTPHeader(name: entry.key, value: value))
                }
            }
        }
        let bodyKeys = ["body", "base64Body", "jsonBody", "bodyFileName"].filter { keys[$0] != nil }
        if bodyKeys.count > 1 {
            let location = bodyKeys.compactMap { keys[$0]?.keyLocation }.max() ?? node.location
            throw .conflictingKeys(file: file, location: location, keys: bodyKeys, context: "response")
        }
        if let body = keys["body"] {
            response.body = Array(try string(body).utf8)
            response.bodySource = .body
        } else if let body = keys["base64Body"] {
            guard let data = Data(base64Encoded: try string(body), options: [.ignoreUnknownCharacters]) else {
                throw .invalidValue(file: file, location: body.value.location, key: "base64Body", message: "not valid base64")
            }
            response.body = [UInt8](data)
            response.bodySource = .base64Body
        } else if let body = keys["jsonBody"] {
            response.body = Array(body.value.rawBytes)
            response.bodySource = .jsonBody
            if !response.headers.contains(where: { $0.hasName("Content-Type") }) {
                response.headers.append(HTTPHeader(name: "Content-Type", value: "application/json"))
            }
        } else if let body = keys["bodyFileName"] {
            let name = try string(body)
            response.body = try readBodyFile(name, at: body.value.location)
            response.bodySource = .bodyFile(name)
        }
        if let delay = keys["fixedDelayMilliseconds"] {
            response.fixedDelayMilliseconds = try integer(delay)
            guard (0...600_000).contains(response.fixedDelayMilliseconds) else {
                throw .invalidValue(file: file, location: delay.value.location, key: "fixedDelayMilliseconds",
                                    message: "\(response.fixedDelayMilliseconds) is outside 0...600000 (ten minutes)")
            }
        }
        if let fault = keys["fault"] {
            let name = try string(fault)
            guard let value = ResponseDefinition.Fault(rawValue: name) else {
                throw .invalidValue(file: file, location: fault.value.location, key: "fault",
                                    message: "\(quoted(name)) is not a fault; use one of "
                                        + ResponseDefinition.Fault.allCases.map(\.rawValue).joined(separator: ", "))
            }
            response.fault = value
        }
        return response
    }

    func readBodyFile(_ name: String, at location: SourceLocation) throws(MockLoadError) -> [UInt8] {
        if name.isEmpty {
            throw .bodyFileOutsideFilesFolder(file: file, location: location, bodyFileName: name, reason: "is empty")
        }
        if name.hasPrefix("/") || name.hasPrefix("\\") || name.hasPrefix("~") || name.contains("\u{0}") {
            throw .bodyFileOutsideFilesFolder(file: file, location: location, bodyFileName: name, reason: "is an absolute path")
        }
        let components = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        if components.contains("..") {
            throw .bodyFileOutsideFilesFolder(file: file, location: location, bodyFileName: name, reason: "contains '..'")
        }
        let path = filesDirectory + "/" + name
        guard let root = realPath(filesDirectory), let resolved = realPath(path) else {
            throw .bodyFileNotFound(file: file, location: location, bodyFileName: name, lookedAt: path)
        }
        guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw .bodyFileOutsideFilesFolder(file: file, location: location, bodyFileName: name,
                                              reason: "resolves through a symbolic link to \(resolved), outside \(root)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: resolved)
        else {
            throw .bodyFileNotFound(file: file, location: location, bodyFileName: name, lookedAt: path)
        }
        return [UInt8](data)
    }

    // MARK: Helpers

    /// The members of `node` by key, failing on the first key outside `allowed`.
    func members(_ node: JSONNode, context: String, allowed: [String]) throws(MockLoadError) -> [String: JSONMember] {
        var result: [String: JSONMember] = [:]
        for member in node.members {
            guard allowed.contains(member.key) else {
                throw .unsupportedKey(file: file, location: member.keyLocation, key: member.key, context: context, supported: allowed)
            }
            result[member.key] = member
        }
        return result
    }

    func object(_ member: JSONMember) throws(MockLoadError) -> JSONNode {
        guard member.value.kind == .object else {
            throw .wrongType(file: file, location: member.value.location, key: member.key, expected: "an object", found: member.value.kind)
        }
        return member.value
    }

    func string(_ member: JSONMember) throws(MockLoadError) -> String {
        guard let value = member.value.stringValue else {
            throw .wrongType(file: file, location: member.value.location, key: member.key, expected: "a string", found: member.value.kind)
        }
        return value
    }

    /// A string, or a number or boolean taken as its source text (WireMock accepts `"equalTo": 5`).
    func scalarString(_ member: JSONMember) throws(MockLoadError) -> String {
        switch member.value.kind {
        case .string: return member.value.stringValue ?? ""
        case .number, .bool: return String(decoding: member.value.rawBytes, as: UTF8.self)
        default:
            throw .wrongType(file: file, location: member.value.location, key: member.key, expected: "a string", found: member.value.kind)
        }
    }

    func integer(_ member: JSONMember) throws(MockLoadError) -> Int {
        guard let value = member.value.intValue else {
            if member.value.kind == .number {
                throw .invalidValue(file: file, location: member.value.location, key: member.key,
                                    message: "\(String(decoding: member.value.rawBytes, as: UTF8.self)) is not a whole number")
            }
            throw .wrongType(file: file, location: member.value.location, key: member.key, expected: "an integer", found: member.value.kind)
        }
        return value
    }

    func regex(_ pattern: String, at location: SourceLocation) throws(MockLoadError) -> RegexPattern {
        do {
            return try RegexPattern(pattern)
        } catch {
            throw .invalidRegex(file: file, location: location, pattern: pattern, reason: "\(error)")
        }
    }
}

/// The canonical absolute path with symbolic links resolved, or nil when it does not exist.
private func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
