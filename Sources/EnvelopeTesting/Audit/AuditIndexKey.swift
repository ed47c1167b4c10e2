/// The coding key of an array element, for `codingPath`.
struct AuditIndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }

    init(intValue: Int) {
        self.intValue = intValue
    }

    init?(stringValue: String) {
        guard let value = Int(stringValue) else { return nil }
        intValue = value
    }
}
