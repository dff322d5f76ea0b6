#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Reads the `--fault` flag of `swedbankpay sandbox`:
///
///     <METHOD> <path> <kind>[:<value>] [after] [x<count>|@<fraction>]
///
/// - METHOD: an HTTP method, or `*` / `ANY` for every method.
/// - path: an exact path, or a prefix ending in `*`.
/// - kind: `status:<code>` (400–599), `delay:<seconds>`, `reset` or `hang`.
/// - `after`: the request is carried out first and the kind applies to its answer
///   (``FaultRule/afterRoute``).
/// - then optionally `x<count>` (the next N matching requests) or `@<fraction>` (each matching
///   request with that probability); without either, every matching request.
///
/// For example `POST /psp/paymentorders status:503 x3` or `* /psp/paymentsessions/* delay:2.5 @0.5`.
public enum FaultFlagParser {
    /// The syntax, for error messages and help.
    public static let syntax = "<METHOD> <path> <kind>[:<value>] [after] [x<count>|@<fraction>]"
    /// An example, for error messages and help.
    public static let example = "POST /psp/paymentorders status:503 x3"

    public static func parse(_ text: String) throws -> FaultRule {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let afterRoute = words.count > 3 && words[3].lowercased() == "after"
        if afterRoute { words.remove(at: 3) }
        guard words.count == 3 || words.count == 4 else {
            throw error(text, "expected 3 to 5 words (\(syntax))")
        }
        let method = ["*", "ANY"].contains(words[0].uppercased()) ? nil : words[0].uppercased()
        let action = try parseAction(words[2], flag: text)
        let trigger = words.count == 4 ? try parseTrigger(words[3], flag: text) : .always
        let rule = FaultRule(method: method, path: words[1], action: action, trigger: trigger, afterRoute: afterRoute)
        if let problem = rule.problems.first {
            throw error(text, "\(flagName(problem.name)): \(problem.description)")
        }
        return rule
    }

    private static func parseAction(_ word: String, flag: String) throws -> FaultAction {
        let parts = word.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let value = parts.count == 2 ? parts[1] : nil
        switch parts[0].lowercased() {
        case "status":
            guard let value, let status = Int(value) else {
                throw error(flag, "a status fault needs a code, as in status:503")
            }
            return .status(status, body: nil)
        case "delay":
            guard let value, let seconds = Double(value), seconds.isFinite else {
                throw error(flag, "a delay fault needs seconds, as in delay:2.5")
            }
            return .delay(seconds: seconds)
        case "reset", "hang":
            guard value == nil else { throw error(flag, "\(parts[0]) takes no value; write just \(parts[0])") }
            return parts[0].lowercased() == "reset" ? .reset : .hang
        default:
            throw error(flag, "unknown kind \"\(parts[0])\"; use status:<code>, delay:<seconds>, reset or hang")
        }
    }

    private static func parseTrigger(_ word: String, flag: String) throws -> FaultTrigger {
        if word.hasPrefix("x") || word.hasPrefix("X") {
            guard let count = Int(word.dropFirst()) else {
                throw error(flag, "\"\(word)\" is not a count; write x<count>, as in x3")
            }
            return .count(count)
        }
        if word.hasPrefix("@") {
            guard let fraction = Double(word.dropFirst()), fraction.isFinite else {
                throw error(flag, "\"\(word)\" is not a fraction; write @<fraction>, as in @0.5")
            }
            return .fraction(fraction)
        }
        throw error(flag, "\"\(word)\" is neither x<count> nor @<fraction>")
    }

    /// The JSON field names of ``FaultRule/problems`` as the flag's parts are called.
    private static func flagName(_ field: String) -> String {
        switch field {
        case "delaySeconds": "delay"
        case "count", "fraction": "x<count> / @<fraction>"
        default: field
        }
    }

    private static func error(_ flag: String, _ reason: String) -> FaultRuleError {
        FaultRuleError("--fault \"\(flag)\": \(reason). Example: --fault \"\(example)\"")
    }
}
#endif
