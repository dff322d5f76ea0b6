import ArgumentParser
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

    /// A secret kept in a file (container secrets), without surrounding white space; `flag` names
    /// the option in the error.
    static func secret(inFile path: String, flag: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError("cannot read \(flag) \(path)")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
