import ArgumentParser
import Foundation

/// One setting of the servers, declared once: its flag, its environment variable, its help, its
/// default and how its text becomes a value. The argument parser's option (`@Option(setting)`,
/// `@Flag(setting)`), the help text (with `Env:` and `Default:`) and the environment lookup with
/// its error (``resolve(_:)``) all come from it; `SettingsTableTests` checks the settings table
/// of `docs/merchant-backend-server.md` against every declaration of ``ServerSettings``.
///
/// A flag wins over the environment (and the `.env` file and secrets directory: ``Environment``),
/// which wins over the default.
struct Setting<Value: Sendable>: SettingDeclaration {
    /// The flag's long name, without the dashes.
    let flag: String
    /// The environment variable, named the same in every source.
    let variable: String
    /// What the setting does, in sentences ending with a period.
    let help: String
    /// The placeholder of the flag's value in help; nil for a flag without a value.
    let valueName: String?
    /// The value when neither the flag nor the environment gives one.
    let fallback: Value?
    /// The default, as help and the documentation say it; nil when there is none.
    let defaultDescription: String?
    /// The values allowed, as help and the documentation say them (`1–100,000`, from the
    /// library's own range: ``AllowedValues``); nil when the setting states none.
    let allowedDescription: String?
    /// Which commands take it.
    let scope: SettingScope
    /// What a value must be, for the error naming the variable (`… must be <expected>, not …`).
    let expected: String
    /// The value of a text, nil when it is none.
    let parse: @Sendable (String) -> Value?

    /// `fallback` is the default; `libraryDefault` is the default the library applies itself when
    /// the setting is not given (``resolve(_:)`` then answers nil, so a command can tell a value
    /// given from none), named by the library's own constant so help and the documentation cannot
    /// say another. `defaultDescription` says a default the command works out (say,
    /// `http://<host>:<port>`) instead, or says `fallback` otherwise than as its value.
    init(
        _ flag: String, _ variable: String, valueName: String?, fallback: Value? = nil,
        libraryDefault: Value? = nil, default defaultDescription: String? = nil, allowed: String? = nil,
        scope: SettingScope = .serveAndBackend, expected: String, help: String,
        parse: @escaping @Sendable (String) -> Value?
    ) {
        self.flag = flag
        self.variable = variable
        self.help = help
        self.valueName = valueName
        self.fallback = fallback
        self.defaultDescription = defaultDescription ?? (fallback ?? libraryDefault).map(Self.describe)
        self.allowedDescription = allowed
        self.scope = scope
        self.expected = expected
        self.parse = parse
    }

    /// A value as help says it: whole seconds without a fraction.
    private static func describe(_ value: Value) -> String {
        if let seconds = value as? Double, seconds.rounded() == seconds { return String(Int(seconds)) }
        return "\(value)"
    }

    /// `--<flag>`.
    var option: String { "--" + flag }

    var isSwitch: Bool { Value.self == Bool.self }

    /// How the environment names it in help and the documentation: a switch as `NAME=1`.
    var environmentForm: String { isSwitch ? variable + "=1" : variable }

    /// The help the argument parser shows: the declaration's sentences, the values allowed, its
    /// variable and default.
    var argumentHelp: ArgumentHelp {
        let allowedText = allowedDescription.map { " Allowed: \($0)." } ?? ""
        let defaultText = defaultDescription.map { " Default: \($0)." } ?? ""
        return ArgumentHelp(
            help + allowedText + " Env: \(environmentForm)." + defaultText, valueName: valueName)
    }

    /// The value `given` on the command line, else the environment's, else the fallback (nil
    /// without one). A variable whose text is no value stops the start, naming the variable.
    func resolve(_ given: Value?) throws -> Value? {
        if let given { return given }
        guard let text = Environment.value(variable) else { return fallback }
        guard let value = parse(text) else {
            throw ValidationError("\(variable) must be \(expected), not \(text)")
        }
        return value
    }

    /// ``resolve(_:)`` of a setting declared with a fallback, which never comes out nil.
    func value(_ given: Value?) throws -> Value {
        guard let value = try resolve(given) else {
            preconditionFailure("\(option) is declared without a fallback")
        }
        return value
    }
}

/// What every setting says of itself, whatever its value: what the tests compare with the
/// documentation and help.
protocol SettingDeclaration: Sendable {
    var flag: String { get }
    var variable: String { get }
    var defaultDescription: String? { get }
    var allowedDescription: String? { get }
    var scope: SettingScope { get }
    var environmentForm: String { get }
    /// Whether it is a switch (a flag without a value).
    var isSwitch: Bool { get }
}

/// The commands a setting belongs to, as the documentation's table marks them.
enum SettingScope: String, Sendable {
    case serveAndBackend
    case serve
    case backend
    /// The `orders` client, not a server: not in the servers' table.
    case orders
}

extension Setting where Value == Bool {
    /// Whether the switch is on: its flag, else the variable set to 1, true or yes (any other
    /// value leaves it off).
    func resolve(_ given: Bool) -> Bool {
        given || parse(Environment.value(variable) ?? "") == true
    }
}

extension Setting where Value == [String] {
    /// The values of a repeatable flag, else the comma-separated variable's.
    func resolve(_ given: [String]) -> [String] {
        given.isEmpty ? Environment.list(variable) : given
    }
}

/// A flag's comma-separated values (`--api-keys a,b`), as its variable's.
struct CommaList: ExpressibleByArgument, Sendable, CustomStringConvertible {
    let items: [String]

    init?(argument: String) { items = SettingParse.list(argument) ?? [] }

    var description: String { items.joined(separator: ",") }
}

/// How the settings' texts become values.
enum SettingParse {
    @Sendable static func text(_ text: String) -> String? { text }

    /// The port numbers a server may listen on (0 picks a free one).
    static let portRange = 0...65_535

    /// What a port must be, for errors.
    static let portExpected = "a port number (\(portRange.lowerBound)–\(portRange.upperBound))"

    @Sendable static func port(_ text: String) -> Int? {
        Int(text).flatMap { portRange.contains($0) ? $0 : nil }
    }

    @Sendable static func count(_ text: String) -> Int? { Int(text) }

    @Sendable static func seconds(_ text: String) -> Double? { Double(text) }

    @Sendable static func on(_ text: String) -> Bool? { ["1", "true", "yes"].contains(text.lowercased()) }

    /// A comma-separated list, each item trimmed, empty ones dropped.
    @Sendable static func list(_ text: String) -> [String]? {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

extension Option {
    /// The option of a setting with a single value.
    init<Wrapped: ExpressibleByArgument>(_ setting: Setting<Wrapped>) where Value == Wrapped? {
        self.init(name: .customLong(setting.flag), help: setting.argumentHelp)
    }

    /// The repeatable option of a list setting (its variable is comma-separated).
    init(wrappedValue: [String], _ setting: Setting<[String]>) where Value == [String] {
        self.init(wrappedValue: wrappedValue, name: .customLong(setting.flag), help: setting.argumentHelp)
    }
}

extension Flag where Value == Bool {
    /// The switch of a setting.
    init(wrappedValue: Bool, _ setting: Setting<Bool>) {
        self.init(wrappedValue: wrappedValue, name: .customLong(setting.flag), help: setting.argumentHelp)
    }
}

/// How help and the documentation write the values a setting allows, from the library's own
/// range: `1–100,000`, `0.1–300`, `0.001–3,600` (seconds of a `Duration`).
enum AllowedValues {
    static func text(_ range: ClosedRange<Int>) -> String {
        number(Double(range.lowerBound)) + "–" + number(Double(range.upperBound))
    }

    static func text(_ range: ClosedRange<Double>) -> String {
        number(range.lowerBound) + "–" + number(range.upperBound)
    }

    static func text(_ range: ClosedRange<Duration>) -> String {
        text(seconds(range.lowerBound)...seconds(range.upperBound))
    }

    /// A duration in seconds, as a setting gives it.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// A whole number with its thousands grouped by commas; a fraction as Swift writes it.
    static func number(_ value: Double) -> String {
        guard value.rounded() == value, value.magnitude < 1e15 else { return "\(value)" }
        let digits = String(Int(value).magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}
