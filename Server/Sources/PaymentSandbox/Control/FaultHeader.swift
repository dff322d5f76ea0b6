#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import HTTPTypes

/// The `X-Sandbox-Fault: <kind> <id>` response header: tells the client (and the request log)
/// which fault rule shaped a response, and tells ``ConnectionFaultHandler`` to reset or hang the
/// connection instead of writing the response.
enum FaultHeader {
    static let name = HTTPField.Name("X-Sandbox-Fault")!

    static func value(_ rule: FaultRule) -> String {
        "\(rule.action.kind) \(rule.id ?? "")"
    }

    /// (id, kind) from a header value.
    static func parse(_ value: String) -> (id: String, kind: String)? {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        return (String(parts[1]), String(parts[0]))
    }
}
#endif
