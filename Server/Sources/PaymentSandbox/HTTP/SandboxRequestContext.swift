import Foundation
import Hummingbird

/// The request context of every sandbox route.
public struct SandboxRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }
}
