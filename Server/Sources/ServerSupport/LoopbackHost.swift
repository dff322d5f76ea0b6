#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a listening address is reachable only from this machine.
///
/// Used before a server starts, to refuse settings that are safe on a developer's machine and
/// unsafe on a network. Addresses are parsed with `inet_pton`, so only exact literals count: a
/// name such as `127.example.com` (which could resolve anywhere) or a short form such as `127.1`
/// is not loopback, and neither are `0.0.0.0` and `::` (every interface).
public enum LoopbackHost {
    /// Whether `host` is `localhost`, an address in 127.0.0.0/8, `::1`, or an IPv4-mapped
    /// 127.0.0.0/8 address (`::ffff:127.0.0.1`); IPv6 literals may be bracketed.
    public static func contains(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "localhost." { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            // s_addr is in network order: its first byte in memory is the first octet.
            return withUnsafeBytes(of: &v4) { $0[0] } == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        let loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]
        let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
        return bytes == loopback || (Array(bytes[0..<12]) == mappedPrefix && bytes[12] == 127)
    }
}
#endif
