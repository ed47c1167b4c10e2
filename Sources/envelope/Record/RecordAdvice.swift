import EnvelopeCore
import Foundation

/// What `lint` tells the user to run to record a missing mock: a command that runs as printed
/// (`envelope record --env NAME --only X`, naming an environment of envelope.json that serves
/// the contract, and the variables it needs), or, when no environment does, how in words:
/// `record` needs a live server, and lint cannot guess its address.
struct RecordAdvice {
    /// The project file, if there is one.
    var config: ProjectConfig?
    /// Where lint read it from, passed on (`--config`) when it is not record's default.
    var configPath: String = "envelope.json"
    /// The folders lint read, passed on when they are not record's defaults.
    var contractsDirectory: String
    var mocksDirectory: String
    /// The process environment, for the `${VAR}`s a recording needs.
    var variables: [String: String] = ProcessInfo.processInfo.environment

    /// The advice for a contract no mock answers.
    func forContract(_ contract: Contract) -> String {
        let serving = config?.environments.first { $0.only.isEmpty || $0.only.contains(contract.name) }
        guard let serving else {
            return "record one from the live server with envelope record, giving it the server's address (--base-url) "
                + "or an environment of \(configPath) that serves '\(contract.name)' (--env\(configOption)), and --only \(Self.quoted(contract.name))"
        }
        let request = contract.request
        let texts = [serving.baseURL] + serving.headers.map(\.value) + [request.path] + request.query.map(\.value) + request.headers.map(\.value)
        return "record one" + needing(texts) + " with: " + command(serving, only: contract.name)
    }

    /// The advice for a project with no mocks at all.
    func forAll() -> String {
        let environments = config?.environments ?? []
        guard let serving = environments.first(where: { $0.only.isEmpty }) ?? environments.first else {
            return "record them from the live server with envelope record, giving it the server's address (--base-url) "
                + "or an environment of \(configPath) (--env\(configOption))"
        }
        return "record " + (serving.only.isEmpty ? "them" : "some") + needing([serving.baseURL] + serving.headers.map(\.value))
            + " with: " + command(serving, only: nil)
    }

    /// ` with --config FILE` when the project file is not record's default, which `--env` needs.
    var configOption: String {
        configPath == "envelope.json" ? "" : " with --config \(Self.quoted(configPath))"
    }

    /// `envelope record --env NAME [--only X]`, with the project file and the folders when they
    /// are not the defaults.
    func command(_ environment: ProjectConfig.Environment, only: String?) -> String {
        var words = ["envelope", "record", "--env", Self.quoted(environment.name)]
        if let only { words += ["--only", Self.quoted(only)] }
        if configPath != "envelope.json" { words += ["--config", Self.quoted(configPath)] }
        if contractsDirectory != "Contracts" { words += ["--contracts", Self.quoted(contractsDirectory)] }
        if mocksDirectory != "Mocks" { words += ["--mocks", Self.quoted(mocksDirectory)] }
        return words.joined(separator: " ")
    }

    /// ` (with A and B set)` for the variables of `texts` that are not set, else nothing: the
    /// command runs as printed once they are.
    func needing(_ texts: [String]) -> String {
        var missing: [String] = []
        for text in texts {
            var known = variables
            // Each expansion stops at the first unset variable: set it to a stand-in and go on.
            while case .failure(let unset) = Result(catching: { () throws(TemplateExpander.MissingVariable) in
                try TemplateExpander(environment: known).expand(text)
            }) {
                known[unset.name] = ""
                if !missing.contains(unset.name) { missing.append(unset.name) }
            }
        }
        guard !missing.isEmpty else { return "" }
        let list = missing.count == 1 ? missing[0] : missing.dropLast().joined(separator: ", ") + " and " + missing[missing.count - 1]
        return " (with \(list) set)"
    }

    /// `word` as a shell reads it back: as it is when it is plain, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "-_./:=@%+,".unicodeScalars.contains(scalar))
        }
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}
