import Foundation

/// Where the `$ref`s of a folder's contracts may lead: any file of the project folder (and of
/// the contracts folder itself, wherever it is), never one outside, whether by `..` or
/// through a symbolic link.
///
/// The project folder is the folder of the project file given with `--config`; else the
/// nearest folder holding `envelope.json`, from the contracts folder up; else the working
/// directory.
struct ProjectScope: Sendable {
    /// Why the project folder is the one it is, said in messages.
    enum Origin: Sendable, CustomStringConvertible {
        /// The folder of the project file `--config` names.
        case configFile
        /// The nearest folder holding `envelope.json`, from the contracts folder up.
        case projectFile
        /// The working directory: no `envelope.json` in the contracts folder or above it.
        case workingDirectory

        var description: String {
            switch self {
            case .configFile: return "the folder of the --config file"
            case .projectFile: return "the folder holding envelope.json"
            case .workingDirectory: return "the working directory, as no envelope.json is in the contracts folder or above it"
            }
        }

        /// What to do about a document outside the folder, besides moving it in.
        var otherRemedy: String {
            switch self {
            case .configFile: return "give --config a project file in a folder that holds it"
            case .projectFile: return "move envelope.json up to a folder that holds both"
            case .workingDirectory: return "run envelope from the folder that holds it"
            }
        }
    }

    /// The project folder, absolute and normalized.
    let folder: String
    /// Why it is that folder.
    let origin: Origin
    /// The contracts folder, absolute and normalized: its files are always in reach.
    let contractsFolder: String
    /// Both with their symbolic links resolved, for judging where a link leads (nil when
    /// the folder is not there).
    let realFolder: String?
    let realContractsFolder: String?
    /// The working directory when the scope was made, which relative paths are read from:
    /// asked once, not for every file judged.
    let workingDirectory: String

    /// The scope of the contracts in `contractsFolder`, with `projectFile` the `--config`
    /// file when one was given.
    init(contractsFolder: String, projectFile: String? = nil) {
        workingDirectory = FileManager.default.currentDirectoryPath
        self.contractsFolder = FileSystem.absolute(contractsFolder)
        if let projectFile {
            folder = FileSystem.normalized((FileSystem.absolute(projectFile) as NSString).deletingLastPathComponent)
            origin = .configFile
        } else if let holding = Self.folderHoldingProjectFile(from: self.contractsFolder) {
            folder = holding
            origin = .projectFile
        } else {
            folder = FileSystem.absolute(".")
            origin = .workingDirectory
        }
        realFolder = FileSystem.realPath(folder)
        realContractsFolder = FileSystem.realPath(self.contractsFolder)
    }

    /// The nearest folder holding `envelope.json`: `start` or a folder above it.
    static func folderHoldingProjectFile(from start: String) -> String? {
        var folder = start
        while true {
            if FileSystem.isFile(FileSystem.join(folder, "envelope.json")) { return folder }
            guard folder != "/" else { return nil }
            folder = FileSystem.normalized((folder as NSString).deletingLastPathComponent)
        }
    }

    /// Whether the absolute, normalized `path` may be read, by its text: inside the project
    /// folder or the contracts folder.
    func reaches(_ path: String) -> Bool {
        FileSystem.isPath(path, inside: folder) || FileSystem.isPath(path, inside: contractsFolder)
    }

    /// Whether `real`, a path with every link resolved, is inside the real project folder or
    /// contracts folder.
    func reaches(real: String) -> Bool {
        [realFolder, realContractsFolder].contains { root in root.map { FileSystem.isPath(real, inside: $0) } ?? false }
    }

    /// Throws when the file at `path` (as it is read, relative to the working directory or
    /// absolute) is out of reach; `real` is where its links lead, nil when nothing is there.
    func check(_ path: String, real: String?) throws(Refusal) {
        let absolute = FileSystem.normalized(path.hasPrefix("/") ? path : FileSystem.join(workingDirectory, path))
        guard reaches(absolute) else { throw Refusal(path: absolute, leadsTo: nil, scope: self) }
        if let real, !reaches(real: real) { throw Refusal(path: absolute, leadsTo: real, scope: self) }
    }

    /// A file a `$ref` names outside the project: where it is, and the project folder it left.
    struct Refusal: Error, CustomStringConvertible {
        /// The file, absolute.
        var path: String
        /// Where the symbolic links on its way lead, when they are what takes it out.
        var leadsTo: String?
        /// The scope it is out of.
        var scope: ProjectScope

        var description: String {
            let whereItIs = leadsTo.map { "\(path) leads through a symbolic link to \($0), which is" } ?? "\(path) is"
            let contracts = FileSystem.isPath(scope.contractsFolder, inside: scope.folder) ? "" : " and of the contracts folder \(scope.contractsFolder)"
            return "\(whereItIs) outside the project folder \(scope.folder) (\(scope.origin))\(contracts); "
                + "a $ref may reach any file inside the project folder and none outside it: move the document inside the project, "
                + "or \(scope.origin.otherRemedy)"
        }
    }
}
