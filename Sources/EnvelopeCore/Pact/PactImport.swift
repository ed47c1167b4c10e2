/// Plans `envelope import pact`: a contract and a mock mapping per HTTP interaction of one or
/// more pact files. Interactions that send the same request under different provider states
/// are told apart by the request header ``stateHeader``: the first of them is also the
/// mapping served without it.
public struct PactImport {
    /// The request header that selects a provider state's answer among interactions that
    /// share their request.
    public static let stateHeader = "X-Pact-Provider-State"

    /// One interaction, planned.
    public struct Entry: Sendable {
        /// The contract's (and mapping's) name.
        public var name: String
        /// `FILE#/interactions/N`, where it came from.
        public var source: String
        /// The contract file's value.
        public var contract: JSONValue
        /// The mapping file's value.
        public var mapping: JSONValue
        /// What the import could not keep of the interaction, one line each.
        public var notes: [String]
    }

    /// What an import plans.
    public struct Plan: Sendable {
        /// The interactions that become files.
        public var entries: [Entry] = []
        /// `description (kind) in FILE`: interactions not imported, for standard error.
        public var notImported: [String] = []
        /// How many interactions the files hold, imported or not.
        public var interactionCount = 0
    }

    struct Item {
        var interaction: PactInteraction
        var file: String
        var pact: PactFile
    }

    private var items: [Item] = []
    private var notImported: [String] = []
    private var count = 0

    /// An import with no files yet.
    public init() {}

    /// Adds the interactions of one pact file, read from `file`.
    public mutating func add(_ pact: PactFile, file: String) {
        count += pact.interactions.count + pact.unsupported.count
        for interaction in pact.interactions {
            if let body = interaction.request.body, body.json == nil {
                notImported.append("'\(interaction.description)' in \(file):\(interaction.location): its request body is not JSON (\(body.contentType ?? "no content type")), and a contract sends JSON bodies only")
                continue
            }
            items.append(Item(interaction: interaction, file: file, pact: pact))
        }
        for other in pact.unsupported {
            notImported.append("'\(other.description)' in \(file):\(other.location): \(other.kind) is not supported (Envelope checks HTTP interactions)")
        }
    }

    /// Every contract and mapping.
    public func plan() -> Plan {
        var plan = Plan()
        plan.notImported = notImported
        plan.interactionCount = count
        var used: Set<String> = []
        let names = items.map { item in
            let slug = OpenAPINaming.slug(item.interaction.description)
            return OpenAPINaming.unique(slug.isEmpty ? OpenAPINaming.slug(item.interaction.request.method.lowercased() + "-" + item.interaction.request.path) : slug, among: &used)
        }
        // Interactions sending the same request, in file order.
        var groups: [String: [Int]] = [:]
        for (index, item) in items.enumerated() { groups[Self.requestKey(item.interaction.request), default: []].append(index) }
        for (index, item) in items.enumerated() {
            let group = groups[Self.requestKey(item.interaction.request)] ?? [index]
            var selection: PactStateSelection?
            if group.count > 1 {
                let label = Self.stateLabel(item.interaction.providerStates)
                let earlier = group.prefix { $0 != index }.first { Self.stateLabel(items[$0].interaction.providerStates) == label }
                selection = PactStateSelection(label: label, isDefault: group.first == index, shadowedBy: earlier.map { names[$0] })
            }
            plan.entries.append(PactEntryBuilder(item: item, name: names[index], selection: selection).entry())
        }
        return plan
    }

    /// What makes two requests the same to the mock: method, path, query and body.
    static func requestKey(_ request: PactRequest) -> String {
        let query = request.query.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: "&")
        return "\(request.method) \(request.path)?\(query) \(request.body?.json?.serialized() ?? "")"
    }

    /// The header value naming a list of states (`order 42 exists; user is logged in`).
    static func stateLabel(_ states: [PactProviderState]) -> String {
        let text = states.map(\.name).joined(separator: "; ")
        let clean = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || $0.value > 0x7E ? "?" : Character($0) })
        return clean.isEmpty ? "(no state)" : clean
    }
}

/// How an interaction that shares its request with others is selected.
struct PactStateSelection {
    /// The value of ``PactImport/stateHeader`` that selects it.
    var label: String
    /// Whether it is also served without the header (the first of its group).
    var isDefault: Bool
    /// The interaction with the same request and states that wins over it, if any.
    var shadowedBy: String?
}
