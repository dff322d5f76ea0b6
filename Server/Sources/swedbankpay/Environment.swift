import Foundation

/// Settings read from environment variables (12-factor): a flag given on the command line wins,
/// then the variable, then the default.
enum Environment {
    static func value(_ name: String) -> String? {
        guard let text = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespaces),
            !text.isEmpty
        else { return nil }
        return text
    }

    /// A comma-separated list variable.
    static func list(_ name: String) -> [String] {
        (value(name) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty
        }
    }
}
