/// An error that knows which process exit code it stands for.
///
/// The runner treats any other error thrown from `run()` as a usage-level failure (exit 2);
/// conforming lets, say, a transport failure exit with 3 as the design requires.
protocol ExitCodeProviding: Error {
    /// The process exit code to return when this error ends the command.
    var exitCode: Int32 { get }
}
