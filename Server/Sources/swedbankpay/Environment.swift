import ArgumentParser
import Configuration
import Foundation
import SystemPackage

/// Settings read through swift-configuration (12-factor): a flag given on the command line wins,
/// then the process environment, then the `.env` file given by `--env-file` or
/// `SWEDBANKPAY_ENV_FILE`, then the files of the directory given by `--secrets-dir` or
/// `SWEDBANKPAY_SECRETS_DIR` (one file per setting, named like its variable: the shape of container
/// secrets), then the default. The names are the same in every source.
enum Environment {
    /// The sources read at start; until ``load(environmentFile:secretsDirectory:)`` runs, the
    /// process environment alone.
    private static let sources = Sources()

    /// Reads the configured files once, at the start of a command. A named file or directory that
    /// cannot be read stops the start.
    static func load(environmentFile: String?, secretsDirectory: String?) async throws {
        let environment = ProcessInfo.processInfo.environment
        var providers: [any ConfigProvider] = [EnvironmentVariablesProvider(environmentVariables: environment)]
        if let path = environmentFile ?? nonEmpty(environment[settings.envFile.variable]) {
            do {
                providers.append(try await EnvironmentVariablesProvider(environmentFilePath: FilePath(path)))
            } catch {
                throw ValidationError("cannot read the environment file \(path): \(error)")
            }
        }
        if let path = secretsDirectory ?? nonEmpty(environment[settings.secretsDir.variable]) {
            do {
                providers.append(try await DirectoryFilesProvider(directoryPath: FilePath(path)))
            } catch {
                throw ValidationError("cannot read the secrets directory \(path): \(error)")
            }
        }
        sources.set(ConfigReader(providers: providers))
    }

    /// The value of setting `name` (e.g. `SWEDBANKPAY_HOST`), without surrounding white space;
    /// nil when it is unset or empty.
    static func value(_ name: String) -> String? {
        nonEmpty(sources.reader.string(forKey: ConfigKey(name)))
    }

    /// A comma-separated list setting.
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

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    /// The reader, replaced once at start.
    private final class Sources: @unchecked Sendable {
        private let lock = NSLock()
        private var current = ConfigReader(
            provider: EnvironmentVariablesProvider(environmentVariables: ProcessInfo.processInfo.environment))

        var reader: ConfigReader { lock.withLock { current } }
        func set(_ reader: ConfigReader) { lock.withLock { current = reader } }
    }
}

/// `--env-file` and `--secrets-dir`, for every command that reads settings.
struct ConfigurationSources: ParsableArguments {
    @Option(settings.envFile) var envFile: String?
    @Option(settings.secretsDir) var secretsDir: String?

    func load() async throws {
        try await Environment.load(environmentFile: envFile, secretsDirectory: secretsDir)
    }
}
