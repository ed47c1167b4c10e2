/// Which keys an inferred object schema lists in `required`: `envelope infer --required`.
public enum RequiredKeys: String, Sendable, Hashable, CaseIterable {
    /// Keys present in every object seen at a place: what the samples prove. The default.
    case common
    /// Every key seen at a place, even one some objects lacked: for an API whose answers
    /// always carry every key and whose samples happen to be partial.
    case every
    /// No key: every property optional, for a contract that only pins down types.
    case none
}
