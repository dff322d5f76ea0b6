#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import SwedbankPaySDK

/// The JSON form of fault rules, as `POST /sandbox/faults` takes them and `GET /sandbox/faults`
/// lists them.
extension FaultRule {
    private static let fields: Set<String> = [
        "method", "path", "kind", "status", "body", "delaySeconds", "count", "fraction", "id", "after",
    ]

    /// Reads a rule from a request body, naming every bad field in one `inputerror`.
    static func parse(_ body: SwedbankPaySDK.JSONObject) throws -> FaultRule {
        var problems: [(name: String, description: String)] = []
        for key in body.keys.sorted() where !fields.contains(key) {
            problems.append((key, "Unknown field; a rule has \(fields.sorted().joined(separator: ", "))."))
        }
        var method: String?
        switch body["method"] {
        case nil, .null: method = nil
        case .string(let value): method = value == "*" ? nil : value.uppercased()
        default: problems.append(("method", "The method must be a string such as \"POST\", or null for any."))
        }
        let path = body["path"]?.stringValue
        if path == nil {
            problems.append(("path", "The path is required, as a string such as \"/psp/paymentorders\"."))
        }
        let kinds = ["status", "delay", "reset", "hang"]
        let kind = body["kind"]?.stringValue
        if kind.map({ !kinds.contains($0) }) ?? true {
            problems.append(("kind", "The kind is required: one of \"status\", \"delay\", \"reset\" or \"hang\"."))
        }
        let status = body["status"].map { $0.integerValue.map(Int.init) }
        let payload = body["body"].map(\.objectValue)
        let delay = body["delaySeconds"].map(Self.number)
        let count = body["count"].map { $0.integerValue.map(Int.init) }
        let fraction = body["fraction"].map(Self.number)
        let id = body["id"].map(\.stringValue)
        let after = body["after"].map { value -> Bool? in
            if case .bool(let flag) = value { return flag }
            return nil
        }
        if case .some(nil) = status { problems.append(("status", "The status must be an integer.")) }
        if case .some(nil) = payload { problems.append(("body", "The body must be a JSON object.")) }
        if case .some(nil) = delay { problems.append(("delaySeconds", "The delay must be a number of seconds.")) }
        if case .some(nil) = count { problems.append(("count", "The count must be an integer.")) }
        if case .some(nil) = fraction { problems.append(("fraction", "The fraction must be a number.")) }
        if case .some(nil) = id { problems.append(("id", "The id must be a string.")) }
        if case .some(nil) = after { problems.append(("after", "After must be true or false.")) }
        if count != nil, fraction != nil {
            problems.append(("fraction", "Give either count or fraction, not both."))
        }
        problems += kindProblems(kind: kind, status: status != nil, body: payload != nil, delay: delay != nil)
        var trigger = FaultTrigger.always
        if let count = count ?? nil {
            trigger = .count(count)
        } else if let fraction = fraction ?? nil {
            trigger = .fraction(fraction)
        }
        let action: FaultAction =
            switch kind {
            case "status": .status((status ?? nil) ?? 500, body: payload ?? nil)
            case "delay": .delay(seconds: (delay ?? nil) ?? 1)
            case "hang": .hang
            default: .reset
            }
        let rule = FaultRule(
            id: id ?? nil, method: method, path: path ?? "/", action: action, trigger: trigger,
            afterRoute: (after ?? nil) ?? false)
        // Range checks only for fields whose type was right, so each field is named once.
        let named = Set(problems.map(\.name))
        problems += rule.problems.filter { !named.contains($0.name) }
        guard problems.isEmpty else {
            throw SandboxProblem.inputError("The fault rule is invalid.", problems: problems)
        }
        return rule
    }

    private static func number(_ value: SwedbankPaySDK.JSONValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .number(let number): number
        default: nil
        }
    }

    /// The fields each kind needs, and those it must not have.
    private static func kindProblems(kind: String?, status: Bool, body: Bool, delay: Bool)
        -> [(name: String, description: String)]
    {
        var problems: [(name: String, description: String)] = []
        if kind == "status", !status {
            problems.append(("status", "The status is required when kind is \"status\"."))
        }
        if kind != "status", status {
            problems.append(("status", "The status is only for kind \"status\"."))
        }
        if kind != "status", body {
            problems.append(("body", "The body is only for kind \"status\"."))
        }
        if kind == "delay", !delay {
            problems.append(("delaySeconds", "The delay is required when kind is \"delay\"."))
        }
        if kind != "delay", delay {
            problems.append(("delaySeconds", "The delay is only for kind \"delay\"."))
        }
        return problems
    }

    /// The rule as `GET /sandbox/faults` lists it: `remaining` is null for rules without a count.
    func json(remaining: Int?, applied: Int) -> SwedbankPaySDK.JSONValue {
        var object: SwedbankPaySDK.JSONObject = [
            "id": id.map { .string($0) } ?? .null,
            "method": method.map { .string($0) } ?? .null,
            "path": .string(path),
            "kind": .string(action.kind),
            "remaining": remaining.map { .integer(Int64($0)) } ?? .null,
            "applied": .integer(Int64(applied)),
        ]
        switch action {
        case .status(let status, let body):
            object["status"] = .integer(Int64(status))
            if let body { object["body"] = .object(body) }
        case .delay(let seconds):
            object["delaySeconds"] = .number(seconds)
        case .reset, .hang:
            break
        }
        switch trigger {
        case .always: break
        case .count(let count): object["count"] = .integer(Int64(count))
        case .fraction(let fraction): object["fraction"] = .number(fraction)
        }
        if afterRoute { object["after"] = .bool(true) }
        return .object(object)
    }
}
#endif
