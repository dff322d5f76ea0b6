import Foundation

/// Writes lines to standard output unbuffered, so a script reading a pipe sees "listening on" the
/// moment it is printed (`print` buffers whole blocks when stdout is not a terminal).
enum Console {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
