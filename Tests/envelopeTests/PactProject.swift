import Foundation

/// A small project for the pact tests: one `order` contract whose schema uses most of what
/// Pact can and cannot say, and the mock that answers it.
struct PactProject {
    let directory: URL

    static let contract = """
        {
          "contract": "order",
          "summary": "One order, as the app's OrderView decodes it",
          "request": { "method": "GET", "path": "/orders/7", "query": { "expand": "items" }, "headers": { "Accept": "application/json" } },
          "response": {
            "status": 200,
            "headers": { "Content-Type": { "pattern": "^application/json" } },
            "body": {
              "type": "object",
              "required": ["id", "state", "items", "note"],
              "additionalProperties": false,
              "properties": {
                "id": { "type": "integer", "minimum": 1 },
                "state": { "enum": ["new", "paid"] },
                "code": { "type": "string", "pattern": "^[A-Z]{3}-[0-9]+$" },
                "note": { "type": ["string", "null"] },
                "total": { "type": "number" },
                "items": {
                  "type": "array", "minItems": 1, "maxItems": 10,
                  "items": { "type": "object", "required": ["sku"], "properties": { "sku": { "type": "string" }, "count": { "type": "integer" } } }
                },
                "tags": { "type": "object", "additionalProperties": { "type": "string" } }
              }
            }
          }
        }
        """

    static let answer = #"{"id": 7, "state": "new", "code": "ABC-12", "note": "leave at the door", "total": 12.5, "items": [{"sku": "a-1", "count": 2}], "tags": {"color": "red"}}"#

    /// Writes `Contracts/order.json` and `Mocks/mappings/order.json` answering with `body`.
    init(body: String = PactProject.answer, in directory: URL) throws {
        self.directory = directory
        try write("Contracts/order.json", Self.contract)
        try mock(body)
    }

    /// Replaces the mock's answer.
    func mock(_ body: String) throws {
        try write("Mocks/mappings/order.json", """
            {
              "request": { "method": "GET", "urlPath": "/orders/7" },
              "response": { "status": 200, "headers": { "Content-Type": "application/json" }, "jsonBody": \(body) }
            }
            """)
    }

    func write(_ path: String, _ text: String) throws {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((text + "\n").utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// Runs one of the python scripts in Fixtures/pactout (pact-python's verifier, Pact's mock server).
    static func pactTool(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        try runTool("python3", [fixtures.appendingPathComponent("pactout/\(script)").path] + arguments)
    }
}
