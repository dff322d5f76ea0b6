/// A failure at run time — the database unreachable, a port taken, Chromium missing — as opposed to
/// wrong flags. ArgumentParser prints it as one line, `Error: <message>`, without the usage text,
/// and the process exits 1; `ValidationError` (usage text, exit 64) stays for wrong flags.
struct RunFailure: Error, CustomStringConvertible {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
