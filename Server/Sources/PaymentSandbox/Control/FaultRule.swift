#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// A fault injection rule: which requests (method and path pattern), what happens to them
/// (``FaultAction``) and how many of them (``FaultTrigger``).
///
/// Rules never apply to the control API (`/sandbox/...`), so a test can always clear them.
public struct FaultRule: Sendable, Equatable {
    /// The rule's id; the sandbox assigns `fault-<n>` when nil.
    public var id: String?
    /// An HTTP method in upper case; nil matches every method.
    public var method: String?
    /// An exact path (`/psp/paymentorders`), or a prefix ending in `*` (`/psp/paymentsessions/*`).
    public var path: String
    public var action: FaultAction
    public var trigger: FaultTrigger
    /// Whether the action follows the route instead of replacing it: the request is carried out
    /// (an order's change is kept, as Swedbank Pay commits it), then its answer is replaced by the
    /// status, held back by the delay, cut by the reset or never sent by the hang — an answer lost
    /// after the work was done, which a client cannot tell from one lost before.
    public var afterRoute: Bool

    /// The longest path pattern or id accepted.
    static let maxPathLength = 1_024
    static let maxIdLength = 64

    public init(
        id: String? = nil, method: String? = nil, path: String, action: FaultAction, trigger: FaultTrigger = .always,
        afterRoute: Bool = false
    ) {
        self.id = id
        self.method = method?.uppercased()
        self.path = path
        self.action = action
        self.trigger = trigger
        self.afterRoute = afterRoute
    }

    /// Whether the rule covers a request. A trailing slash is ignored on both sides, as the router
    /// ignores it.
    func matches(method requestMethod: String, path requestPath: String) -> Bool {
        if let method, method != requestMethod { return false }
        if path.hasSuffix("*") {
            return requestPath.hasPrefix(path.dropLast())
        }
        return Self.trimmingSlash(path) == Self.trimmingSlash(requestPath)
    }

    private static func trimmingSlash(_ path: some StringProtocol) -> Substring {
        let path = Substring(path)
        return path.count > 1 && path.hasSuffix("/") ? path.dropLast() : path
    }

    /// Whether a request path belongs to the control API, which faults never touch.
    static func isControlPath(_ path: String) -> Bool {
        path == "/sandbox" || path.hasPrefix("/sandbox/")
    }

    /// Everything wrong with the rule, each naming the field as the JSON form spells it.
    var problems: [(name: String, description: String)] {
        var problems: [(name: String, description: String)] = []
        if let id, !Self.isValidId(id) {
            problems.append(("id", "The id must be 1 to \(Self.maxIdLength) letters, digits, '.', '_' or '-'."))
        }
        if let method, method.isEmpty || method.count > 16 || !method.allSatisfy({ $0.isASCII && $0.isLetter }) {
            problems.append(("method", "The method must be an HTTP method such as \"POST\", or null for any."))
        }
        problems += pathProblems
        problems += actionProblems
        switch trigger {
        case .always:
            break
        case .count(let count):
            if !(1...FaultTrigger.maxCount).contains(count) {
                problems.append(("count", "The count must be an integer from 1 to \(FaultTrigger.maxCount)."))
            }
        case .fraction(let fraction):
            if !(fraction > 0 && fraction <= 1) {
                problems.append(("fraction", "The fraction must be a number greater than 0 and at most 1."))
            }
        }
        return problems
    }

    private var pathProblems: [(name: String, description: String)] {
        let starts = path.firstIndex(of: "*")
        if !path.hasPrefix("/") || path.count > Self.maxPathLength
            || path.contains(where: { $0.isWhitespace || $0.isNewline })
        {
            return [
                (
                    "path",
                    "The path must start with '/', have no spaces and be at most \(Self.maxPathLength) characters."
                )
            ]
        }
        if let starts, starts != path.index(before: path.endIndex) {
            return [("path", "A '*' may only end the path, as in \"/psp/paymentsessions/*\".")]
        }
        if Self.isControlPath(path) {
            return [("path", "Faults never apply to the control API (/sandbox/...).")]
        }
        return []
    }

    private var actionProblems: [(name: String, description: String)] {
        switch action {
        case .status(let status, _):
            if !(400...599).contains(status) {
                return [("status", "The status must be an HTTP error status from 400 to 599.")]
            }
        case .delay(let seconds):
            if !(seconds > 0 && seconds <= FaultAction.maxDelaySeconds) {
                return [
                    (
                        "delaySeconds",
                        "The delay must be a number of seconds greater than 0 and at most \(Int(FaultAction.maxDelaySeconds))."
                    )
                ]
            }
        case .reset, .hang:
            break
        }
        return []
    }

    static func isValidId(_ id: String) -> Bool {
        !id.isEmpty && id.count <= maxIdLength
            && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
    }
}
#endif
