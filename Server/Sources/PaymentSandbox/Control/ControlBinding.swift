#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Where the sandbox may listen, and with what control token: checked before it starts.
///
/// On a loopback address only the developer's own machine reaches the control API, and
/// ``ControlAccess`` keeps the browser's pages out. On any other address everyone on the network
/// could mark orders paid or read the request log, so the sandbox refuses to start there without
/// a control token.
public enum ControlBinding {
    /// The shortest control token accepted.
    public static let minimumTokenLength = 16
    /// The longest control token accepted.
    public static let maximumTokenLength = 256

    /// Every reason the sandbox cannot listen on `host` with `controlToken`; empty when it can.
    public static func problems(host: String, controlToken: String?) -> [String] {
        var problems: [String] = []
        if let controlToken {
            if !(minimumTokenLength...maximumTokenLength).contains(controlToken.count) {
                problems.append(
                    "the control token must be \(minimumTokenLength) to \(maximumTokenLength) characters long")
            }
            if !controlToken.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) {
                problems.append("the control token must be printable ASCII without spaces")
            }
        } else if !isLoopback(host) {
            problems.append(
                "the sandbox listens on \(host), which is not a loopback address, so anyone on the network could"
                    + " use its control API: give a control token (--control-token or"
                    + " SWEDBANKPAY_SANDBOX_CONTROL_TOKEN), or listen on 127.0.0.1")
        }
        return problems
    }

    /// Whether `host` (a name or an address, IPv6 with or without brackets) is the loopback
    /// interface: `localhost`, 127.0.0.0/8 or `::1`. `0.0.0.0` and `::` (every interface) are not.
    public static func isLoopback(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            guard octet.count <= 3, octet.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(octet) else {
                return false
            }
            return (0...255).contains(value)
        }
    }
}
#endif
