import Foundation
import Testing

@testable import swedbankpay

/// Every setting is declared once (`ServerSettings`); the option, its help and the environment
/// lookup come from the declaration, and this suite holds the rest to it: the settings table of
/// `docs/merchant-backend-server.md` (flag, variable, default, which command) and each command's
/// help. A setting added, renamed or given another default without its row fails here. Defaults
/// and limits the library applies are named in the declarations by the library's constants, so
/// the table is held to the library's own values.
@Suite struct SettingsTableTests {
    /// One row of the table: its flags, the command it names (nil: both), its variables and default.
    struct Row: CustomStringConvertible {
        let flags: [String]
        let scope: String?
        let variables: [String]
        let defaultText: String
        let line: String
        var description: String { line }
    }

    static let declared: [any SettingDeclaration] = Mirror(reflecting: settings).children.compactMap {
        $0.value as? any SettingDeclaration
    }

    /// The lines of the table under `header` in `docs/<name>`.
    static func table(_ name: String, header: String) throws -> [String] {
        let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/" + name)
        let lines = try String(contentsOf: document, encoding: .utf8).split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: header))
        return Array(lines[(start + 2)...].prefix { $0.hasPrefix("|") })
    }

    static func rows() throws -> [Row] {
        try table("merchant-backend-server.md", header: "| flag | variable | default | what |").map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let scope = ["serve", "backend"].first { cells[1].hasSuffix("(\($0))") }
            return Row(
                flags: Self.matches(of: #"`--([a-z-]+)`"#, in: cells[1]),
                scope: scope, variables: Self.matches(of: #"`([A-Z][A-Z0-9_]+)(=1)?`"#, in: cells[2]),
                defaultText: cells[3].replacingOccurrences(of: "`", with: ""), line: line)
        }
    }

    /// The first group of each match of `pattern` in `text`.
    static func matches(of pattern: String, in text: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test func theCatalogueHasEverySettingOnce() {
        #expect(Self.declared.count == 54)
        #expect(Set(Self.declared.map(\.flag)).count == Self.declared.count)
    }

    @Test func theDocumentationTableHasARowForEachSettingAndNothingElse() throws {
        let rows = try Self.rows()
        #expect(rows.count > 40)
        for setting in Self.declared {
            let holding = rows.filter { $0.flags.contains(setting.flag) }
            #expect(holding.count == 1, "--\(setting.flag): \(holding.count) rows")
            guard let row = holding.first else { continue }
            #expect(row.variables.contains(setting.variable), "--\(setting.flag) reads \(setting.variable): \(row)")
            if setting.isSwitch {
                #expect(row.line.contains("`\(setting.variable)=1`"), "\(row)")
            }
            let scope: String? =
                switch setting.scope {
                case .serveAndBackend: nil
                case .serve: "serve"
                case .backend: "backend"
                case .orders: "orders (not a server's)"
                }
            #expect(row.scope == scope, "--\(setting.flag) belongs to \(setting.scope): \(row)")
            if let allowed = setting.allowedDescription {
                #expect(row.line.contains("(\(allowed))"), "--\(setting.flag) allows \(allowed): \(row)")
            }
            if let defaultText = setting.defaultDescription {
                #expect(row.defaultText == defaultText, "--\(setting.flag)'s default is \(defaultText): \(row)")
            } else {
                let none = setting.isSwitch ? ["off"] : ["none", "required"]
                #expect(
                    none.contains { row.defaultText.hasPrefix($0) }, "--\(setting.flag) has no default: \(row)")
            }
        }
        let flags = Set(Self.declared.map(\.flag))
        for row in rows {
            for flag in row.flags { #expect(flags.contains(flag), "--\(flag) is not declared: \(row)") }
            let read = Set(Self.declared.filter { row.flags.contains($0.flag) }.map(\.variable))
            for variable in row.variables {
                #expect(
                    read.contains(variable) || ServerSettings.variablesWithoutFlags.contains(variable),
                    "\(variable) is read by no setting of its row: \(row)")
            }
        }
    }

    /// The sandbox's own table (`docs/sandbox.md`) names the settings `sandbox` shares — HTTPS,
    /// connections, control token, strictness — with their declared variables and defaults, and
    /// `sandbox --help` says each variable.
    @Test func theSandboxTableAndHelpAgreeWithTheSharedSettings() throws {
        let rows = try Self.table("sandbox.md", header: "| option | default | meaning |").filter {
            $0.contains("(env ")
        }
        #expect(rows.count == 10)
        let help = SandboxCommand.helpMessage(columns: 10_000)
        for line in rows {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let flags = Self.matches(of: #"`--([a-z-]+)"#, in: cells[1])
            let variables = Self.matches(of: #"`([A-Z][A-Z0-9_]+)(=1)?`"#, in: cells[1])
            let declared = Self.declared.filter { flags.contains($0.flag) }
            #expect(declared.count == flags.count, "an undeclared flag: \(line)")
            #expect(Set(declared.map(\.variable)) == Set(variables), "\(line)")
            for setting in declared {
                let defaultText = cells[2].replacingOccurrences(of: "`", with: "")
                #expect(defaultText == setting.defaultDescription ?? (setting.isSwitch ? "off" : "none"), "\(line)")
                if let allowed = setting.allowedDescription {
                    #expect(line.contains("(\(allowed))"), "--\(setting.flag) allows \(allowed): \(line)")
                }
                let entry = help.components(separatedBy: "\n  --").first { $0.hasPrefix(setting.flag + " ") }
                #expect(entry?.contains("Env: \(setting.environmentForm).") == true, "--\(setting.flag)")
            }
        }
    }

    @Test func eachCommandsHelpNamesItsSettingsWithTheirVariables() {
        let serve = ServeCommand.helpMessage(columns: 10_000)
        let backend = BackendCommand.helpMessage(columns: 10_000)
        for setting in Self.declared {
            let helps: [String] =
                switch setting.scope {
                case .serveAndBackend: [serve, backend]
                case .serve: [serve]
                case .backend: [backend]
                case .orders: []
                }
            for help in helps {
                // The option's entry: from its name to the next option's.
                let entry = help.components(separatedBy: "\n  --").first {
                    $0.hasPrefix(setting.flag + " ") || $0.hasPrefix(setting.flag + "\n")
                }
                #expect(
                    entry?.contains("Env: \(setting.environmentForm).") == true,
                    "--\(setting.flag): \(entry ?? "not in help")")
                if let allowed = setting.allowedDescription {
                    #expect(entry?.contains("Allowed: \(allowed).") == true, "--\(setting.flag): \(entry ?? "")")
                }
            }
        }
    }

    /// The client commands take their settings and default addresses from the declarations: the
    /// admin key with its variable, the backend's and sandbox's addresses from the default host and
    /// the servers' default ports.
    @Test func theClientCommandsSayTheirDefaultsFromTheDeclarations() {
        #expect(DefaultAddress.backend == "http://127.0.0.1:8080")
        #expect(DefaultAddress.sandbox == "http://127.0.0.1:8081")
        let orders = OrdersCommand.List.helpMessage(columns: 10_000)
        let entry = orders.components(separatedBy: "\n  --").first { $0.hasPrefix("admin-key ") }
        #expect(entry?.contains("Env: SWEDBANKPAY_ADMIN_KEY.") == true, "\(entry ?? "not in help")")
        #expect(orders.contains("(default: \(DefaultAddress.backend))"), "\(orders)")
        #expect(DemoNativeCommand.helpMessage(columns: 10_000).contains("(default: \(DefaultAddress.sandbox))"))
    }

    /// The defaults and limits the library applies, as help and the table say them: the library's
    /// constants, written the one way.
    @Test func libraryDefaultsAndLimitsAreSaidFromTheLibrary() {
        #expect(settings.maxCallsInFlight.defaultDescription == "1024")
        #expect(settings.maxCallsInFlight.allowedDescription == "1–100,000")
        #expect(settings.maxCallsQueued.defaultDescription == "4096")
        #expect(settings.maxCallsQueued.allowedDescription == "0–1,000,000")
        #expect(settings.maxCallbacksWaiting.defaultDescription == "1000")
        #expect(settings.maxOrdersPerUser.defaultDescription == "100")
        #expect(settings.maxOrdersPerUser.allowedDescription == "0 (no limit), or 1–1,000,000")
        #expect(settings.ordersPerUserWindow.defaultDescription == "3600")
        #expect(settings.ordersPerUserWindow.allowedDescription == "1–604,800")
        #expect(settings.sandboxMaxStoredBytes.defaultDescription == "268435456")
        #expect(settings.sandboxMaxStoredBytes.allowedDescription == "1,048,576–68,719,476,736")
        #expect(settings.timeout.defaultDescription == "10")
        #expect(settings.timeout.allowedDescription == "0.1–300")
        #expect(settings.shutdownGrace.defaultDescription == "the timeout plus 5")
        #expect(settings.shutdownGrace.allowedDescription == "1–3,600")
        #expect(settings.jwtJWKSReload.defaultDescription == "60")
        #expect(settings.jwtJWKSReload.allowedDescription == "0, or 1–86,400")
        #expect(settings.jwtUserClaim.defaultDescription == "sub")
        #expect(settings.jwtLeeway.defaultDescription == "30")
        #expect(settings.jwtLeeway.allowedDescription == "0–300")
        #expect(settings.headerTimeout.defaultDescription == "10")
        #expect(settings.headerTimeout.allowedDescription == "0.001–3,600")
        #expect(settings.idleTimeout.defaultDescription == "75")
        #expect(settings.idleTimeout.allowedDescription == "0.001–86,400")
        #expect(settings.maxConnections.defaultDescription == "4096")
        #expect(settings.maxConnections.allowedDescription == "1–1,000,000")
        #expect(AllowedValues.number(1_234_567) == "1,234,567")
        #expect(AllowedValues.number(0.25) == "0.25")
    }
}
