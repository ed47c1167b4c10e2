extension ValidationRun {
    /// The kind of the value at tape index `instance`.
    @inline(__always) func kind(_ instance: Int) -> JSONKind { tape[instance].kind }

    /// The tape index just past a value and everything inside it.
    @inline(__always) func end(_ instance: Int) -> Int { tape.valueEnd(instance) }

    /// The tape index where a container's children stop.
    @inline(__always) func childrenEnd(_ instance: Int) -> Int { tape.childrenEnd(instance) }

    /// The bytes between a string's quotes.
    @inline(__always) func stringBody(_ instance: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = tape[instance]
        return UnsafeBufferPointer(rebasing: bytes[Int(entry.offset) + 1..<Int(entry.offset) + entry.payload - 1])
    }

    /// The value at tape index `index`, as a node of the document.
    func node(_ index: Int) -> JSONNode { JSONNode(document: document, index: index) }

    /// The decoded string at tape index `instance`.
    func string(_ instance: Int) -> String {
        let entry = tape[instance]
        return JSONString.decode(UnsafeBufferPointer(rebasing: bytes[Int(entry.offset)..<Int(entry.offset) + entry.payload]), hasEscapes: entry.flag)
    }

    /// A key's decoded bytes: the raw body when it has no escapes, else decoded (rare).
    @inline(__always) func withKeyBytes<T>(_ key: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        if !tape[key].flag { return body(stringBody(key)) }
        let decoded = JSONString.unescape(stringBody(key))
        return decoded.withUnsafeBufferPointer(body)
    }
}
