import ArgumentParser

/// A setting that is one of `Value`'s cases, named by their raw values in any letter case: the
/// argument parser lists them in help (`values: …`), in shell completion and in the error for a
/// value that is none of them.
struct Choice<Value: RawRepresentable & CaseIterable & Sendable>: ExpressibleByArgument, Sendable
where Value.RawValue == String {
    let value: Value

    init(_ value: Value) { self.value = value }

    init?(argument: String) {
        guard let value = Value(rawValue: argument.lowercased()) else { return nil }
        self.value = value
    }

    static var allValueStrings: [String] { Value.allCases.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    var defaultValueDescription: String { value.rawValue }

    /// The values a text may be, for an error: `a or b`, or `one of a, b, c`.
    static var expected: String {
        let values = allValueStrings
        guard values.count > 2 else { return values.joined(separator: " or ") }
        return "one of " + values.joined(separator: ", ")
    }

    /// The choice of a text as the parser takes it, for the environment's value.
    @Sendable static func parse(_ text: String) -> Choice? { Choice(argument: text) }
}

extension Choice: CustomStringConvertible {
    var description: String { value.rawValue }
}

/// `--auth`: how app users are identified.
enum AuthenticationMode: String, CaseIterable, Sendable {
    /// The access token is the user id, unverified (development).
    case example
    /// The access token is a verified JWT.
    case jwt
}
