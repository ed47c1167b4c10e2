/// A step of the path being walked: like ``PathStep`` without names, so that pushing and
/// popping one (twice per member and element) copies a plain value and never releases one.
enum TapeStep {
    case member(Int)
    case index(Int)
}
