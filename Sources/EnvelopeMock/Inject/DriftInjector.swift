import EnvelopeCore

/// Applies ``DriftInjection``s to JSON bodies.
enum DriftInjector {
    /// The mutated body and a description of each change (`null /result/list/3/MENU_ID2`), or
    /// nil when the body is not JSON or nothing changed. `random` draws the random mutations.
    static func apply(_ injections: [DriftInjection], to body: [UInt8], random: ((_ seed: UInt64, _ below: Int) -> Int)?) -> (body: [UInt8], changes: [String])? {
        guard !injections.isEmpty, !body.isEmpty, let document = try? JSONDocument.parse(body) else { return nil }
        var value = document.root.value
        var changes: [String] = []
        for injection in injections {
            switch injection {
            case .null(let pointer): mutate(&value, pointer, .null, &changes)
            case .drop(let pointer): mutate(&value, pointer, .drop, &changes)
            case .retype(let pointer): mutate(&value, pointer, .retype, &changes)
            case .rename(let pointer, let newKey): mutate(&value, pointer, .rename(newKey), &changes)
            case .random(let seed):
                guard let random else { continue }
                randomMutation(&value, { random(seed, $0) }, &changes)
            }
        }
        guard !changes.isEmpty else { return nil }
        return (Array(value.serialized().utf8), changes)
    }

    /// The `X-Envelope-Drift` header value: the changes, at most ten named.
    static func headerValue(_ changes: [String]) -> String {
        guard changes.count > 10 else { return changes.joined(separator: ", ") }
        return changes.prefix(10).joined(separator: ", ") + ", and \(changes.count - 10) more"
    }

    enum Action {
        case null, drop, retype
        case rename(String)

        var name: String {
            switch self {
            case .null: "null"
            case .drop: "drop"
            case .retype: "retype"
            case .rename(let key): "rename(\(key))"
            }
        }
    }

    private static func mutate(_ value: inout JSONValue, _ pointer: String, _ action: Action, _ changes: inout [String]) {
        guard let tokens = JSONPointer.tokens(pointer), !tokens.isEmpty else { return }
        walk(&value, tokens[...], "", action, &changes)
    }

    /// Follows `tokens` (a `*` takes every element or member) and applies `action` to the last.
    private static func walk(_ value: inout JSONValue, _ tokens: ArraySlice<String>, _ path: String, _ action: Action,
                             _ changes: inout [String]) {
        guard let token = tokens.first else { return }
        let rest = tokens.dropFirst()
        switch value {
        case .object(var members):
            let targets = members.indices.filter { token == "*" || members[$0].key == token }
            for index in targets {
                let here = JSONPointer.appending(members[index].key, to: path)
                if rest.isEmpty {
                    switch action {
                    case .drop: break  // removed below, back to front, so indices stay valid
                    case .rename(let newKey): members[index].key = newKey
                    case .null: members[index].value = .null
                    case .retype: members[index].value = members[index].value.retyped
                    }
                    changes.append("\(action.name) \(here)")
                } else {
                    walk(&members[index].value, rest, here, action, &changes)
                }
            }
            if rest.isEmpty, case .drop = action {
                for index in targets.reversed() { members.remove(at: index) }
            }
            value = .object(members)
        case .array(var elements):
            let targets: [Int]
            if token == "*" {
                targets = Array(elements.indices)
            } else if let index = Int(token), elements.indices.contains(index), String(index) == token {
                targets = [index]
            } else {
                return
            }
            if rest.isEmpty, case .rename = action { return }  // array elements have no key
            for index in targets {
                let here = path + "/\(index)"
                if rest.isEmpty {
                    switch action {
                    case .drop, .rename: break
                    case .null: elements[index] = .null
                    case .retype: elements[index] = elements[index].retyped
                    }
                    changes.append("\(action.name) \(here)")
                } else {
                    walk(&elements[index], rest, here, action, &changes)
                }
            }
            if rest.isEmpty, case .drop = action {
                for index in targets.reversed() { elements.remove(at: index) }
            }
            value = .array(elements)
        default:
            return
        }
    }

    /// Picks one value below the root and one action for it.
    private static func randomMutation(_ value: inout JSONValue, _ random: (Int) -> Int, _ changes: inout [String]) {
        var pointers: [(pointer: String, isMember: Bool)] = []
        collect(value, "", &pointers)
        guard !pointers.isEmpty else { return }
        let (pointer, isMember) = pointers[random(pointers.count)]
        let actions: [Action] = isMember ? [.null, .drop, .retype, .rename("renamed_" + lastToken(pointer))] : [.null, .drop, .retype]
        let action = actions[random(actions.count)]
        walk(&value, (JSONPointer.tokens(pointer) ?? [])[...], "", action, &changes)
    }

    private static func lastToken(_ pointer: String) -> String {
        JSONPointer.tokens(pointer)?.last ?? "value"
    }

    private static func collect(_ value: JSONValue, _ path: String, _ out: inout [(pointer: String, isMember: Bool)]) {
        switch value {
        case .object(let members):
            for member in members {
                let here = JSONPointer.appending(member.key, to: path)
                out.append((here, true))
                collect(member.value, here, &out)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let here = path + "/\(index)"
                out.append((here, false))
                collect(element, here, &out)
            }
        default:
            break
        }
    }
}

extension JSONValue {
    /// The value with another JSON type, as upstreams drift: a numeric string becomes that
    /// number (other strings `0`), a number its digits as a string, a boolean `"true"` or
    /// `"false"`, `null` the string `"null"`, an object an array holding it, and an array an
    /// object keyed `"0"`, `"1"`, ...
    var retyped: JSONValue {
        switch self {
        case .string(let text):
            if let document = try? JSONDocument.parse(text), document.root.kind == .number { return .number(document.root.rawText) }
            return .number("0")
        case .number(let text): return .string(text)
        case .bool(let flag): return .string(flag ? "true" : "false")
        case .null: return .string("null")
        case .object: return .array([self])
        case .array(let elements):
            return .object(elements.enumerated().map { JSONValue.Member(key: String($0.offset), value: $0.element) })
        }
    }
}
