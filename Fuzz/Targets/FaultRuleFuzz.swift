import Foundation
import SwedbankPaySDK

@testable import PaymentSandbox

/// The sandbox's fault rules, in both forms. A `POST /sandbox/faults` body parses to a rule with
/// no problems or is refused with a 400 `inputerror` whose problems name members of the body or
/// the fields a rule needs; a `--fault` flag parses to such a rule or throws `FaultRuleError`
/// quoting the flag. A rule parsed either way, listed as JSON (`GET /sandbox/faults`, without the
/// listing's `remaining` and `applied`) and posted back, is the same rule; one from the flag also
/// reads back from the flag written for it, and a rule covers the path it names. Input: the body,
/// or the flag.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFaultRule(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if case .object(let body)? = try? SwedbankPaySDK.JSONValue(parsing: data, maxDepth: 32) {
        checkJSON(body)
    }
    let flag = String(decoding: data, as: UTF8.self)
    let rule: FaultRule
    do {
        rule = try FaultFlagParser.parse(flag)
    } catch let error as FaultRuleError {
        let quoted = "--fault \"\(flag)\": "
        precondition(error.message.utf8.starts(with: quoted.utf8), "the message does not quote the flag")
        return 0
    } catch {
        fatalError("the flag parser threw \(error)")
    }
    check(rule)
    precondition(rule.id == nil, "a flag gave the rule an id")
    let written = [rule.method ?? "*", rule.path, action(rule.action), trigger(rule.trigger)].joined(separator: " ")
    guard let again = try? FaultFlagParser.parse(written) else { fatalError("\(written) does not parse") }
    precondition(again == rule, "\(flag.debugDescription) reads as \(rule), written as \(written), read as \(again)")
    return 0
}

private let fields: Set<String> = [
    "method", "path", "kind", "status", "body", "delaySeconds", "count", "fraction", "id",
]

private func checkJSON(_ body: SwedbankPaySDK.JSONObject) {
    let rule: FaultRule
    do {
        rule = try FaultRule.parse(body)
    } catch let problem as SandboxProblem {
        precondition(problem.status == 400 && problem.type.hasSuffix("/inputerror"), "answered \(problem)")
        precondition(!problem.problems.isEmpty, "refused without naming a field")
        for (name, description) in problem.problems {
            precondition(
                body[name] != nil || (fields.contains(name) && description.contains("required")),
                "\(name) is neither in the body nor required: \(description)")
        }
        return
    } catch {
        fatalError("threw \(error)")
    }
    check(rule)
}

/// A valid rule that lists as JSON that parses back to it, and covers its own path.
private func check(_ rule: FaultRule) {
    precondition(rule.problems.isEmpty, "parsed a rule with problems: \(rule.problems)")
    guard case .object(var listed) = rule.json(remaining: nil, applied: 0) else { fatalError("listed as no object") }
    listed["remaining"] = nil
    listed["applied"] = nil
    if listed["id"] == .null { listed["id"] = nil }
    let text = SwedbankPaySDK.JSONValue.object(listed).serialized()
    guard case .object(let posted)? = try? SwedbankPaySDK.JSONValue(parsing: text) else { fatalError("listed JSON") }
    do {
        let again = try FaultRule.parse(posted)
        precondition(again == rule, "\(rule) lists as \(String(decoding: text, as: UTF8.self)), read as \(again)")
    } catch {
        fatalError("\(String(decoding: text, as: UTF8.self)) does not parse: \(error)")
    }
    let path = rule.path.hasSuffix("*") ? String(rule.path.dropLast()) + "x" : rule.path
    precondition(rule.matches(method: rule.method ?? "GET", path: path), "\(rule) does not cover \(path)")
}

/// The flag's words for an action and a trigger.
private func action(_ action: FaultAction) -> String {
    switch action {
    case .status(let status, _): "status:\(status)"
    case .delay(let seconds): "delay:\(seconds)"
    case .reset: "reset"
    case .hang: "hang"
    }
}

private func trigger(_ trigger: FaultTrigger) -> String {
    switch trigger {
    case .always: ""
    case .count(let count): "x\(count)"
    case .fraction(let fraction): "@\(fraction)"
    }
}
