/// One step of the instance path while validating: a member by its key's tape index (decoded
/// only if a finding needs it), a key by name (for absent keys), or an array index.
enum PathStep {
    case member(Int)
    case name(String)
    case index(Int)

    init(_ step: TapeStep) {
        switch step {
        case .member(let key): self = .member(key)
        case .index(let index): self = .index(index)
        }
    }
}
