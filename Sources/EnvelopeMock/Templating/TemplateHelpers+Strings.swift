import Foundation

extension TemplateHelpers {
    static let stringHelpers: [String: Helper] = [
        "trim": { args, _ in .string(args.input.rendered.trimmingCharacters(in: .whitespacesAndNewlines)) },
        "upper": { args, _ in .string(args.input.rendered.uppercased()) },
        "lower": { args, _ in .string(args.input.rendered.lowercased()) },
        "capitalize": { args, _ in .string(capitalizeWords(args.input.rendered)) },
        "capitalizeFirst": { args, _ in
            let text = args.input.rendered
            return .string(text.prefix(1).uppercased() + text.dropFirst())
        },
        "replace": { args, _ in
            let text = args.block ?? args.param(0)?.rendered ?? ""
            let offset = args.block == nil ? 1 : 0
            let target = args.param(offset)?.rendered ?? ""
            guard !target.isEmpty else { return .string(text) }
            return .string(text.replacingOccurrences(of: target, with: args.param(offset + 1)?.rendered ?? ""))
        },
        "substring": { args, _ in
            let scalars = Array((args.param(0)?.rendered ?? "").unicodeScalars)
            let start = max(0, min(scalars.count, args.param(1)?.intValue ?? 0))
            let end = max(start, min(scalars.count, args.param(2)?.intValue ?? scalars.count))
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start..<end])
            return .string(String(view))
        },
        "abbreviate": { args, _ in
            let text = args.param(0)?.rendered ?? ""
            guard let width = args.param(1)?.intValue else { return .string(text) }
            guard width >= 4 else { return error("Minimum abbreviation width is 4") }
            guard text.count > width else { return .string(text) }
            return .string(String(text.prefix(width - 3)) + "...")
        },
        "defaultIfEmpty": { args, _ in
            let value = args.param(0) ?? .null
            if value.isNull || value.rendered.isEmpty { return args.param(1) ?? .string("") }
            return value
        },
        "size": { args, _ in
            let value = args.input
            if let elements = value.elements { return .int(elements.count) }
            switch value {
            case .map(let map): return .int(map.entries.count)
            case .json(.object(let members)): return .int(members.count)
            case .null: return .int(0)
            default: return .int(value.rendered.count)
            }
        },
        "split": { args, _ in
            let text = args.param(0)?.rendered ?? ""
            let separator = args.param(1)?.rendered ?? ","
            guard !separator.isEmpty else { return .list(text.map { .string(String($0)) }) }
            return .list(text.components(separatedBy: separator).map(TemplateValue.string))
        },
        "join": join,
        "regexExtract": regexExtract,
        "base64": { args, _ in
            let text = args.input.rendered
            if args.hash["decode"]?.isTruthy == true {
                guard let data = Data(base64Encoded: text, options: [.ignoreUnknownCharacters]) else { return .string("") }
                return .string(String(decoding: data, as: UTF8.self))
            }
            var encoded = Data(text.utf8).base64EncodedString()
            if args.hash["padding"].map({ !$0.isTruthy && $0.rendered == "false" }) == true {
                while encoded.hasSuffix("=") { encoded.removeLast() }
            }
            return .string(encoded)
        },
        "urlEncode": { args, _ in
            let text = args.input.rendered
            if args.hash["decode"]?.isTruthy == true { return .string(percentDecoded(text[...], plusIsSpace: true)) }
            return .string(formEncoded(text))
        },
        "formData": { args, evaluator in
            let body = args.param(0)?.rendered ?? ""
            let decode = args.hash["urlDecode"]?.isTruthy == true
            var fields: [(String, [String])] = []
            for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = decode ? percentDecoded(parts[0], plusIsSpace: true) : String(parts[0])
                let value = parts.count > 1 ? (decode ? percentDecoded(parts[1], plusIsSpace: true) : String(parts[1])) : ""
                if let index = fields.firstIndex(where: { $0.0 == name }) { fields[index].1.append(value) } else { fields.append((name, [value])) }
            }
            let map = TemplateValue.map(TemplateMap(fields.map { ($0.0, TemplateValue.multi($0.1)) }))
            guard let variable = args.param(1)?.rendered else { return map }
            evaluator.assigned[variable] = map
            return .string("")
        },
    ]

    /// Every word's first letter in upper case (Handlebars.java's `capitalize`).
    static func capitalizeWords(_ text: String) -> String {
        var out = ""
        var atWordStart = true
        for character in text {
            if character.isWhitespace {
                atWordStart = true
                out.append(character)
            } else if atWordStart {
                out += character.uppercased()
                atWordStart = false
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Java's `URLEncoder.encode(text, UTF-8)`: letters, digits and `.-*_` stay, a space is `+`.
    static func formEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2E, 0x2D, 0x2A, 0x5F:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case 0x20:
                out += "+"
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// `{{join ',' list}}` (WireMock 3: the separator first, `prefix=`/`suffix=`), or
    /// Handlebars.java's `{{join a b c ', '}}` (the separator last).
    static let join: Helper = { args, _ in
        guard args.params.count >= 2 else { return .string(args.param(0)?.rendered ?? "") }
        var separator: String
        var items: [TemplateValue]
        if case .string(let first) = args.params[0], args.params.count == 2, let list = args.params[1].elements {
            separator = first
            items = list
        } else {
            separator = args.params[args.params.count - 1].rendered
            items = args.params.dropLast().flatMap { $0.elements ?? [$0] }
        }
        if separator == "\\n" { separator = "\n" }
        let joined = items.map(\.rendered).joined(separator: separator)
        return .string((args.string("prefix") ?? "") + joined + (args.string("suffix") ?? ""))
    }

    /// `{{regexExtract text 'regex'}}`: the first match; with a variable name, its groups go
    /// into that variable and nothing is rendered; `default=` when nothing matches.
    static let regexExtract: Helper = { args, evaluator in
        let text = args.param(0)?.rendered ?? ""
        guard let pattern = args.param(1)?.rendered, let regex = TemplateCache.shared.regex(pattern) else {
            return error("Invalid regular expression")
        }
        let matches = regex.matches(in: text)
        guard let first = matches.first else {
            if let fallback = args.hash["default"] { return fallback }
            return error("Nothing matched \(pattern)")
        }
        guard let variable = args.param(2)?.rendered else { return .string(first[0]) }
        evaluator.assigned[variable] = .list(first.dropFirst().map(TemplateValue.string))
        return .string("")
    }
}
