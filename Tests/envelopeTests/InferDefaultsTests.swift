import Foundation
import Testing

/// How often `needle` occurs in `text`.
private func occurrences(of needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

/// The `struct` declarations in generated Swift, by name.
private func structNames(_ swift: String) -> [String] {
    swift.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("public struct ") else { return nil }
        return line.dropFirst("public struct ".count).split(whereSeparator: { $0 == ":" || $0 == "<" || $0 == " " }).first.map(String.init)
    }
}

/// What `envelope infer` writes by default, through the built binary: repeated shapes once in
/// `$defs`, no enums from links, ids or one repeated object, `--required`, and a note where a
/// sample could not say what a field holds.
@Suite("envelope infer: output that needs no heavy editing", .temporaryFolders)
struct InferDefaultsTests {
    let pokemon = fixtures.appendingPathComponent("Infer/pokemon.json")

    /// Infers the PokeAPI-like sample into `folder/Contracts/pokemon.json` (with `extra`
    /// options) and returns the run.
    func inferPokemon(into folder: URL, _ extra: [String] = []) throws -> RunResult {
        let contracts = folder.appendingPathComponent("Contracts")
        try FileManager.default.createDirectory(at: contracts, withIntermediateDirectories: true)
        return try Envelope.run(["infer", pokemon.path, "--request", "GET /api/v2/pokemon/25", "-o", contracts.appendingPathComponent("pokemon.json").path] + extra)
    }

    @Test("a PokeAPI-like answer: the {name, url} met at nine places is one $defs entry and one generated type, and the sample passes")
    func pokemonSharesShapes() throws {
        let folder = try temporaryDirectory()
        let inferred = try inferPokemon(into: folder)
        #expect(inferred.exitCode == 0, "\(inferred.standardError)")
        let contract = try String(contentsOf: folder.appendingPathComponent("Contracts/pokemon.json"), encoding: .utf8)
        #expect(occurrences(of: ##"{ "$ref": "#/$defs/name-url" }"##, in: contract) == 9)
        #expect(occurrences(of: #""name-url": {"#, in: contract) == 1)
        // Links, names and the learn methods of forty moves: none is a closed set.
        #expect(!contract.contains("\"enum\""))

        let validate = try Envelope.run(["validate", "Contracts/pokemon.json", pokemon.path], in: folder)
        #expect(validate.exitCode == 0, "\(validate.standardOutput)")
        #expect(validate.standardOutput.hasSuffix("1 answer: 1 ok, 0 with drift (0 breaking, 0 warnings)\n"))
        let lint = try Envelope.run(["lint"], in: folder)
        #expect(lint.standardOutput.hasSuffix("lint: 1 contract, 0 mappings: 0 errors, 1 warning, 0 mocks with drift\n"), "\(lint.standardOutput)")

        let shared = try Envelope.run(["codegen", "Contracts/pokemon.json"], in: folder)
        #expect(shared.exitCode == 0, "\(shared.standardError)")
        let sharedTypes = structNames(shared.standardOutput)
        #expect(sharedTypes.filter { $0 == "NameUrl" }.count == 1)
        #expect(occurrences(of: ": NameUrl\n", in: shared.standardOutput) + occurrences(of: ": [NameUrl]\n", in: shared.standardOutput) == 9)
        // The one enum is the JSONAny helper the empty arrays and null-only fields use.
        #expect(occurrences(of: "public enum ", in: shared.standardOutput) == 1)
        #expect(shared.standardOutput.contains("public enum JSONAny: "))

        let inlineFolder = try temporaryDirectory()
        #expect(try inferPokemon(into: inlineFolder, ["--no-defs"]).exitCode == 0)
        let inline = try Envelope.run(["codegen", "Contracts/pokemon.json"], in: inlineFolder)
        let inlineTypes = structNames(inline.standardOutput)
        // Nine {name, url} structs become one, and each repeated sprite shape one too.
        #expect(sharedTypes.count + 20 <= inlineTypes.count, "with $defs \(sharedTypes.count) types, inline \(inlineTypes.count)")
    }

    @Test("the models generated from the shared shapes compile and decode the sample")
    func pokemonModelsDecode() throws {
        let folder = try temporaryDirectory()
        #expect(try inferPokemon(into: folder).exitCode == 0)
        let models = folder.appendingPathComponent("Models")
        let generated = try Envelope.run(["codegen", "Contracts/pokemon.json", "--output", models.path], in: folder)
        #expect(generated.exitCode == 0, "\(generated.standardError)")
        try """
            import Foundation
            let pokemon = try JSONDecoder().decode(PokemonResponse.self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
            print("\\(pokemon.name): \\(pokemon.moves.count) moves, first \\(pokemon.moves[0].move.name), species \\(pokemon.species.url)")
            """.write(to: models.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let sources = try FileManager.default.contentsOfDirectory(atPath: models.path).filter { $0.hasSuffix(".swift") }.map { models.appendingPathComponent($0).path }
        let program = folder.appendingPathComponent("decode").path
        let compile = try runTool("swiftc", ["-swift-version", "6", "-o", program] + sources)
        try #require(compile.status == 0, "swiftc failed:\n\(compile.output)")
        let run = try runTool(program, [pokemon.path])
        #expect(run.output == "pikachu: 40 moves, first mega-punch, species https://pokeapi.co/api/v2/pokemon-species/25/\n")
    }

    @Test("always-empty arrays get items {} and a $comment, and each such place is a note on standard error")
    func notesOnStandardError() throws {
        let folder = try temporaryDirectory()
        let inferred = try inferPokemon(into: folder)
        let notes = inferred.standardError.split(separator: "\n").filter { $0.hasPrefix("note: ") }
        #expect(notes.contains("note: /held_items: every array was empty, so its items are {} (anything); describe them in items"))
        #expect(notes.contains("note: /past_types: every array was empty, so its items are {} (anything); describe them in items"))
        #expect(notes.contains("note: /moves/*/version_group_details/*/order: only null was seen, so the schema gives no type; add the type it has when set"))
        #expect(inferred.standardError.hasSuffix("wrote \(folder.appendingPathComponent("Contracts/pokemon.json").path)\n"))

        let result = try Envelope.run(["infer", "-", "--name", "t", "--request", "/t"], input: #"{"tags": [], "next": null, "id": 1}"#)
        #expect(result.exitCode == 0)
        #expect(result.standardError == """
            note: /next: only null was seen, so the schema gives no type; add the type it has when set
            note: /tags: every array was empty, so its items are {} (anything); describe them in items

            """)
        #expect(result.standardOutput.contains("""
                    "tags": {
                      "$comment": "Every array here was empty in the samples, so the items are unknown; describe them in items.",
                      "type": "array",
                      "items": {}
                    }
            """))
        let full = try Envelope.run(["infer", "-", "--name", "t", "--request", "/t"], input: #"{"tags": ["a"], "next": "x"}"#)
        #expect(full.standardError == "")
    }

    @Test("no enum from link paths, ids or free text, nor from one organization repeated inside many teams")
    func noFalseEnums() throws {
        let acme = #"{"login": "acme", "url": "/orgs/acme"}"#
        let globex = #"{"login": "globex", "url": "/orgs/globex"}"#
        let teams = (0..<12).map { index in
            "{\"id\": \"T\(1000 + index)\", \"slug\": \"team-\(index)\", \"privacy\": \"\(index % 3 == 0 ? "secret" : "closed")\", "
                + "\"description\": \"\(index % 2 == 0 ? "The core team" : "Web people")\", \"self\": \"/api/v2/teams/\(index % 2)/\", "
                + "\"organization\": \(index < 6 ? acme : globex)}"
        }
        let result = try Envelope.run(["infer", "-", "--name", "teams", "--request", "/teams"], input: "[" + teams.joined(separator: ", ") + "]")
        #expect(result.exitCode == 0)
        #expect(occurrences(of: "\"enum\"", in: result.standardOutput) == 1)
        #expect(result.standardOutput.contains(#""privacy": { "type": "string", "enum": ["closed", "secret"] }"#))
        for key in ["login", "url", "id", "slug", "description", "self"] {
            #expect(result.standardOutput.contains("\"\(key)\": { \"type\": \"string\" }"), "\(key)")
        }
    }

    @Test("--required every lists every key seen, none lists none, and common (the default) the keys every object had")
    func requiredOption() throws {
        let samples = ["orders-1.json", "orders-2.json"].map { fixtures.appendingPathComponent("Infer/\($0)").path }
        let common = try Envelope.run(["infer"] + samples + ["--name", "o", "--request", "/o"])
        let explicit = try Envelope.run(["infer"] + samples + ["--name", "o", "--request", "/o", "--required", "common"])
        #expect(common.standardOutput == explicit.standardOutput)
        #expect(common.standardOutput.contains(#""required": ["amount", "customer", "id", "note", "state"]"#))
        let every = try Envelope.run(["infer"] + samples + ["--name", "o", "--request", "/o", "--required", "every"])
        #expect(every.exitCode == 0)
        #expect(every.standardOutput.contains(#""required": ["amount", "coupon", "customer", "id", "note", "state"]"#))
        #expect(every.standardOutput.contains(#""required": ["next", "orders", "total"]"#))
        let none = try Envelope.run(["infer"] + samples + ["--name", "o", "--request", "/o", "--required", "none"])
        #expect(none.exitCode == 0)
        #expect(!none.standardOutput.contains("\"required\""))
        let bad = try Envelope.run(["infer", "-", "--required", "some"], input: "{}")
        #expect(bad.exitCode == 2)
        #expect(bad.standardError.hasPrefix("error: --required expects one of common, every, none, got 'some'."))
    }
}
