/// One step of an instance path.
public enum PathComponent: Sendable, Hashable {
    /// An object member.
    case key(String)
    /// An array element.
    case index(Int)
}
