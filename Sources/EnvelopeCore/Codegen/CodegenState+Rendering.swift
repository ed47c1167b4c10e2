extension CodegenState {
    /// Every declaration as Swift source, one file per type.
    func files() -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for declaration in declarations {
            let body: String
            switch declaration {
            case .structure(let name, let generics, let doc, let properties):
                body = renderStruct(name: name, generics: generics, doc: doc, properties: properties)
            case .enumeration(let name, let doc, let cases, let open):
                body = open ? renderOpenEnum(name: name, doc: doc, cases: cases) : renderClosedEnum(name: name, doc: doc, cases: cases)
            }
            files.append(GeneratedFile(name: declaration.name + ".swift", text: Self.header + "\n" + body))
        }
        if !aliases.isEmpty {
            var text = Self.header
            for alias in aliases {
                text += "\n" + docComment(alias.summary.map { $0 + "." } ?? "The answer of contract \(alias.name).", indent: "")
                text += "\(access)typealias \(alias.name) = \(alias.type)\n"
            }
            files.append(GeneratedFile(name: "Contracts.swift", text: text))
        }
        if usesHTML { files.append(GeneratedFile(name: "HTMLText.swift", text: Self.header + "\n" + htmlTextSource)) }
        if usesJSONAny { files.append(GeneratedFile(name: "JSONAny.swift", text: Self.header + "\n" + jsonAnySource)) }
        return files
    }

    func docComment(_ text: String?, indent: String) -> String {
        guard let text, !text.isEmpty else { return "" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { "\(indent)/// \($0)\n" }.joined()
    }

    func renderStruct(name: String, generics: [String], doc: String?, properties: [Property]) -> String {
        let parameters = generics.isEmpty ? "" : "<" + generics.map { "\($0): Codable & Sendable" }.joined(separator: ", ") + ">"
        var out = docComment(doc ?? "Generated from the contract.", indent: "")
        out += "\(access)struct \(name)\(parameters): Codable, Sendable {\n"
        for property in properties {
            out += docComment(property.doc, indent: "    ")
            out += "    \(access)var \(property.name): \(property.type)\(property.optional ? "?" : "")\n"
        }
        // The memberwise initializer is internal by default; spell it out so a models
        // package's users can build values too (previews, tests).
        out += "\n    /// Creates a value.\n"
        let arguments = properties.map { "\($0.name): \($0.type)\($0.optional ? "? = nil" : "")" }.joined(separator: ", ")
        out += "    \(access)init(\(arguments)) {\n"
        for property in properties {
            let bare = property.name.replacingOccurrences(of: "`", with: "")
            out += "        self.\(bare) = \(property.name)\n"
        }
        out += "    }\n\n"
        out += "    enum CodingKeys: String, CodingKey {\n"
        for property in properties {
            let bare = property.name.replacingOccurrences(of: "`", with: "")
            out += bare == property.wire ? "        case \(property.name)\n" : "        case \(property.name) = \(SwiftNames.literal(property.wire))\n"
        }
        out += "    }\n}\n"
        if properties.contains(where: \.html) {
            // In an extension, as seed 001 does, so the memberwise initializer stays.
            out += "\nextension \(name) {\n"
            out += "    /// Decodes the answer, turning the HTML-marked strings into plain text.\n"
            out += "    \(access)init(from decoder: any Decoder) throws {\n"
            out += "        let container = try decoder.container(keyedBy: CodingKeys.self)\n"
            for property in properties {
                let bare = property.name.replacingOccurrences(of: "`", with: "")
                let call = property.optional ? "decodeIfPresent" : "decode"
                var value = "try container.\(call)(\(property.type).self, forKey: .\(bare))"
                if property.html { value = property.optional ? "\(value).map(HTMLText.decode)" : "HTMLText.decode(\(value))" }
                out += "        self.\(bare) = \(value)\n"
            }
            out += "    }\n}\n"
        }
        return out
    }

    /// A closed enum: the compiler's `String` raw values, so a value the contract does not
    /// list fails to decode, as `envelope check` calls it breaking.
    func renderClosedEnum(name: String, doc: String?, cases: [(name: String, raw: String)]) -> String {
        var out = docComment(doc ?? "Generated from the contract's enum.", indent: "")
        out += "///\n/// Closed: a value not listed here is a decoding error (see the contract's \"enums\").\n"
        out += "\(access)enum \(name): String, Codable, Sendable, Hashable, CaseIterable {\n"
        for item in cases {
            let bare = item.name.replacingOccurrences(of: "`", with: "")
            let raw = bare == item.raw ? "" : " = " + SwiftNames.literal(item.raw)
            out += "    /// \(SwiftNames.literal(item.raw))\n    case \(item.name)\(raw)\n"
        }
        out += "}\n"
        return out
    }

    /// An open enum: a value the contract does not list decodes as `.unknown(value)`, as
    /// `envelope check` calls it a warning.
    func renderOpenEnum(name: String, doc: String?, cases: [(name: String, raw: String)]) -> String {
        var out = docComment(doc ?? "Generated from the contract's enum.", indent: "")
        out += "\(access)enum \(name): Codable, Sendable, Hashable, RawRepresentable {\n"
        for item in cases {
            out += "    /// \(SwiftNames.literal(item.raw))\n    case \(item.name)\n"
        }
        out += "    /// A value this version of the contract does not know yet: kept, not a decoding error.\n"
        out += "    case unknown(String)\n\n"
        out += "    /// The case for `rawValue` (`unknown` for one the contract does not list).\n"
        out += "    \(access)init(rawValue: String) {\n        switch rawValue {\n"
        for item in cases {
            out += "        case \(SwiftNames.literal(item.raw)): self = .\(item.name)\n"
        }
        out += "        default: self = .unknown(rawValue)\n        }\n    }\n\n"
        out += "    /// The value as sent.\n"
        out += "    \(access)var rawValue: String {\n        switch self {\n"
        for item in cases {
            out += "        case .\(item.name): \(SwiftNames.literal(item.raw))\n"
        }
        out += "        case .unknown(let value): value\n        }\n    }\n\n"
        out += "    /// Decodes the raw string.\n"
        out += "    \(access)init(from decoder: any Decoder) throws {\n"
        out += "        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))\n    }\n\n"
        out += "    /// Encodes the raw string.\n"
        out += "    \(access)func encode(to encoder: any Encoder) throws {\n"
        out += "        var container = encoder.singleValueContainer()\n        try container.encode(rawValue)\n    }\n}\n"
        return out
    }

    var htmlTextSource: String {
        """
        /// Plain text from the HTML fragments some APIs put in strings (Naver's `<b>` highlights
        /// and `&quot;` entities): tags removed, entities replaced. Pure Swift, so it works on
        /// Linux too, where `NSAttributedString` cannot read HTML.
        \(access)enum HTMLText {
            /// `"<b>Swift</b> &amp; &quot;JSON&quot;"` → `"Swift & \\"JSON\\""`.
            \(access)static func decode(_ html: String) -> String {
                decodeEntities(stripTags(html))
            }

            /// Removes `<tag ...>`, `</tag>` and `<!-- ... -->`; a `<` that starts no tag stays.
            static func stripTags(_ text: String) -> String {
                var out = ""
                var index = text.startIndex
                while index < text.endIndex {
                    let character = text[index]
                    let next = text.index(after: index)
                    if character == "<", next < text.endIndex, text[next].isLetter || text[next] == "/" || text[next] == "!",
                       let close = text[next...].firstIndex(of: ">") {
                        index = text.index(after: close)
                        continue
                    }
                    out.append(character)
                    index = next
                }
                return out
            }

            static let named: [String: String] = [
                "amp": "&", "lt": "<", "gt": ">", "quot": "\\"", "apos": "'", "nbsp": "\\u{00A0}",
                "middot": "·", "hellip": "…", "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’",
                "ldquo": "“", "rdquo": "”", "copy": "©", "reg": "®", "trade": "™",
            ]

            /// Replaces `&name;`, `&#NN;` and `&#xHH;`; anything else is kept as written.
            static func decodeEntities(_ text: String) -> String {
                guard text.contains("&") else { return text }
                var out = ""
                var index = text.startIndex
                while index < text.endIndex {
                    let character = text[index]
                    if character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") {
                        let entity = String(text[text.index(after: index)..<semicolon])
                        if let replacement = replacement(for: entity) {
                            out += replacement
                            index = text.index(after: semicolon)
                            continue
                        }
                    }
                    out.append(character)
                    index = text.index(after: index)
                }
                return out
            }

            static func replacement(for entity: String) -> String? {
                if let named = named[entity] { return named }
                guard entity.hasPrefix("#") else { return nil }
                let digits = entity.dropFirst()
                let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
        }

        """
    }

    var jsonAnySource: String {
        """
        /// Any JSON value, for places the contract leaves open.
        \(access)enum JSONAny: Codable, Sendable, Hashable {
            case null
            case bool(Bool)
            case number(Double)
            case string(String)
            case array([JSONAny])
            case object([String: JSONAny])

            /// Decodes whatever JSON value is there.
            \(access)init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() { self = .null }
                else if let value = try? container.decode(Bool.self) { self = .bool(value) }
                else if let value = try? container.decode(Double.self) { self = .number(value) }
                else if let value = try? container.decode(String.self) { self = .string(value) }
                else if let value = try? container.decode([JSONAny].self) { self = .array(value) }
                else { self = .object(try container.decode([String: JSONAny].self)) }
            }

            /// Encodes the value as it was.
            \(access)func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .null: try container.encodeNil()
                case .bool(let value): try container.encode(value)
                case .number(let value): try container.encode(value)
                case .string(let value): try container.encode(value)
                case .array(let value): try container.encode(value)
                case .object(let value): try container.encode(value)
                }
            }
        }

        """
    }
}
