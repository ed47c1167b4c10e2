import EnvelopeCore

/// The tags Envelope reads: the YAML 1.2 core schema's and the non-specific `!`.
enum YAMLTag: UInt8 {
    /// No tag: a plain scalar is typed by its text, any other scalar is a string.
    case none
    /// `!`: a string, whatever the text.
    case nonSpecific
    case string
    case integer
    case float
    case boolean
    case null
    case sequence
    case mapping

    /// The core schema's tags by their full names (libyaml expands `!!x` to these).
    private static let named: [String: YAMLTag] = [
        "tag:yaml.org,2002:str": .string, "tag:yaml.org,2002:int": .integer, "tag:yaml.org,2002:float": .float,
        "tag:yaml.org,2002:bool": .boolean, "tag:yaml.org,2002:null": .null, "tag:yaml.org,2002:seq": .sequence,
        "tag:yaml.org,2002:map": .mapping,
    ]

    /// The tag libyaml reports (nil when there is none); nil for a tag Envelope does not read.
    init?(libyamlTag text: String?) {
        guard let text else {
            self = .none
            return
        }
        if text == "!" {
            self = .nonSpecific
            return
        }
        guard let tag = Self.named[text] else { return nil }
        self = tag
    }

    /// A tag as its author wrote it: `!!str` for the core schema's, else as given.
    static func display(_ text: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return text.hasPrefix(prefix) ? "!!" + text.dropFirst(prefix.count) : text
    }

    /// The short form of a known tag, for messages.
    var display: String {
        switch self {
        case .none: ""
        case .nonSpecific: "!"
        case .string: "!!str"
        case .integer: "!!int"
        case .float: "!!float"
        case .boolean: "!!bool"
        case .null: "!!null"
        case .sequence: "!!seq"
        case .mapping: "!!map"
        }
    }
}
