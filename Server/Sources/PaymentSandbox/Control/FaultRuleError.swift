#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation

/// Why a fault rule given in code or on the command line (`--fault`) was refused; the message says
/// what to write instead.
public struct FaultRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
#endif
