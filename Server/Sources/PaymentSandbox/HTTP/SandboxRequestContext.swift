#if Server  // the root package's trait Server (Package@swift-6.2.swift); scripts/wrap-server-sources
import Foundation
import Hummingbird

/// The request context of every sandbox route.
public struct SandboxRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Warnings for this request's entry in the request log.
    public let notes = RequestNotes()

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
#endif
