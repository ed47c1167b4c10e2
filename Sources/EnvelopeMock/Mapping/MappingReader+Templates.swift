import EnvelopeCore

extension MappingReader {
    /// `transformers`: only `response-template` is known; true when it is given.
    func readTransformers(_ keys: MemberTable) throws(MockLoadError) -> Bool {
        guard let member = keys["transformers"] else { return false }
        guard member.value.kind == .array else {
            throw .wrongType(file: file, location: member.value.location, key: "transformers",
                             expected: "an array of names such as [\"response-template\"]", found: member.value.kind)
        }
        var templated = false
        for element in member.value.elements {
            guard let name = element.stringValue else {
                throw .wrongType(file: file, location: element.location, key: "transformers", expected: "a string", found: element.kind)
            }
            guard name == "response-template" else {
                throw .invalidValue(file: file, location: element.location, key: "transformers",
                                    message: "\(quoted(name)) is not a transformer Envelope has; the one supported is \"response-template\"")
            }
            templated = true
        }
        return templated
    }

    /// Compiles the templates of a templated response: `body`, `jsonBody` (its text as
    /// written), the `bodyFileName` (and the file's contents), and header values.
    func readTemplate(_ keys: MemberTable, response: ResponseDefinition) throws(MockLoadError) -> ResponseTemplate {
        var template = ResponseTemplate(body: nil, headers: [], bodyFileName: nil, parameters: .map(TemplateMap([])))
        if let parameters = keys["transformerParameters"] {
            guard parameters.value.kind == .object else {
                throw .wrongType(file: file, location: parameters.value.location, key: "transformerParameters", expected: "an object",
                                 found: parameters.value.kind)
            }
            template.parameters = TemplateValue(json: parameters.value.value)
        }
        if let body = keys["body"], let text = body.value.stringValue, TemplateParser.hasTags(text) {
            template.body = try compile(text, in: body.value)
        } else if let body = keys["jsonBody"] {
            let text = String(decoding: body.value.rawBytes, as: UTF8.self)
            if TemplateParser.hasTags(text) {
                do {
                    template.body = try CompiledTemplate(text)
                } catch {
                    throw .invalidTemplate(file: file, location: body.value.document.location(ofOffset: body.value.offset + error.offset),
                                           message: error.reason)
                }
            }
        } else if let body = keys["bodyFileName"], let name = body.value.stringValue {
            if TemplateParser.hasTags(name) {
                template.bodyFileName = try compile(name, in: body.value)
            } else if TemplateParser.hasTags(String(decoding: response.body, as: UTF8.self)) {
                template.body = try compileFile(response.body, path: bodyFiles.path(of: name))
            }
        }
        if let headers = keys["headers"], headers.value.kind == .object {
            var index = 0
            for entry in headers.value.members {
                for valueNode in entry.value.kind == .array ? entry.value.elements : [entry.value] {
                    if let text = valueNode.stringValue, TemplateParser.hasTags(text) {
                        template.headers.append((index, try compile(text, in: valueNode)))
                    }
                    index += 1
                }
            }
        }
        return template
    }

    /// Compiles the string value `node`; an error points into the file at the template's
    /// place inside the string.
    func compile(_ text: String, in node: JSONNode) throws(MockLoadError) -> CompiledTemplate {
        do {
            return try CompiledTemplate(text)
        } catch {
            let raw = Array(node.rawBytes)
            let offset = node.offset + Self.rawOffset(ofDecoded: error.offset, inString: raw)
            throw .invalidTemplate(file: file, location: node.document.location(ofOffset: offset), message: error.reason)
        }
    }

    /// Compiles a body file's contents; an error points into that file.
    func compileFile(_ bytes: [UInt8], path: String) throws(MockLoadError) -> CompiledTemplate {
        do {
            return try CompiledTemplate(String(decoding: bytes, as: UTF8.self))
        } catch {
            let location = bytes.withUnsafeBufferPointer { SourceLocation.locate(offset: error.offset, in: $0) }
            throw .invalidTemplate(file: path, location: location, message: error.reason)
        }
    }

    /// Where the `decoded`-th byte of a JSON string's value lies in its source `raw` (with
    /// or without the opening quote): escapes are longer in the source than in the value.
    static func rawOffset(ofDecoded decoded: Int, inString raw: [UInt8]) -> Int {
        var index = raw.first == UInt8(ascii: "\"") ? 1 : 0
        var produced = 0
        while index < raw.count, produced < decoded {
            if raw[index] == UInt8(ascii: "\\"), index + 1 < raw.count {
                if raw[index + 1] == UInt8(ascii: "u"), index + 5 < raw.count,
                   let unit = UInt32(String(decoding: raw[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16) {
                    if (0xD800..<0xDC00).contains(unit), index + 11 < raw.count, raw[index + 6] == UInt8(ascii: "\\") {
                        produced += 4
                        index += 12
                    } else {
                        produced += unit < 0x80 ? 1 : (unit < 0x800 ? 2 : 3)
                        index += 6
                    }
                } else {
                    produced += 1
                    index += 2
                }
            } else {
                produced += 1
                index += 1
            }
        }
        return index
    }
}
