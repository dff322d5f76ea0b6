import Foundation

/// Writes lines to standard output unbuffered, so a script reading a pipe sees "listening on" the
/// moment it is printed (`print` buffers whole blocks when stdout is not a terminal).
enum Console {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// A warning a person must see: on standard error as well as standard output, where a
    /// script that keeps only one of them still has it.
    static func warning(_ text: String) {
        line(text)
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
