import Foundation

// Thin entry point: everything else lives in the libraries and the command types.
exit(CommandRunner.main(root: EnvelopeCommand.self))
